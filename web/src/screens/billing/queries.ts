import { useQuery } from "@tanstack/react-query";
import { api, ApiError, unwrap } from "../../api/client";

export const PACKAGES_KEY = ["/api/billing/packages"] as const;
export const TRANSACTIONS_KEY = ["/api/billing/transactions"] as const;
export const BYOK_KEY_KEY = ["/api/billing/byok-key"] as const;

export function usePackages() {
  return useQuery({ queryKey: PACKAGES_KEY, queryFn: () => unwrap(api.GET("/api/billing/packages")), staleTime: 5 * 60_000 });
}

export function useTransactions() {
  return useQuery({ queryKey: TRANSACTIONS_KEY, queryFn: () => unwrap(api.GET("/api/billing/transactions")) });
}

/** The stored BYOK key's description, or null when none is set (the API answers 404). */
export function useByokKey() {
  return useQuery({
    queryKey: BYOK_KEY_KEY,
    queryFn: async () => {
      try {
        return await unwrap(api.GET("/api/billing/byok-key"));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
