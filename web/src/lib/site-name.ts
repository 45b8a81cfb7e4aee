// How the panel titles a site. The API records no blog name (WordPress's site title is not
// stored), so a site is called by its host, as people type it: "blog.example.com", not
// "https://blog.example.com/".

/** A site's host name ("blog.example.com"), or the stored address when it is not a URL. */
export function siteName(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** The address when it says more than the host (a blog under a path: "example.com/blog"), else null. */
export function siteAddressDetail(url: string): string | null {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/\/+$/, "");
    return path || parsed.search ? `${parsed.host}${path}${parsed.search}` : null;
  } catch {
    return null;
  }
}
