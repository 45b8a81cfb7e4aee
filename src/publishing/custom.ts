import type { PublishedRef, PublishingPlatform } from "./port";

/**
 * Custom sites: no network here, on purpose. `publish` only gives the article a remote id
 * (there is no platform to ask for one) and a null URL, since the site decides where the
 * article lives. Delivery is the webhook issue's work: a signed `article.published` webhook
 * to the site's `webhookUrl`, or nothing when the site pulls with GET /autopilot/articles.
 * `update` keeps the id it is given.
 */
export function createCustomPublisher(): PublishingPlatform {
  return {
    publish: async (): Promise<PublishedRef> => ({ remoteId: `custom_${crypto.randomUUID()}`, url: null }),
    update: async (remoteId): Promise<PublishedRef> => ({ remoteId, url: null }),
  };
}
