import { describe, expect, it } from "vitest";
import { createHttpPageReader, MAX_PAGE_BYTES, PAGE_READER_USER_AGENT } from "../../../src/adapters/page-reader/client";
import type { PageRead } from "../../../src/adapters/page-reader/port";
import { assertOutboundUrl } from "../../../src/core/outbound-url";
import { fakeNetwork } from "../../fakes/network";
import { createSourcePagesFake } from "../../fakes/source-pages";
import { abortablePeer } from "../../fakes/abortable-peer";

const FETCHED_AT = new Date("2026-01-05T10:00:00Z");

function setup(options: { allowPrivate?: boolean; timeoutMs?: number; extraPeers?: ReturnType<typeof abortablePeer>[] } = {}) {
  const fake = createSourcePagesFake();
  const reader = createHttpPageReader({
    fetch: fakeNetwork(...fake.peers, ...(options.extraPeers ?? [])),
    timeoutMs: options.timeoutMs ?? 2_000,
    checkUrl: (url) => void assertOutboundUrl(url, { allowPrivate: options.allowPrivate ?? false }),
    now: () => FETCHED_AT,
  });
  return { fake, reader };
}

function page(read: PageRead) {
  if (!read.ok) throw new Error(`expected a page, got ${read.failure}: ${read.message}`);
  return read.page;
}

describe("HTTP page reader: extraction", () => {
  it("reads the title, the h2/h3 headings and the main text, without nav, header, footer, aside, scripts or styles", async () => {
    const { reader } = setup();
    const read = page(await reader.read("https://articles.example/kahve"));
    expect(read.url).toBe("https://articles.example/kahve");
    expect(read.title).toBe("Kahve Makinesi Rehberi & Önerileri");
    expect(read.headings).toEqual([
      { level: 2, text: "Filtre kahve makineleri" },
      { level: 3, text: "Temizlik" },
      { level: 2, text: "Espresso makineleri" },
    ]);
    expect(read.text.split("\n")).toEqual([
      "Kahve makinesi nasıl seçilir?",
      "Kahve makinesi seçmek, ne sıklıkla kahve içtiğinize bağlıdır. Bu rehber, evde kullanım için dikkat edilmesi gereken noktaları anlatıyor.",
      "Filtre kahve makineleri",
      "Filtre kahve makineleri kalabalık aileler için uygundur – bir seferde on fincan demleyebilirler.",
      "Temizlik",
      "Kireç çözücüyle ayda bir temizlik yapmak makinenin ömrünü uzatır.",
      "Espresso makineleri",
      "Espresso makineleri daha pahalıdır ama süt köpürtme ve yoğun kahve sunar.",
      "Basınç en az 15 bar olmalıdır.",
    ]);
    for (const chrome of ["Ana sayfa", "Menü", "Popüler", "Reklam", "tracking", "color", "Abone", "2026", "Alt bilgi"])
      expect(read.text).not.toContain(chrome);
    expect(read.excerpt).toBe(read.text);
    expect(read).toMatchObject({ fetchedAt: FETCHED_AT.toISOString(), truncated: false });
  });

  it("without <main> or <article>, the body without its chrome is the main text", async () => {
    const { reader } = setup();
    const read = page(await reader.read("https://articles.example/no-main"));
    expect(read).toMatchObject({
      title: "Basit sayfa",
      headings: [{ level: 2, text: "Tek bölüm" }],
      text: "Tek bölüm\nSadece bir paragraf.",
    });
  });

  it("a page without main text is `empty`; a charset the header names is honoured", async () => {
    const { reader } = setup();
    expect(await reader.read("https://articles.example/empty")).toMatchObject({ ok: false, failure: "empty" });
    expect(page(await reader.read("https://no-robots.example/latin")).text).toBe("café");
  });

  it("sends our User-Agent, and asks robots.txt once per site", async () => {
    const { fake, reader } = setup();
    await reader.read("https://articles.example/kahve");
    await reader.read("https://articles.example/no-main");
    expect(fake.requests.map((request) => request.path)).toEqual(["/robots.txt", "/kahve", "/no-main"]);
    expect(new Set(fake.requests.map((request) => request.userAgent))).toEqual(new Set([PAGE_READER_USER_AGENT]));
  });
});

describe("HTTP page reader: robots.txt", () => {
  it("follows our own group over `*`: its Disallow and its longer Allow", async () => {
    const { fake, reader } = setup();
    expect(await reader.read("https://articles.example/guides/secret")).toMatchObject({ ok: false, failure: "robots_disallowed" });
    expect((await reader.read("https://articles.example/guides/public-tips")).ok).toBe(true);
    expect(fake.requests.map((request) => request.path)).not.toContain("/guides/secret");
  });

  it("a site that disallows every agent is never read", async () => {
    const { fake, reader } = setup();
    const read = await reader.read("https://blocked.example/post");
    expect(read).toMatchObject({ ok: false, failure: "robots_disallowed" });
    expect(fake.requests.map((request) => request.path)).toEqual(["/robots.txt"]);
  });

  it("a redirect into a disallowed path is not followed", async () => {
    const { fake, reader } = setup();
    expect(await reader.read("https://articles.example/to-private")).toMatchObject({ ok: false, failure: "robots_disallowed" });
    expect(fake.requests.map((request) => request.path)).not.toContain("/private/page");
  });

  it("a redirect to another site asks that site's robots.txt too", async () => {
    const { fake, reader } = setup();
    const read = page(await reader.read("https://no-robots.example/moved"));
    expect(read.url).toBe("https://articles.example/kahve");
    expect(fake.requests.map((request) => `${request.host}${request.path}`)).toEqual([
      "no-robots.example/robots.txt",
      "no-robots.example/moved",
      "articles.example/robots.txt",
      "articles.example/kahve",
    ]);
  });

  it("robots.txt that never answers or answers 503: the page is skipped, not read", async () => {
    const { fake, reader } = setup({ timeoutMs: 50 });
    expect(await reader.read("https://slow-robots.example/post")).toMatchObject({ ok: false, failure: "robots_unavailable" });
    expect(await reader.read("https://broken-robots.example/post")).toMatchObject({ ok: false, failure: "robots_unavailable" });
    expect(fake.requests.map((request) => request.path)).toEqual(["/robots.txt", "/robots.txt"]);
  });

  it("robots.txt that is a 404 allows everything", async () => {
    const { reader } = setup();
    expect((await reader.read("https://no-robots.example/article")).ok).toBe(true);
  });
});

describe("HTTP page reader: limits", () => {
  it(`reads at most ${MAX_PAGE_BYTES} bytes of an endless page, then stops the stream`, async () => {
    const { fake, reader } = setup();
    const read = page(await reader.read("https://no-robots.example/huge"));
    expect(read.truncated).toBe(true);
    expect(read.title).toBe("Çok uzun sayfa");
    expect(read.headings).toEqual([{ level: 2, text: "Başlangıç" }]);
    expect(fake.huge.cancelled).toBe(true);
    expect(fake.huge.bytesServed).toBeLessThan(MAX_PAGE_BYTES + 200_000);
    expect(new TextEncoder().encode(read.excerpt).byteLength).toBeLessThanOrEqual(4096);
    expect(read.excerpt.length).toBeGreaterThan(3000);
    expect(read.text.startsWith(read.excerpt)).toBe(true);
  });

  it("a page that never answers is a timeout", async () => {
    const { reader } = setup({ timeoutMs: 50 });
    expect(await reader.read("https://no-robots.example/slow")).toMatchObject({ ok: false, failure: "timeout" });
  });

  it("only HTML is read; a 404 is an http_error; a host that does not answer fails at its robots.txt", async () => {
    const { reader } = setup();
    expect(await reader.read("https://no-robots.example/file.pdf")).toMatchObject({ ok: false, failure: "not_html" });
    expect(await reader.read("https://no-robots.example/missing")).toMatchObject({ ok: false, failure: "http_error" });
    expect(await reader.read("https://nowhere.invalid/page")).toMatchObject({ ok: false, failure: "robots_unavailable" });
  });
});

describe("HTTP page reader: the outbound URL rule", () => {
  const local = abortablePeer("127.0.0.1:8787", {
    fetch: (request) =>
      new URL(request.url).pathname === "/robots.txt"
        ? new Response("", { status: 404 })
        : new Response("<main><p>Local page</p></main>", { headers: { "Content-Type": "text/html" } }),
  });

  it("in production a private address is refused before any request", async () => {
    const seen: string[] = [];
    const reader = createHttpPageReader({
      fetch: async (input) => {
        seen.push(String(input));
        throw new TypeError("no network");
      },
      timeoutMs: 1000,
      checkUrl: (url) => void assertOutboundUrl(url, { allowPrivate: false }),
    });
    for (const url of ["http://127.0.0.1:8787/page", "http://10.0.0.5/", "http://intranet.internal/", "ftp://files.example/a", "not a url"])
      expect(await reader.read(url)).toMatchObject({ ok: false, failure: "refused" });
    expect(seen).toEqual([]);
  });

  it("local runs (ALLOW_PRIVATE_URLS) read private addresses like the rest of the service", async () => {
    const { reader } = setup({ allowPrivate: true, extraPeers: [local] });
    expect(page(await reader.read("http://127.0.0.1:8787/page")).text).toBe("Local page");
  });
});
