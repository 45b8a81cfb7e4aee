import { safeFileName, type WordPressClient } from "../adapters/wordpress/client";
import { isWordPressFailure, WordPressError } from "../adapters/wordpress/errors";
import type { WpMedia, WpPost } from "../adapters/wordpress/schemas";
import { structuredDataText, withImage, withPageUrl, type StructuredData } from "../content/structured-data";
import { htmlToText } from "../core/html-text";
import { escapeHtmlText } from "../core/plain-text";
import type { SiteRow } from "../sites/service";
import { connectorMetaKeys, type ConnectorMetaKeys } from "../sites/seo-connector";
import { withWordPress, type SiteAccessDeps } from "../sites/site-access";
import { RemotePostNotOurs, type PublishableArticle, type PublishedRef, type PublishingPlatform } from "./port";

type HeroImage = NonNullable<PublishableArticle["heroImage"]>;

/** How the site takes SEO: with the connector plugin, the SEO fields and JSON-LD go in its post meta, under these keys. */
export interface WordPressSeo {
  metaKeys: ConnectorMetaKeys[];
}

/**
 * Publishing to WordPress: a published post with title, HTML, excerpt and slug, categories and
 * tags by name (missing ones are created) and the hero image as featured media, attached to the
 * post. WordPress core has no SEO fields: with the connector plugin
 * (wordpress/content-autopilot-connector) the SEO title, description and structured data are
 * sent as its post meta, and it writes them into the site's SEO plugin or prints them itself.
 */
export function createWordPressPublisher(wp: WordPressClient, seo: WordPressSeo = { metaKeys: [] }): PublishingPlatform {
  return {
    async publish(article) {
      // A retry after a lost answer finds the post it created (same slug and title) and
      // updates it instead of publishing a second copy.
      const earlier = await findEarlierCopy(wp, article);
      if (earlier) return updatePost(wp, seo, earlier, article);
      const featured = article.heroImage ? await uploadHero(wp, article.heroImage) : undefined;
      const post = await wp.createPost(await postFields(wp, seo, article, featured, null));
      if (featured) await wp.updateMedia(featured.id, { post: post.id });
      return publishedRef(post);
    },

    async update(remoteId, article) {
      const id = Number(remoteId);
      if (!Number.isSafeInteger(id) || id <= 0) throw new WordPressError("not_found", `Post ${remoteId} is not a WordPress post id`);
      const post = await wp.getPost(id);
      if (article.origin && !carriesMarker(post, article.origin.itemId)) throw new RemotePostNotOurs(remoteId, "WordPress");
      return updatePost(wp, seo, post, article);
    },
  };
}

/** A blog site as a publishing platform: its stored credentials, and rejected ones turn the site to ERROR. */
export function wordPressPlatformForSite(deps: SiteAccessDeps, site: SiteRow): PublishingPlatform {
  return {
    publish: (article) =>
      withWordPress(deps, site, (wp) => createWordPressPublisher(wp, { metaKeys: connectorMetaKeys(site) }).publish(article)),
    update: (remoteId, article) =>
      withWordPress(deps, site, (wp) => createWordPressPublisher(wp, { metaKeys: connectorMetaKeys(site) }).update(remoteId, article)),
  };
}

async function updatePost(wp: WordPressClient, seo: WordPressSeo, current: WpPost, article: PublishableArticle): Promise<PublishedRef> {
  const featured = article.heroImage ? await featuredMediaFor(wp, current.featured_media ?? 0, article.heroImage) : undefined;
  const updated = await wp.updatePost(current.id, await postFields(wp, seo, article, featured, current.link ?? null));
  if (featured && featured.id !== current.featured_media) await wp.updateMedia(featured.id, { post: current.id });
  return publishedRef(updated);
}

/**
 * The post as WordPress takes it, with categories and tags by id (created when missing). Title
 * and excerpt are plain text, but WordPress stores an administrator's as HTML and themes print
 * them unescaped: they are sent escaped, so they always show as the text they are. The
 * connector's meta is plain text too: it escapes it where it prints it.
 */
async function postFields(
  wp: WordPressClient,
  seo: WordPressSeo,
  article: PublishableArticle,
  featured: WpMedia | undefined,
  link: string | null,
) {
  const [categories, tags] = await Promise.all([termIds(wp, "category", article.categories), termIds(wp, "tag", article.tags)]);
  return {
    title: escapeHtmlText(article.title),
    content: article.origin ? `${originMarker(article.origin.itemId)}\n${article.html}` : article.html,
    excerpt: escapeHtmlText(article.excerpt),
    slug: article.slug,
    status: article.status,
    categories,
    tags,
    featured_media: featured?.id,
    ...(seo.metaKeys.length > 0 ? { meta: connectorMeta(article, featured, link, seo.metaKeys) } : {}),
  };
}

/** The connector plugin's post meta: the SEO texts and the page's JSON-LD, with the picture and address WordPress serves. */
function connectorMeta(
  article: PublishableArticle,
  featured: WpMedia | undefined,
  link: string | null,
  keySets: ConnectorMetaKeys[],
): Record<string, string> {
  let data = article.structuredData;
  if (data && featured?.source_url) data = withImage(data, featured.source_url);
  if (data && link) data = withPageUrl(data, link);
  const jsonLd = data ? jsonLdWithin(data, CONNECTOR_JSONLD_MAX) : "";
  return Object.fromEntries(
    keySets.flatMap((keys) => [
      [keys.seoTitle, article.seoTitle],
      [keys.seoDesc, article.seoDesc],
      [keys.jsonLd, jsonLd],
    ]),
  );
}

/** The connector's JSON-LD meta takes at most this many characters (its REST schema's maxLength): WordPress refuses a longer one. */
export const CONNECTOR_JSONLD_MAX = 65_535;

/** The JSON-LD as text within `max` characters: a huge FAQ is left out rather than the post refused; "" when even the Article is too long. */
function jsonLdWithin(data: StructuredData, max: number): string {
  const text = structuredDataText(data);
  if (text.length <= max) return text;
  const articleOnly = structuredDataText({ ...data, "@graph": data["@graph"].filter((node) => node["@type"] !== "FAQPage") });
  return articleOnly.length <= max ? articleOnly : "";
}

function publishedRef(post: WpPost): PublishedRef {
  return { remoteId: String(post.id), url: post.link ?? null };
}

const sameText = (a: string | undefined, b: string) => htmlToText(a ?? "").toLowerCase() === htmlToText(b).toLowerCase();

/** An HTML comment in the post naming the plan item it comes from: invisible to readers, found by search. */
export function originMarker(itemId: string): string {
  return `<!-- content-autopilot:${itemId} -->`;
}

const carriesMarker = (post: WpPost, itemId: string) => (post.content?.raw ?? "").includes(originMarker(itemId));

/**
 * The post an earlier try created, if any: by slug (ours, then one with the same title), then,
 * for a plan item, by the marker in its content (the slug may have been changed on WordPress).
 */
async function findEarlierCopy(wp: WordPressClient, article: PublishableArticle): Promise<WpPost | undefined> {
  const posts = await wp.findPostsBySlug(article.slug);
  const origin = article.origin;
  const bySlug =
    (origin && posts.find((post) => carriesMarker(post, origin.itemId))) ??
    posts.find((post) => sameText(post.title?.raw ?? post.title?.rendered, article.title));
  if (bySlug || !origin) return bySlug;
  return (await wp.findPostsContaining(`content-autopilot:${origin.itemId}`)).find((post) => carriesMarker(post, origin.itemId));
}

/** Ids of the named terms, creating the missing ones; a name created meanwhile (`term_exists`) is reused. */
async function termIds(wp: WordPressClient, taxonomy: "category" | "tag", names: string[]): Promise<number[]> {
  const wanted = [
    ...new Map(
      names
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => [name.toLowerCase(), name]),
    ).values(),
  ];
  const ids: number[] = [];
  for (const name of wanted) {
    const search = { search: name };
    const found =
      taxonomy === "category"
        ? await wp.listCategories({ page: 1, perPage: 100 }, search)
        : await wp.listTags({ page: 1, perPage: 100 }, search);
    const match = found.items.find((term) => sameText(term.name, name));
    if (match) {
      ids.push(match.id);
      continue;
    }
    try {
      const term = { name: escapeHtmlText(name) };
      const created = taxonomy === "category" ? await wp.createCategory(term) : await wp.createTag(term);
      ids.push(created.id);
    } catch (error) {
      if (!isWordPressFailure(error, "term_exists") || error.existingTermId === null) throw error;
      ids.push(error.existingTermId);
    }
  }
  return ids;
}

/**
 * The hero in the media library: the file an earlier try uploaded (a crash between the upload and
 * the post, found by its file name and not attached to any post yet) or a new upload.
 */
async function uploadHero(wp: WordPressClient, hero: HeroImage) {
  const stem = fileStem(safeFileName(hero.fileName));
  const { items } = await wp.listMedia({ page: 1, perPage: 20 }, { search: stem });
  const earlier = items.find((media) => !media.post && fileStem(media.media_details?.file ?? media.source_url ?? "") === stem);
  const media = earlier ?? (await wp.uploadMedia(hero));
  return hero.alt && media.alt_text !== hero.alt ? wp.updateMedia(media.id, { alt_text: hero.alt }) : media;
}

/** `hero-bread-1.webp`, `hero-bread-scaled.webp` → `hero-bread`: how WordPress renames a file on upload. */
function fileStem(name: string): string {
  return name
    .toLowerCase()
    .replace(/^.*\//, "")
    .replace(/\.[a-z0-9]+$/, "")
    .replace(/-scaled$/, "")
    .replace(/-\d+$/, "");
}

/** Keeps the post's featured image when it is already this file (an edit), uploads it otherwise. */
async function featuredMediaFor(wp: WordPressClient, currentId: number, hero: HeroImage): Promise<WpMedia> {
  if (currentId > 0) {
    try {
      const current = await wp.getMedia(currentId);
      const currentFile = current.media_details?.file ?? current.source_url ?? "";
      if (fileStem(currentFile) === fileStem(safeFileName(hero.fileName))) return current;
    } catch (error) {
      if (!isWordPressFailure(error, "not_found")) throw error;
    }
  }
  return uploadHero(wp, hero);
}
