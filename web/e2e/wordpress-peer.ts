import { expect, type Page } from "@playwright/test";

// The one WordPress peer the "wordpress peer" specs share (WP_URL, WP_USER, WP_APP_PASSWORD from
// scripts/wordpress-peer/start.sh). A spec that publishes to it leaves it as it found it, so the
// specs after it plan against the peer's own seeded posts and nothing else.

export const wordpress = { url: process.env.WP_URL ?? "", user: process.env.WP_USER ?? "", password: process.env.WP_APP_PASSWORD ?? "" };

const COLLECTIONS = ["posts", "media", "categories", "tags"] as const;
type Collection = (typeof COLLECTIONS)[number];
/** The ids of every post (any status), image, category and tag on the peer. */
export type PeerSnapshot = Record<Collection, Set<number>>;

const authorization = () => `Basic ${Buffer.from(`${wordpress.user}:${wordpress.password.replace(/ /g, "")}`).toString("base64")}`;

async function ids(collection: Collection): Promise<number[]> {
  const status = collection === "posts" ? "&status=publish,future,draft,pending,private" : "";
  const found: number[] = [];
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    const response = await fetch(`${wordpress.url}/wp-json/wp/v2/${collection}?per_page=100&page=${page}&_fields=id${status}`, {
      headers: { Authorization: authorization() },
    });
    expect(response.status, `GET ${collection}`).toBe(200);
    pages = Number(response.headers.get("X-WP-TotalPages") ?? 1);
    for (const { id } of (await response.json()) as { id: number }[]) found.push(id);
  }
  return found;
}

export async function peerSnapshot(): Promise<PeerSnapshot> {
  const snapshot = {} as PeerSnapshot;
  for (const collection of COLLECTIONS) snapshot[collection] = new Set(await ids(collection));
  return snapshot;
}

/** Disconnects every site of the page's account (when it is still signed in): nothing of it is published later. */
export async function disconnectSites(page: Page): Promise<void> {
  const headers = { Origin: new URL(page.url()).origin };
  const sites = await page.request.get("/api/sites");
  if (sites.ok())
    for (const site of (await sites.json()) as { id: string }[]) await page.request.delete(`/api/sites/${site.id}`, { headers });
}

/**
 * Takes back what a spec left on the peer: first the page's account's sites are disconnected (so
 * nothing of it is published later, by a run the dev server's clock starts), then every post,
 * image, category and tag added since `before` is deleted.
 */
export async function restorePeer(page: Page, before: PeerSnapshot): Promise<void> {
  await disconnectSites(page);
  for (const collection of COLLECTIONS) {
    for (const id of await ids(collection)) {
      if (before[collection].has(id)) continue;
      const response = await fetch(`${wordpress.url}/wp-json/wp/v2/${collection}/${id}?force=true`, {
        method: "DELETE",
        headers: { Authorization: authorization() },
      });
      expect([200, 404], `DELETE ${collection}/${id}`).toContain(response.status);
    }
  }
}
