import type { sites } from "../db/schema";

type NamedSite = Pick<typeof sites.$inferSelect, "platform" | "blogName" | "displayName">;

/** What the site is called: the name the account gave it, else a blog's own title; null when it has neither. */
export function siteDisplayName(row: NamedSite): string | null {
  return row.displayName ?? (row.platform === "blog" ? row.blogName : null);
}

/** What the site is called, falling back to its host (`www.` left out) when it has no name. */
export function siteNameOrHost(row: NamedSite & { url: string }): string {
  const named = siteDisplayName(row);
  if (named) return named;
  try {
    return new URL(row.url).hostname.replace(/^www\./, "");
  } catch {
    return row.url;
  }
}
