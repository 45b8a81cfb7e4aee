import { env } from "cloudflare:workers";
import { bytesToBase64 } from "../../src/core/crypto";
import { call } from "../harness";

/** The real WordPress of ../shared/peers/wordpress; the e2e tests skip when it is not given. */
export const peer = { url: env.WP_URL.replace(/\/+$/, ""), user: env.WP_USER, appPassword: env.WP_APP_PASSWORD };
export const peerMissing = !peer.url || !peer.user || !peer.appPassword;

const authorization = () => `Basic ${bytesToBase64(new TextEncoder().encode(`${peer.user}:${peer.appPassword}`))}`;

/** Talks to the WordPress REST API directly, as the test's own witness (and for clean-up). */
export async function wp(route: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", authorization());
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${peer.url}/wp-json/${route.replace(/^\/+/, "")}`, { ...init, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Connects the peer as a site of the token's account through our API. */
export async function connectPeer(token: string): Promise<{ id: string; status: string }> {
  const res = await call("/api/sites", { method: "POST", token, json: { url: peer.url, blogUsername: peer.user, blogAppPassword: peer.appPassword, businessContext: "e2e" } });
  if (res.status !== 201) throw new Error(`connecting the peer failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; status: string };
}

/** A 1×1 PNG: WordPress checks uploads are real images. */
export const TINY_PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) => c.charCodeAt(0));

export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
