/** An origin that stands for the panel's own while a path is checked (never fetched). */
const PANEL = "https://panel.invalid";

/**
 * `raw` as a path of the panel to send a browser back to, or null when it would leave the panel.
 * It is normalised first ("/..//evil.example" becomes "//evil.example", which a browser reads as
 * another host), then kept only when it and its own re-reading stay on the panel's origin.
 */
export function panelPathOf(raw: string): string | null {
  if (!raw.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(raw, PANEL);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== PANEL || path.startsWith("//") || path.includes("\\")) return null;
  return new URL(path, PANEL).origin === PANEL ? path : null;
}
