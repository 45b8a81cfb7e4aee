import type { WordPressClient } from "../adapters/wordpress/client";
import { decodeHtmlEntities } from "../core/html-entities";
import { log } from "../core/logger";

// The blog's own title (issue 28): WordPress's Site Title, which the REST API index (the API root)
// answers as `name`, public. Read at connect, on new credentials and at every sync, and kept on the
// site so the panel can title a site by it rather than by its host. Never a reason for a connect
// or a sync to fail: a site that cannot tell keeps what was stored.

/** The longest title kept; WordPress does not limit it. */
export const BLOG_NAME_MAX_LENGTH = 200;

/** A Site Title as readers see it: entities decoded (WordPress escapes titles), trimmed, white space as one space; null when empty. */
export function blogNameOf(title: string | undefined): string | null {
  const name = decodeHtmlEntities(title ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return name ? Array.from(name).slice(0, BLOG_NAME_MAX_LENGTH).join("").trim() : null;
}

/** The site's title as WordPress tells it now; undefined when it could not be read (the caller keeps what it knew). */
export async function readBlogName(wp: WordPressClient, siteUrl: string): Promise<string | null | undefined> {
  try {
    return blogNameOf(await wp.blogName());
  } catch (error) {
    log("warn", "blog_name_unreadable", { host: new URL(siteUrl).host, error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}
