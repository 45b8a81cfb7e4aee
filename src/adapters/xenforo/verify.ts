import { XenForoError } from "./errors";
import type { XenForoClient } from "./client";
import type { XenForoNode } from "./schemas";

/** The scopes a key needs to list forums, post and edit threads and attach the hero image. */
export const REQUIRED_SCOPES = ["node:read", "thread:read", "thread:write", "attachment:write"] as const;

export interface PostableForum {
  id: number;
  title: string;
}

/**
 * Forums that take a plain new thread: `Forum` nodes only (categories, pages and link forums
 * cannot hold threads), and not those that disallow posting or demand a prefix or tags,
 * which a thread we create cannot satisfy.
 */
export function postableForums(nodes: XenForoNode[]): PostableForum[] {
  return nodes
    .filter((node) => node.node_type_id === "Forum")
    .filter(
      (node) => node.type_data?.allow_posting !== false && node.type_data?.require_prefix !== true && (node.type_data?.min_tags ?? 0) === 0,
    )
    .sort((a, b) => (a.display_order ?? 0) - (b.display_order ?? 0) || a.node_id - b.node_id)
    .map((node) => ({ id: node.node_id, title: node.title }));
}

/**
 * Checks that the key can post as `userId` (a user key of that user, or a super key acting as
 * that user) with the scopes we need, and returns the forums that user can post in.
 * Every refusal is a `key_rejected` XenForoError with a message that says what to fix.
 */
export async function verifyPostingKey(client: XenForoClient, userId: number): Promise<PostableForum[]> {
  const index = await client.getIndex();
  const { key } = index;
  if (key.type === "guest") {
    throw new XenForoError(
      "key_rejected",
      "The API key is a guest key, which cannot post; create a user key for the posting account or a super user key",
    );
  }
  if (key.type === "user" && key.user_id != null && key.user_id !== userId) {
    throw new XenForoError("key_rejected", `The API key is a user key for another forum user than forumUserId ${userId}`);
  }
  if (!key.allow_all_scopes) {
    const granted = new Set(key.scopes ?? []);
    const missing = REQUIRED_SCOPES.filter((scope) => !granted.has(scope));
    if (missing.length > 0) {
      throw new XenForoError("key_rejected", `The API key lacks the scopes ${missing.join(", ")}; give it ${REQUIRED_SCOPES.join(", ")}`);
    }
  }
  const me = await client.getMe();
  if (me.user_id === 0) {
    throw new XenForoError(
      "key_rejected",
      `The API key acts as a guest, not as forumUserId ${userId}; a super user key needs an existing user id`,
    );
  }
  if (me.user_id !== userId) {
    throw new XenForoError("key_rejected", `The API key acts as forum user ${me.user_id}, not as forumUserId ${userId}`);
  }
  return postableForums(await client.listNodes());
}
