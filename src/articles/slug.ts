import { and, eq, ne, sql } from "drizzle-orm";
import { AppError } from "../core/errors";
import { parseSlug, SLUG_MAX_LENGTH } from "../core/slug";
import { articles, existingPosts } from "../db/schema";
import type { Services } from "../services/container";
import type { ArticleRow } from "./service";

/**
 * The slug an owner typed for the article, folded by the article's language: 400 when it is not
 * a slug, 409 `slug_taken` when another article of the site or another post on it has it.
 */
export async function checkedSlug(services: Services, article: ArticleRow, input: string): Promise<string> {
  const parsed = parseSlug(input, article.language);
  if ("problem" in parsed)
    throw new AppError("invalid_request", `Body field 'slug' ${parsed.problem}`, [
      { path: "slug", code: parsed.code, message: parsed.problem, ...(parsed.code === "too_big" ? { maximum: SLUG_MAX_LENGTH } : {}) },
    ]);
  if (parsed.slug === article.slug || !article.siteId) return parsed.slug;
  if (await slugTakenOnSite(services, article, article.siteId, parsed.slug))
    throw new AppError("slug_taken", `Another article or post of the site already has the slug '${parsed.slug}'`);
  return parsed.slug;
}

async function slugTakenOnSite(services: Services, article: ArticleRow, siteId: string, slug: string): Promise<boolean> {
  const [ours, posts] = await services.db.batch([
    services.db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.siteId, siteId), eq(articles.slug, slug), ne(articles.id, article.id)))
      .limit(1),
    services.db
      .select({ url: existingPosts.url, remoteId: existingPosts.remoteId })
      .from(existingPosts)
      .where(and(eq(existingPosts.siteId, siteId), sql`instr(${existingPosts.url}, ${slug}) > 0`)),
  ]);
  // The article's own post, scanned from the site, does not count.
  const otherPost = posts.some((post) => String(post.remoteId) !== article.remoteId && lastPathSegment(post.url) === slug);
  return ours.length > 0 || otherPost;
}

function lastPathSegment(url: string): string {
  try {
    return new URL(url).pathname.split("/").filter(Boolean).pop() ?? "";
  } catch {
    return "";
  }
}
