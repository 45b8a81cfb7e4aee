// Who is signed in to this account and what their role lets them do, for every screen:
// `useRole().can("publish")` mirrors the API's permission words (lib/roles.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api, unwrap, type Schemas } from "../api/client";
import { type Permission, type Role, roleMay, siteAllowed } from "./roles";
import { useSession } from "./session";

/** GET /api/auth/me: the account, the member, their role and their other accounts. */
export const ME_KEY = ["/api/auth/me"] as const;

export type { EmailKind } from "./roles";
export type EmailPreferences = Schemas["EmailPreferences"];

/** The member as /api/auth/me says it; `notifications` is read only when the API sends it. */
export type CurrentAccount = Schemas["CurrentAccount"] & {
  member: (NonNullable<Schemas["CurrentAccount"]["member"]> & { notifications?: Partial<EmailPreferences> }) | null;
};

export const meQuery = queryOptions({
  queryKey: ME_KEY,
  queryFn: async () => (await unwrap(api.GET("/api/auth/me"))) as CurrentAccount,
  staleTime: 60_000,
});

export function useMe() {
  const session = useSession();
  return useQuery({ ...meQuery, enabled: Boolean(session.data) });
}

export interface RoleView {
  role: Role;
  /** The sites the member is limited to; null for every site. */
  siteIds: string[] | null;
  /** Whether the role has `permission` (and, given a site, whether the member may act on it). */
  can(permission: Permission, siteId?: string | null): boolean;
}

/**
 * The caller's role: from the session at once (it is loaded before any screen shows), then from
 * /api/auth/me, which also says the sites a member is limited to.
 */
export function useRole(): RoleView {
  const session = useSession();
  const me = useMe();
  const role: Role = me.data?.role ?? session.data?.role ?? "viewer";
  const siteIds = me.data?.member?.siteIds ?? null;
  return useMemo(
    () => ({ role, siteIds, can: (permission, siteId) => roleMay(role, permission) && siteAllowed(siteIds, siteId) }),
    [role, siteIds],
  );
}
