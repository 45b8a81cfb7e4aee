import type { Permission } from "../members/roles";

/**
 * What each MCP tool needs, as its route does (src/members/roles.ts), with the audit action a
 * successful call records; a tool not named here is for owners only.
 */
export const TOOL_PERMISSIONS: Record<string, Permission | [Permission, string]> = {
  list_sites: "read",
  get_site: "read",
  get_brief: "read",
  update_brief: ["publish", "brief.replaced"],
  sync_existing_posts: ["publish", "site.posts_synced"],
  chat_with_site_agent: "publish",
  create_plan: ["publish", "plan.created"],
  get_plan: "read",
  get_item_research: "read",
  update_plan_item: ["publish", "item.updated"],
  delete_plan_item: ["publish", "item.deleted"],
  approve_plan: ["publish", "plan.approved"],
  pause_plan: ["publish", "plan.paused"],
  run_item: ["publish", "item.run"],
  add_plan_item: ["publish", "plan.item_added"],
  list_articles: "read",
  get_article: "read",
  update_article: ["write", "article.edited"],
  publish_article: ["publish", "article.published"],
  get_search_performance: "read",
  list_decaying_pages: "read",
  list_opportunities: "read",
  improve_post: ["write", "post.improvement_suggested"],
  apply_improvement: ["publish", "post.improvement_applied"],
  revert_improvement: ["publish", "post.improvement_reverted"],
  get_report: "read",
  get_balance: "read",
  list_site_links: "read",
  list_link_suggestions: "read",
  apply_link_suggestion: ["publish", "site.link_applied"],
  revert_link_suggestion: ["publish", "site.link_reverted"],
};
