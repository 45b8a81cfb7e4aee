import { env } from "cloudflare:workers";
import { bytesToBase64 } from "../../src/core/crypto";
import { call } from "../harness";

/** The real WordPress of scripts/wordpress-peer/start.sh; the e2e tests skip when it is not given. */
export const peer = { url: env.WP_URL.replace(/\/+$/, ""), user: env.WP_USER, appPassword: env.WP_APP_PASSWORD };
export const peerMissing = !peer.url || !peer.user || !peer.appPassword;

const authorization = () => `Basic ${bytesToBase64(new TextEncoder().encode(`${peer.user}:${peer.appPassword}`))}`;

/** Talks to the WordPress REST API directly, as the test's own witness (and for clean-up). */
export async function wp(
  route: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
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
  const res = await call("/api/sites", {
    method: "POST",
    token,
    json: { url: peer.url, blogUsername: peer.user, blogAppPassword: peer.appPassword, businessContext: "e2e" },
  });
  if (res.status !== 201) throw new Error(`connecting the peer failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; status: string };
}

/** A 1×1 PNG: WordPress checks uploads are real images. */
export const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** What the test adds to the shared WordPress, by route; removed afterwards so the other e2e files see the seeded site. */
const COLLECTIONS = {
  "wp/v2/posts": "status=publish,draft,pending,private,future&context=edit",
  "wp/v2/media": "",
  "wp/v2/categories": "",
  "wp/v2/tags": "",
};

export async function snapshot(): Promise<Record<string, Set<number>>> {
  const ids: Record<string, Set<number>> = {};
  for (const [route, query] of Object.entries(COLLECTIONS)) {
    const { body } = await wp(`${route}?per_page=100&_fields=id${query ? `&${query}` : ""}`);
    ids[route] = new Set((body as { id: number }[]).map((item) => item.id));
  }
  return ids;
}

export async function removeAddedSince(before: Record<string, Set<number>>) {
  const after = await snapshot();
  for (const route of Object.keys(COLLECTIONS)) {
    for (const id of after[route]!) if (!before[route]!.has(id)) await wp(`${route}/${id}?force=true`, { method: "DELETE" });
  }
}
