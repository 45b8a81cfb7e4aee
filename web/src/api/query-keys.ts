// The panel's query keys: a screen that reads a resource and a screen that changes it name it alike,
// so an invalidation always reaches every reader.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "./client";

/** GET /api/sites: the account's sites. */
export const SITES_KEY = ["/api/sites"] as const;

export const sitesQuery = queryOptions({ queryKey: SITES_KEY, queryFn: () => unwrap(api.GET("/api/sites")) });

/** The account's sites, for every screen that lists or names them. */
export function useSites() {
  return useQuery(sitesQuery);
}

/** GET /api/members: the account's members and open invitations. */
export const MEMBERS_KEY = ["/api/members"] as const;

/** The account's members and open invitations, for the members page and the audit log's filter. */
export function useMembers(enabled = true) {
  return useQuery({ queryKey: MEMBERS_KEY, queryFn: () => unwrap(api.GET("/api/members")), enabled });
}
