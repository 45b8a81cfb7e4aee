// Pieces both old-post screens use: the WordPress sites, query keys, the improvement and decay badges.
import type { Schemas } from "../../api/client";
import { Badge } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { postMessages } from "./messages";
import { useSites } from "../../api/query-keys";

export type Site = Schemas["Site"];
export type ExistingPost = Schemas["ExistingPost"];
export type ListedPost = Schemas["ListedExistingPost"];
export type Decay = NonNullable<ListedPost["decay"]>;
export type Improvement = Schemas["PostImprovement"];
export type ImprovementStatus = ExistingPost["improvementStatus"];

export const postsKey = (siteId: string) => ["/api/sites/{siteId}/posts", siteId] as const;
export const decayKey = (siteId: string) => ["/api/sites/{siteId}/decay", siteId] as const;
export const improvementKey = (postId: string) => ["/api/sites/posts/{postId}/improvement", postId] as const;

/** Existing posts live on WordPress sites only (the API's platform "blog"). */
export function useWordPressSites() {
  const sites = useSites();
  return { ...sites, wordPress: sites.data?.filter((site) => site.platform === "blog") };
}

export { siteName } from "../../lib/site-name";

export function ImprovementBadge({ status }: { status: ImprovementStatus }) {
  const { t } = useMessages(postMessages);
  return <Badge status={`improvement-${status}`} label={t(`improvement.${status}`)} />;
}

/** Why the weekly check found the post losing search traffic, as a badge; a seasonal fall says so instead. */
export function DecayBadge({ decay }: { decay: Pick<Decay, "reason" | "seasonal"> }) {
  const { t } = useMessages(postMessages);
  const kind = decay.seasonal ? "seasonal" : decay.reason;
  return <Badge status={`decay-${kind}`} label={t(`decay.${kind}`)} />;
}
