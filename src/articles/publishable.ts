import type { PublishableArticle } from "../content/publishable";
import { getMediaBytes } from "../media/store";
import type { Services } from "../services/container";

/** An article's fields as the platforms take them, with the hero image's bytes read from R2. */
export async function publishableArticle(
  services: Pick<Services, "media">,
  fields: { title: string; html: string; excerpt: string; slug: string; seoTitle: string; seoDesc: string; categories: string[]; tags: string[] },
  hero: { objectKey: string; fileName: string; alt: string } | null,
  status: PublishableArticle["status"],
  origin: PublishableArticle["origin"],
): Promise<PublishableArticle> {
  const bytes = hero ? await getMediaBytes(services.media.bucket, hero.objectKey) : null;
  return {
    ...fields,
    heroImage: hero && bytes ? { fileName: hero.fileName, alt: hero.alt, contentType: bytes.contentType, bytes: bytes.bytes } : null,
    status,
    origin,
  };
}
