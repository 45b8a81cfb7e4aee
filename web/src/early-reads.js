// The page's first reads, started as soon as this small script arrives: before the panel's code
// has loaded and run (on a slow phone, over a second), the session, and on an article's page the
// member, the sites and the article, and that page's code. The API client
// (web/src/lib/early-read-key.ts) answers its first identical call from here instead of asking
// again. A plain script outside the bundle, so nothing waits for the bundle: the build writes it
// to /early-reads.js with the article page's file names filled in (vite.config.ts);
// web/test/early-reads.test.ts keeps it in step with the client.
(() => {
  const KEEP = "__panelEarlyReads";
  const path = window.location.pathname;
  // As web/src/i18n/chosen-language.ts chooses: the saved choice, else the browser's first of tr or en.
  let language = "en";
  const saved = window.localStorage.getItem("panel.language");
  if (saved === "en" || saved === "tr") language = saved;
  else
    for (const tag of navigator.languages || [navigator.language]) {
      const base = String(tag).toLowerCase().split("-")[0];
      if (base === "tr" || base === "en") {
        language = base;
        break;
      }
    }
  // Only an article's page: elsewhere its reads answered earlier than the page could use them,
  // and the bench's overview did worse (docs/decisions.md, "the page's first reads").
  const article = /^\/articles\/([^/]+)$/.exec(path);
  if (!article) return;
  const paths = ["/api/session", "/api/auth/me", "/api/sites", `/api/autopilot/articles/${article[1]}`];
  const reads = new Map();
  for (const each of paths) {
    const read = fetch(each, { credentials: "same-origin", headers: { "Accept-Language": language } });
    // A read nobody takes must not be an unhandled rejection.
    read.catch(() => undefined);
    reads.set(`GET ${each} ${language}`, read);
  }
  // The code an article's page runs (the panel's and the screen's files, as the build named them):
  // fetched now, after the reads (they share the browser's connections), rather than once the panel's first file has run.
  const ARTICLE_PAGE_CODE = [];
  for (const file of ARTICLE_PAGE_CODE) {
    const link = document.createElement("link");
    link.rel = file.endsWith(".css") ? "preload" : "modulepreload";
    if (file.endsWith(".css")) link.as = "style";
    link.crossOrigin = "";
    link.href = file;
    document.head.appendChild(link);
  }
  // For the page's start only: a read left over (a signed-out page) never answers a later call.
  reads.until = Date.now() + 10_000;
  window[KEEP] = reads;
})();
