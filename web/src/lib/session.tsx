import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, setBearerToken, type Schemas } from "../api/client";

export const SESSION_KEY = ["session"] as const;

/** Who is signed in: null when nobody is (GET /api/session answered 401). Asked at start-up, while the panel's code loads. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: async (): Promise<Schemas["Session"] | null> => {
    const answer = await api.GET("/api/session");
    if (answer.response.status === 401) return null;
    return unwrap(Promise.resolve(answer));
  },
  staleTime: 60_000,
  retry: false,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await api.DELETE("/api/session").catch(() => undefined);
    setBearerToken(null);
    queryClient.clear();
    queryClient.setQueryData(SESSION_KEY, null);
  };
}
