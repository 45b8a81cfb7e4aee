import { and, eq } from "drizzle-orm";
import { storedStructuredData } from "../articles/publishable";
import { getArticleWithImages } from "../articles/service";
import { publicQuality } from "../articles/management-schemas";
import { structuredDataText } from "../content/structured-data";
import { bytesToBase64 } from "../core/crypto";
import { AppError } from "../core/errors";
import { uploads } from "../db/schema";
import { getMediaBytes, mediaKeyFromUrl } from "../media/store";
import type { Services } from "../services/container";
import type { DeliveryRow } from "./deliver";

/** The spec's `article.published` body (docs/webhooks.md); every field is a string. */
export interface ArticlePublishedBody {
  event: "article.published";
  article: {
    id: string;
    title: string;
    slug: string;
    html: string;
    seoTitle: string;
    seoDesc: string;
    excerpt: string;
    tags: string;
    heroImage: { fileName: string; alt: string; base64: string };
    /** The page's JSON-LD as text, ready for a `<script type="application/ld+json">` ("" when there is none). */
    jsonLd: string;
    /** Beyond the spec's string fields: the article's quality with the sources it cites (null without research). */
    quality: ReturnType<typeof publicQuality> | null;
  };
}

/**
 * The body of one attempt, serialised once: the caller signs and sends these exact bytes. It is
 * built from the article as it is now, so an edit made before a retry goes out with the retry.
 * Null when the article is gone.
 */
export async function webhookBody(services: Services, delivery: DeliveryRow): Promise<string | null> {
  if (delivery.articleId === null) return null;
  const found = await getArticleWithImages(services.db, delivery.accountId, delivery.articleId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  });
  if (!found) return null;
  const { article, images } = found;
  const hero = images.find((image) => image.isFeatured) ?? null;
  const body: ArticlePublishedBody = {
    event: "article.published",
    article: {
      id: String(article.id),
      title: article.title,
      slug: article.slug,
      html: article.html,
      seoTitle: article.seoTitle,
      seoDesc: article.seoDesc,
      excerpt: article.excerpt,
      tags: article.tags.map((tag) => tag.replaceAll(",", " ").trim()).join(","),
      heroImage: hero
        ? await heroImageOf(services, delivery.accountId, hero.url, hero.altText ?? "")
        : { fileName: "", alt: "", base64: "" },
      jsonLd: await storedStructuredData(services.db, article, images).then((data) => (data ? structuredDataText(data) : "")),
      quality: article.quality ? publicQuality(article.quality) : null,
    },
  };
  return JSON.stringify(body);
}

/** The hero picture's bytes from the media bucket, with the file name it was stored under. */
async function heroImageOf(services: Services, accountId: string, url: string, alt: string) {
  const key = mediaKeyFromUrl(url);
  const stored = key ? await getMediaBytes(services.media.bucket, key) : null;
  if (!key || !stored) return { fileName: "", alt, base64: "" };
  const [upload] = await services.db
    .select({ fileName: uploads.fileName })
    .from(uploads)
    .where(and(eq(uploads.accountId, accountId), eq(uploads.objectKey, key)));
  return { fileName: upload?.fileName ?? key.split("/").pop()!, alt, base64: bytesToBase64(stored.bytes) };
}

/** The body of `POST /sites/{siteId}/webhooks/test`: a signed event that announces nothing. */
export function pingBody(siteId: string, now: Date): string {
  return JSON.stringify({ event: "ping", site: { id: siteId }, sentAt: now.toISOString() });
}
