/**
 * One key per page address, so Google's page, our article's publication URL and the inventory's
 * post URL meet: the host in lower case without `www.`, the path without a trailing slash, no
 * scheme, port, query or fragment ("https://www.Example.com/yazi/?utm=x" → "example.com/yazi").
 * Null for what is not an http(s) URL.
 */
export function urlKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
  const path = parsed.pathname.replace(/\/+$/, "");
  return `${host}${path}`;
}

/** The host a Search Console property covers: `sc-domain:example.com` → example.com, `https://www.example.com/` → www.example.com. */
export function propertyHost(property: string): string | null {
  if (property.startsWith("sc-domain:")) return property.slice("sc-domain:".length).toLowerCase() || null;
  try {
    return new URL(property).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a property covers a URL: a Domain property covers the domain and every subdomain
 * over any scheme; a URL-prefix property covers the URLs that start with it.
 */
export function propertyCovers(property: string, url: string): boolean {
  if (property.startsWith("sc-domain:")) {
    const domain = propertyHost(property);
    let host: string;
    try {
      host = new URL(url).hostname.toLowerCase();
    } catch {
      return false;
    }
    return !!domain && (host === domain || host.endsWith(`.${domain}`));
  }
  const prefix = property.endsWith("/") ? property : `${property}/`;
  const withSlash = url.endsWith("/") ? url : `${url}/`;
  return withSlash.toLowerCase().startsWith(prefix.toLowerCase());
}
