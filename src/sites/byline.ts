import type { WpUser } from "../adapters/wordpress/schemas";
import { briefOf } from "./brief";
import type { SiteRow } from "./service";

// One author (issue 28): the JSON-LD of an article on WordPress names the person its readers see
// as the byline. The service creates posts as the user the site is connected with (it sends no
// `author`), so WordPress makes that user the author of every one, and themes print the user's
// display name ("Display name publicly as"; `name` in the REST API). That name is read from
// `users/me` at connect, on new credentials and at every sync — no request of its own — and kept
// on the site. The JSON-LD names it when the brief names no author; a brief that names another
// person wins, and the site warns about the difference.

/** The byline WordPress shows on the user's posts: their display name, or null when it is empty. */
export function bylineOf(user: WpUser): string | null {
  return sameName(user.name ?? "") || null;
}

/** A name as the reader compares it: trimmed, runs of white space as one space. */
const sameName = (name: string) => name.trim().replace(/\s+/g, " ");

/** The author the site's articles name in their JSON-LD: the brief's, else WordPress's byline (blog sites), else none (the organisation). */
export function articleAuthorName(site: Pick<SiteRow, "platform" | "blogAuthorName">, briefAuthorName: string): string {
  if (briefAuthorName.trim()) return briefAuthorName;
  return site.platform === "blog" ? (site.blogAuthorName ?? "") : "";
}

/** What the owner should know when the brief names an author other than the byline readers see on WordPress. */
export function bylineWarnings(
  site: Pick<SiteRow, "id" | "platform" | "status" | "brief" | "businessContext" | "blogAuthorName">,
): string[] {
  if (site.platform !== "blog" || site.status === "DISCONNECTED" || !site.blogAuthorName) return [];
  const briefAuthor = sameName(briefOf(site).authorName);
  if (!briefAuthor || briefAuthor === sameName(site.blogAuthorName)) return [];
  return [
    `The brief names "${briefAuthor}" as the articles' author, but WordPress shows "${site.blogAuthorName}" as their byline: the structured data should name the author readers see. Clear the brief's author name to use WordPress's, or set that user's display name in WordPress (Users → Profile → Display name publicly as) and sync the site`,
  ];
}
