import { and, eq } from "drizzle-orm";
import { isForumUnavailable, isKeyRejected } from "../adapters/xenforo/errors";
import { verifyPostingKey, type PostableForum } from "../adapters/xenforo/verify";
import { encryptSecret, requireEncryptionKey } from "../core/crypto";
import { AppError } from "../core/errors";
import { newId } from "../core/ids";
import { assertOutboundUrl } from "../core/outbound-url";
import { toIsoSeconds } from "../core/time";
import { sites } from "../db/schema";
import { withForum, xenForoClient, type SiteAccessDeps } from "./site-access";
import { getSiteOfPlatform, type SiteRow } from "./service";

export interface ConnectForumInput {
  url: string;
  apiKey: string;
  forumUserId: number;
  businessContext: string;
  language: string;
}

/**
 * Connects a XenForo forum: checks that the key can post as `forumUserId`, lists the forums
 * that user can start threads in, and only then stores the site with the key encrypted.
 * A rejected key and an address without a usable XenForo API are 422s with different messages.
 */
export async function connectForumSite(
  deps: SiteAccessDeps,
  accountId: string,
  input: ConnectForumInput,
): Promise<{ site: SiteRow; forums: PostableForum[] }> {
  const url = forumBaseUrl(assertOutboundUrl(input.url, { allowPrivate: deps.config.allowPrivateUrls }));
  const client = xenForoClient(deps, url, input.apiKey, input.forumUserId);
  let forums: PostableForum[];
  try {
    forums = await verifyPostingKey(client, input.forumUserId);
  } catch (error) {
    if (isKeyRejected(error)) throw new AppError("forum_key_rejected", `The forum refused the API key: ${error.message}`);
    if (isForumUnavailable(error)) {
      throw new AppError(
        "forum_unavailable",
        `No usable XenForo REST API at ${url}/api/ (${error.message}); check the forum address and that its API is enabled`,
      );
    }
    throw error;
  }
  if (forums.length === 0) {
    throw new AppError(
      "forum_no_writable_node",
      `Forum user ${input.forumUserId} can see no forum that accepts new threads; check the user's permissions`,
    );
  }
  const [site] = await deps.db
    .insert(sites)
    .values({
      id: newId("site"),
      accountId,
      platform: "forum",
      url,
      status: "CONNECTED",
      businessContext: input.businessContext,
      language: input.language,
      forumUserId: input.forumUserId,
      forumApiKeyEncrypted: await encryptSecret(requireEncryptionKey(deps.encryptionKey), input.apiKey),
    })
    .returning();
  return { site: site!, forums };
}

/** The forum's base from what a user may paste: a page URL with a query, `/index.php`, or the API's own `/api`. */
function forumBaseUrl(checkedUrl: string): string {
  const url = new URL(checkedUrl);
  url.search = "";
  return url
    .toString()
    .replace(/\/+$/, "")
    .replace(/\/(index\.php|api)$/i, "");
}

/**
 * Saves the forum new threads go to. The node must be one the forum offers the user now
 * (asked again, not taken from the connect answer): anything else is a 422 naming the choices.
 */
export async function chooseForumNode(deps: SiteAccessDeps, accountId: string, siteId: string, nodeId: number): Promise<SiteRow> {
  const site = await getSiteOfPlatform(deps.db, accountId, siteId, "forum");
  const forums = await withForum(deps, site, (client) => verifyPostingKey(client, site.forumUserId!));
  if (!forums.some((forum) => forum.id === nodeId)) {
    const offered = forums.map((forum) => `${forum.id} (${forum.title})`).join(", ") || "none";
    throw new AppError(
      "forum_node_not_allowed",
      `Node ${nodeId} is not a forum user ${site.forumUserId} can start threads in; choose one of: ${offered}`,
    );
  }
  const [updated] = await deps.db
    .update(sites)
    .set({ forumNodeId: nodeId, status: "CONNECTED", statusMessage: null, updatedAt: toIsoSeconds(new Date()) })
    .where(and(eq(sites.id, site.id), eq(sites.accountId, accountId)))
    .returning();
  return updated!;
}
