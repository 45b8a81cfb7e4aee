// What a member's role lets them do in the panel, mirroring the API's table
// (src/members/roles.ts: ROUTE_PERMISSIONS names one of these words per route). The panel hides
// what a role cannot use; the API refuses it anyway (403 `insufficient_role`). web/test/roles.test.ts
// checks this mirror against the API's own table, so the two cannot drift apart.
import type { Schemas } from "../api/client";

export type Role = Schemas["Member"]["role"];
/** A kind of e-mail a member may turn off. */
export type EmailKind = Schemas["EmailPreferences"]["off"][number];

/** Highest first: a role may do everything a lower one may. */
export const ROLES = ["owner", "admin", "editor", "writer", "viewer"] as const satisfies readonly Role[];

/** Reading (viewer); editing articles and improvements (writer); planning, approving and publishing (editor); sites, members, integrations (admin); billing (owner). */
export const PERMISSIONS = ["read", "write", "publish", "admin", "billing"] as const;
export type Permission = (typeof PERMISSIONS)[number];

const LEAST_ROLE: Record<Permission, Role> = {
  read: "viewer",
  write: "writer",
  publish: "editor",
  admin: "admin",
  billing: "owner",
};

const rank = (role: Role): number => ROLES.indexOf(role);

/** The least role a permission needs (for the notices that name it). */
export const leastRoleFor = (permission: Permission): Role => LEAST_ROLE[permission];

export function roleMay(role: Role, permission: Permission): boolean {
  return rank(role) <= rank(LEAST_ROLE[permission]);
}

/** A member limited to some sites (`siteIds`) may act on those only; null is every site. A thing with no site is allowed. */
export function siteAllowed(siteIds: readonly string[] | null, siteId: string | null | undefined): boolean {
  return siteIds === null || siteIds.length === 0 || !siteId || siteIds.includes(siteId);
}

/** The roles `role` may give when inviting or changing a member: an admin every role but owner, an owner every role, anyone else none. */
export function rolesToGive(role: Role): Role[] {
  if (!roleMay(role, "admin")) return [];
  return role === "owner" ? [...ROLES] : ROLES.filter((candidate) => candidate !== "owner");
}

/**
 * Whether every site of `siteIds` (null or [] is every site) lies within `limit` (null or [] is no
 * limit): a member limited to some sites manages only members and invitations inside them (the
 * API's `sitesWithin`, src/members/roles.ts).
 */
export function sitesWithin(siteIds: readonly string[] | null, limit: readonly string[] | null): boolean {
  if (!limit || limit.length === 0) return true;
  if (!siteIds || siteIds.length === 0) return false;
  return siteIds.every((id) => limit.includes(id));
}

/**
 * Whether `role` may change or remove a member with `memberRole`: admins and owners, only an owner
 * touches an owner, and a manager limited to some sites (`mySites`) only members within them.
 */
export function mayManageMember(
  role: Role,
  memberRole: Role,
  mySites: readonly string[] | null = null,
  theirSites: readonly string[] | null = null,
): boolean {
  return roleMay(role, "admin") && (memberRole !== "owner" || role === "owner") && sitesWithin(theirSites, mySites);
}

/** The roles a token made by `role` may carry: `role` itself (the default) and every role below it. */
export function tokenRoles(role: Role): Role[] {
  return ROLES.filter((candidate) => rank(candidate) >= rank(role));
}

/** The roles each kind of e-mail is sent to (the API's EMAIL_AUDIENCE, src/email/kinds.ts). */
export const EMAIL_AUDIENCE: Record<EmailKind, readonly Role[]> = {
  item_failed: ["owner", "admin", "editor"],
  site_error: ["owner", "admin", "editor"],
  review_digest: ["owner", "admin", "editor"],
  refresh_suggested: ["owner", "admin", "editor"],
  balance_low: ["owner"],
  payment_received: ["owner"],
  client_answered: ["owner", "admin", "editor"],
};
