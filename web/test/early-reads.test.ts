import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { initialLanguage } from "../src/i18n/chosen-language";
import { EARLY_READS, earlyReadKey, takeEarlyRead } from "../src/lib/early-read-key";

// The page's first reads (web/src/early-reads.js, a plain script outside the bundle) are
// answered to the API client's first identical request only: the same method, path, query and
// language, once, and never to a token's request.

const EARLY_SCRIPT = readFileSync(new URL("../src/early-reads.js", import.meta.url), "utf8");

/** Runs the page's early script at `path` in a browser with that saved language and those languages. */
function runEarlyScript(path: string, saved: string | null, languages: string[]) {
  const asked: { url: string; language: string }[] = [];
  const window: Record<string, unknown> = { location: { pathname: path }, localStorage: { getItem: () => saved } };
  const fetch = (url: string, init: { headers: Record<string, string> }) => {
    asked.push({ url, language: init.headers["Accept-Language"]! });
    return Promise.resolve(new Response(url));
  };
  new Function("window", "navigator", "fetch", EARLY_SCRIPT)(window, { languages, language: languages[0] }, fetch);
  (globalThis as Record<string, unknown>)[EARLY_READS] = window[EARLY_READS];
  return asked;
}

const answer = (body: string) => Promise.resolve(new Response(body));
const request = (path: string, headers: Record<string, string> = { "Accept-Language": "tr" }, method = "GET") =>
  new Request(`http://localhost${path}`, { method, headers });

function startReads(...paths: string[]) {
  const reads = new Map(paths.map((path) => [earlyReadKey("GET", path, "tr"), answer(path)]));
  (globalThis as Record<string, unknown>)[EARLY_READS] = reads;
  return reads;
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_READS];
});

describe("the page's early script", () => {
  it("on an article's page starts the session, the member, the sites and the article, in the language the panel starts in", async () => {
    const asked = runEarlyScript("/articles/42", null, ["de-DE", "tr-TR"]);
    expect(initialLanguage(null, ["de-DE", "tr-TR"])).toBe("tr");
    expect(asked).toEqual(
      ["/api/session", "/api/auth/me", "/api/sites", "/api/autopilot/articles/42"].map((url) => ({ url, language: "tr" })),
    );
    // The client's requests find them under the keys it looks for.
    const article = takeEarlyRead(new Request("http://localhost/api/autopilot/articles/42", { headers: { "Accept-Language": "tr" } }));
    expect(await (await article!).text()).toBe("/api/autopilot/articles/42");
  });

  it("takes the saved language over the browser's; on any other page, a client's approval page too, starts nothing", () => {
    expect(runEarlyScript("/articles/7", "en", ["tr-TR"]).map((read) => read.language)).toEqual(["en", "en", "en", "en"]);
    expect(takeEarlyRead(new Request("http://localhost/api/session", { headers: { "Accept-Language": "en" } }))).toBeDefined();
    expect(runEarlyScript("/plans", null, ["en"])).toEqual([]);
    expect(runEarlyScript("/approve/abc", null, ["en"])).toEqual([]);
  });
});

describe("takeEarlyRead", () => {
  it("answers the first identical request from the read started early, and only the first", async () => {
    const reads = startReads("/api/session", "/api/autopilot/articles/7");
    const taken = takeEarlyRead(request("/api/autopilot/articles/7"));
    expect(await (await taken!).text()).toBe("/api/autopilot/articles/7");
    expect(takeEarlyRead(request("/api/autopilot/articles/7"))).toBeUndefined();
    expect([...reads.keys()]).toEqual([earlyReadKey("GET", "/api/session", "tr")]);
  });

  it("leaves another language, another query, another method and a token's request to the network", () => {
    startReads("/api/session", "/api/sites");
    expect(takeEarlyRead(request("/api/session", { "Accept-Language": "en" }))).toBeUndefined();
    expect(takeEarlyRead(request("/api/sites?page=2"))).toBeUndefined();
    expect(takeEarlyRead(request("/api/sites", { "Accept-Language": "tr" }, "POST"))).toBeUndefined();
    expect(takeEarlyRead(request("/api/sites", { "Accept-Language": "tr", Authorization: "Bearer sap_x" }))).toBeUndefined();
    expect(takeEarlyRead(request("/api/sites"))).toBeDefined();
  });

  it("answers nothing once the page's start is over: a read left over is stale", () => {
    const reads = startReads("/api/auth/me") as Map<string, Promise<Response>> & { until?: number };
    reads.until = Date.now() + 10_000;
    expect(takeEarlyRead(request("/api/auth/me"), Date.now() + 11_000)).toBeUndefined();
    expect(reads.size).toBe(0);
  });

  it("answers nothing on a page that started no reads", () => {
    expect(takeEarlyRead(request("/api/session"))).toBeUndefined();
  });
});
