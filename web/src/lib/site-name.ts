// How the panel titles a site: by the blog's own title when the API knows it (`name`, WordPress's
// Site Title, read at connect and at every sync), else by its host, as people type it:
// "blog.example.com", not "https://blog.example.com/". Forums and custom sites have no name.

/** A site as the panel titles it, or just its stored address. */
export type TitledSite = string | { url: string; name?: string | null };

/** The blog's title when known, else the host name ("blog.example.com"), else the stored address when it is not a URL. */
export function siteName(site: TitledSite): string {
  if (typeof site !== "string" && site.name) return site.name;
  const url = typeof site === "string" ? site : site.url;
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * What the title leaves out of the address: the host (with any path) under a site titled by its
 * name; else the address when it says more than the host (a blog under a path: "example.com/blog");
 * else null.
 */
export function siteAddressDetail(site: TitledSite): string | null {
  const named = typeof site !== "string" && Boolean(site.name);
  const url = typeof site === "string" ? site : site.url;
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/\/+$/, "");
    return named || path || parsed.search ? `${parsed.host}${path}${parsed.search}` : null;
  } catch {
    return named ? url : null;
  }
}
