import { useCallback } from "react";
import { useLocation, useSearch } from "wouter";

/** View state lives in the URL (bookmarkable): one search parameter, read and written. */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get(name);
  const setValue = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(window.location.search);
      if (next === null || next === "") params.delete(name);
      else params.set(name, next);
      // A new filter starts at the first page.
      if (name !== "page") params.delete("page");
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    },
    [name, location, navigate],
  );
  return [value, setValue];
}

/** The `page` search parameter as a number (1 when absent or invalid). */
export function usePageParam(): [number, (page: number) => void] {
  const [value, setValue] = useSearchParam("page");
  const page = Math.max(1, Number.parseInt(value ?? "1", 10) || 1);
  return [page, (next) => setValue(next <= 1 ? null : String(next))];
}

/**
 * Where sign-in returns to: a path on this origin, else the overview. Parsed as the browser will
 * read it, so `/\evil.invalid`, `/<TAB>/evil.invalid` or `javascript:` never leave the panel (nor
 * throw in `history.replaceState`); and the path is resolved once more, since `/.//evil.invalid`
 * comes out of parsing as `//evil.invalid`.
 */
export function safeNext(next: string | null, origin: string = window.location.origin): string {
  if (!next) return "/";
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return "/";
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === origin && new URL(path, origin).origin === origin ? path : "/";
}

/**
 * Goes to `next` after signing in: inside the panel by the router, and to the pages the Worker
 * itself serves (the OAuth consent page under /oauth/) by loading them.
 */
export function goNext(next: string, navigate: (to: string, options?: { replace?: boolean }) => void): void {
  if (next.startsWith("/oauth/")) window.location.replace(next);
  else navigate(next, { replace: true });
}
