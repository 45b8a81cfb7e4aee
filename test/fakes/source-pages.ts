import { Hono } from "hono";
import { abortablePeer } from "./abortable-peer";
import type { FakePeer } from "./network";

// Web sites the page reader reads sources from, for fakeNetwork(...). Each host has its own
// robots.txt case; every request is recorded with its User-Agent.
//   articles.example  robots.txt allows all but /private/ (and disallows /guides/ for content-autopilot only)
//   blocked.example   robots.txt disallows everything for every agent
//   slow-robots.example  robots.txt never answers
//   broken-robots.example  robots.txt answers 503
//   no-robots.example  robots.txt is a 404; serves /huge (an endless page), /slow (never answers),
//                      /file.pdf, /missing (404), /moved (a redirect to articles.example)

export const ARTICLE_HTML = `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><title>Kahve Makinesi Rehberi &amp; Önerileri</title>
<style>body { color: red }</style><script>var tracking = "do not read";</script></head>
<body>
<header><nav><a href="/">Ana sayfa</a><a href="/iletisim">İletişim</a></nav><h2>Menü başlığı</h2></header>
<aside><h3>Popüler yazılar</h3><p>Reklam metni</p></aside>
<main>
<article>
<h1>Kahve makinesi nasıl seçilir?</h1>
<p>Kahve makinesi seçmek, ne sıklıkla kahve içtiğinize bağlıdır. Bu rehber, evde kullanım için dikkat edilmesi gereken noktaları anlatıyor.</p>
<h2>Filtre kahve makineleri</h2>
<p>Filtre kahve makineleri kalabalık aileler için uygundur &ndash; bir seferde on fincan demleyebilirler.</p>
<h3>Temizlik</h3>
<p>Kireç çözücüyle ayda bir temizlik yapmak makinenin ömrünü uzatır.</p>
<h2>Espresso makineleri</h2>
<p>Espresso makineleri daha pahalıdır ama süt köpürtme ve yoğun kahve sunar.<br>Basınç en az 15 bar olmalıdır.</p>
<form><button>Abone ol</button></form>
</article>
</main>
<footer><p>© 2026 Kahve Blogu</p><h2>Alt bilgi</h2></footer>
</body></html>`;

const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

export interface SourceRequest {
  host: string;
  path: string;
  userAgent: string | null;
}

export function createSourcePagesFake() {
  const requests: SourceRequest[] = [];
  /** Bytes the endless page has handed out so far. */
  const huge = { bytesServed: 0, cancelled: false };

  const site = (host: string, build: (app: Hono) => void): FakePeer => {
    const app = new Hono();
    app.use("*", async (c, next) => {
      requests.push({ host, path: new URL(c.req.url).pathname, userAgent: c.req.header("User-Agent") ?? null });
      await next();
    });
    build(app);
    return abortablePeer(host, app);
  };

  const peers: FakePeer[] = [
    site("articles.example", (app) => {
      app.get("/robots.txt", (c) =>
        c.text(
          [
            "# comments are ignored",
            "User-agent: *",
            "Disallow: /private/",
            "Allow: /private/open-*$",
            "",
            "User-agent: SomeOtherBot",
            "Disallow: /",
            "",
            "User-agent: content-autopilot",
            "Disallow: /guides/",
            "Allow: /guides/public",
            "Disallow: /private/",
            "Sitemap: https://articles.example/sitemap.xml",
          ].join("\n"),
        ),
      );
      app.get("/kahve", () => html(ARTICLE_HTML));
      app.get("/guides/secret", () => html(ARTICLE_HTML));
      app.get("/guides/public-tips", () => html(ARTICLE_HTML));
      app.get("/private/page", () => html(ARTICLE_HTML));
      app.get("/no-main", () =>
        html(
          "<html><head><title>Basit sayfa</title></head><body><nav>Menü</nav><h2>Tek bölüm</h2><p>Sadece bir paragraf.</p></body></html>",
        ),
      );
      app.get("/empty", () => html("<html><head><title>Boş</title></head><body><nav>Menü</nav><script>x()</script></body></html>"));
      app.get("/to-private", (c) => c.redirect("/private/page", 302));
    }),
    site("blocked.example", (app) => {
      app.get("/robots.txt", (c) => c.text("User-agent: *\nDisallow: /\n"));
      app.get("*", () => html(ARTICLE_HTML));
    }),
    site("slow-robots.example", (app) => {
      app.get("/robots.txt", () => new Promise<Response>(() => {}));
      app.get("*", () => html(ARTICLE_HTML));
    }),
    site("broken-robots.example", (app) => {
      app.get("/robots.txt", (c) => c.text("Service Unavailable", 503));
      app.get("*", () => html(ARTICLE_HTML));
    }),
    site("no-robots.example", (app) => {
      app.get("/robots.txt", (c) => c.text("Not Found", 404));
      app.get("/article", () => html(ARTICLE_HTML));
      app.get("/huge", () => {
        const chunk = new TextEncoder().encode(`<p>${"Uzun bir paragraf. ".repeat(3000)}</p>\n`);
        const head = new TextEncoder().encode("<html><head><title>Çok uzun sayfa</title></head><body><h2>Başlangıç</h2>");
        let first = true;
        const stream = new ReadableStream<Uint8Array>(
          {
            pull(controller) {
              const next = first ? head : chunk;
              first = false;
              huge.bytesServed += next.byteLength;
              controller.enqueue(next);
            },
            cancel() {
              huge.cancelled = true;
            },
          },
          { highWaterMark: 0 },
        );
        return new Response(stream, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      });
      app.get("/slow", () => new Promise<Response>(() => {}));
      app.get("/file.pdf", () => new Response("%PDF-1.7", { headers: { "Content-Type": "application/pdf" } }));
      app.get("/missing", (c) => c.text("Not Found", 404));
      app.get("/moved", (c) => c.redirect("https://articles.example/kahve", 301));
      app.get(
        "/latin",
        () =>
          new Response(new Uint8Array([0x3c, 0x70, 0x3e, 0x63, 0x61, 0x66, 0xe9, 0x3c, 0x2f, 0x70, 0x3e]), {
            headers: { "Content-Type": "text/html; charset=iso-8859-1" },
          }),
      );
    }),
  ];

  return { peers, requests, huge };
}
