import { describe, expect, it } from "vitest";
import { createDataForSeoSerpResearch, escapeKeyword } from "../../../src/adapters/serp-research/dataforseo";
import { createDataForSeoSerpFake, DEFAULT_FAKE_SERP, type FakeSerp } from "../../fakes/dataforseo-serp";
import { TEST_DATAFORSEO_LOGIN } from "../../fakes/dataforseo";
import { fakeNetwork } from "../../fakes/network";
import { failureOf } from "../provider-support";

const BASE_URL = "https://api.dataforseo.com/v3";
const ENDPOINT = `${BASE_URL}/serp/google/organic/live/advanced`;

function setup(options: { maxRetries?: number; timeoutMs?: number; password?: string; serp?: FakeSerp } = {}) {
  const fake = createDataForSeoSerpFake({ serp: options.serp });
  const waits: number[] = [];
  const serp = createDataForSeoSerpResearch({
    transport: {
      fetch: fakeNetwork(fake.peer),
      timeoutMs: options.timeoutMs ?? 5_000,
      maxRetries: options.maxRetries ?? 2,
      sleep: async (ms) => void waits.push(ms),
    },
    baseUrl: BASE_URL,
    login: TEST_DATAFORSEO_LOGIN.login,
    password: options.password ?? TEST_DATAFORSEO_LOGIN.password,
  });
  return { fake, waits, serp };
}

const request = { keyword: "kahve makinesi", language: "tr" };

describe("DataForSEO SERP research: the request", () => {
  it("posts one task with Basic auth, the keyword, the site's market and page 1 only", async () => {
    const { fake, serp } = setup();
    await serp.research(request);
    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.url).toBe(ENDPOINT);
    expect(call.headers.authorization).toBe(`Basic ${btoa(`${TEST_DATAFORSEO_LOGIN.login}:${TEST_DATAFORSEO_LOGIN.password}`)}`);
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.body).toEqual([
      { keyword: "kahve makinesi", location_code: 2792, language_code: "tr", device: "desktop", depth: 10, people_also_ask_click_depth: 1 },
    ]);
  });

  it.each([
    ["en-gb", 2826, "en"],
    ["pt-BR", 2076, "pt"],
    ["de", 2276, "de"],
  ])("language %s searches location %i in %s (the keyword research's markets)", async (language, location, languageCode) => {
    const { fake, serp } = setup();
    await serp.research({ keyword: "coffee", language });
    expect((fake.calls[0]!.body as Record<string, unknown>[])[0]).toMatchObject({ location_code: location, language_code: languageCode });
  });

  it("escapes % and + (DataForSEO decodes them) and collapses spaces", async () => {
    const { fake, serp } = setup();
    const { query } = await serp.research({ keyword: "  c++   100%  ", language: "en" });
    expect((fake.calls[0]!.body as { keyword: string }[])[0]!.keyword).toBe("c%2B%2B 100%25");
    expect(escapeKeyword("a+b%c")).toBe("a%2Bb%25c");
    expect(query).toBe("c++ 100%");
  });

  it.each([
    ["an unknown language", { keyword: "coffee", language: "xx" }, "'xx'"],
    ["a blank keyword", { keyword: "   ", language: "en" }, "keyword"],
    ["a keyword over 700 characters", { keyword: "a".repeat(701), language: "en" }, "700"],
  ])("%s is bad_request without a call", async (_, input, says) => {
    const { fake, serp } = setup();
    const error = await failureOf(serp.research(input));
    expect(error).toMatchObject({ failure: "bad_request", retryable: false });
    expect(error.message).toContain(says);
    expect(fake.calls).toHaveLength(0);
  });
});

describe("DataForSEO SERP research: the answer", () => {
  it("keeps the top ten organic results by rank, the questions and the related searches; ignores every other type", async () => {
    const { serp } = setup();
    const answer = await serp.research(request);
    expect(answer.provider).toBe("dataforseo");
    expect(answer.query).toBe("kahve makinesi");
    expect(answer.results).toHaveLength(10);
    expect(answer.results[0]).toEqual({
      url: DEFAULT_FAKE_SERP.organic[0]!.url,
      title: DEFAULT_FAKE_SERP.organic[0]!.title,
      description: DEFAULT_FAKE_SERP.organic[0]!.description,
      rank: 1,
    });
    expect(answer.results.map((result) => result.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The featured snippet, the AI overview's references and the PAA answers are not results.
    expect(answer.results.map((result) => new URL(result.url).hostname)).not.toContain("snippet.example");
    expect(answer.questions).toEqual(DEFAULT_FAKE_SERP.questions);
    expect(answer.relatedSearches).toEqual(DEFAULT_FAKE_SERP.related);
  });

  it("records the task's cost: page 1 plus the PAA click", async () => {
    const { serp } = setup();
    expect((await serp.research(request)).costUsd).toBe(0.00215);
  });

  it("a SERP without questions is billed without the click (refunded)", async () => {
    const { serp } = setup({ serp: { ...DEFAULT_FAKE_SERP, questions: [] } });
    const answer = await serp.research(request);
    expect(answer.costUsd).toBe(0.002);
    expect(answer.questions).toEqual([]);
  });

  it("items: null is an empty SERP, not a failure, and still costs what the task cost", async () => {
    const { fake, serp } = setup();
    fake.answerEmpty();
    expect(await serp.research(request)).toEqual({
      query: "kahve makinesi",
      results: [],
      questions: [],
      relatedSearches: [],
      costUsd: 0.002,
      provider: "dataforseo",
    });
  });

  it("skips malformed items and repeats, keeps the others", async () => {
    const body = {
      status_code: 20000,
      tasks: [
        {
          status_code: 20000,
          cost: 0.002,
          result: [
            {
              keyword: "x",
              items: [
                { type: "organic", rank_group: 2, url: "https://b.example/", title: "B" },
                { type: "organic", rank_group: 1, url: "https://a.example/", title: null, description: 7 },
                { type: "organic", rank_group: 3, url: "javascript:alert(1)", title: "bad" },
                { type: "organic", rank_group: 4, url: "https://b.example/", title: "B again" },
                { type: "people_also_ask", items: "not a list" },
                { type: "related_searches", items: ["one", 2, "one", " "] },
                "not an object",
                { no: "type" },
              ],
            },
          ],
        },
      ],
    };
    const serp = createDataForSeoSerpResearch({
      transport: { fetch: async () => Response.json(body), timeoutMs: 1000, maxRetries: 0 },
      baseUrl: BASE_URL,
      login: "a",
      password: "b",
    });
    const answer = await serp.research({ keyword: "x", language: "en" });
    expect(answer.results).toEqual([{ url: "https://b.example/", title: "B", description: "", rank: 2 }]);
    expect(answer.relatedSearches).toEqual(["one"]);
    expect(answer.questions).toEqual([]);
  });

  it.each([
    ["not JSON", () => new Response("<html>oops</html>", { status: 200 })],
    ["no tasks", () => Response.json({ status_code: 20000, tasks: [] })],
    ["a result that is not a page", () => Response.json({ status_code: 20000, tasks: [{ status_code: 20000, result: [{ items: "x" }] }] })],
  ])("a 200 with %s is invalid_output", async (_, response) => {
    const serp = createDataForSeoSerpResearch({
      transport: { fetch: async () => response(), timeoutMs: 1000, maxRetries: 0 },
      baseUrl: BASE_URL,
      login: "a",
      password: "b",
    });
    expect((await failureOf(serp.research(request))).failure).toBe("invalid_output");
  });
});

describe("DataForSEO SERP research: failures", () => {
  it.each([
    [40101, "Internal SE Server Error.", "unavailable", true],
    [40501, "Invalid Field: 'depth'.", "bad_request", false],
    [40203, "Your daily cost limit has been exceeded.", "quota_exhausted", false],
    [40202, "Rate limit per minute exceeded.", "rate_limited", true],
    [50000, "Internal Error.", "unavailable", true],
  ] as const)("task status %i is %s, with DataForSEO's message in ours", async (code, message, failure, retryable) => {
    const { fake, waits, serp } = setup();
    fake.failTask(code, message);
    const error = await failureOf(serp.research(request));
    expect(error).toMatchObject({ failure, retryable, code: "upstream_error", provider: "DataForSEO" });
    expect(error.message).toContain(message);
    expect(error.message).toContain(String(code));
    expect(error.message).toContain("search results");
    expect(fake.calls).toHaveLength(1);
    expect(waits).toHaveLength(0);
  });

  it("the fake answers depth > 200 with the depth task error", async () => {
    const fake = createDataForSeoSerpFake();
    const response = await fake.app.request("/v3/serp/google/organic/live/advanced", {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${TEST_DATAFORSEO_LOGIN.login}:${TEST_DATAFORSEO_LOGIN.password}`)}` },
      body: JSON.stringify([{ keyword: "a", location_code: 2840, depth: 300, tag: "mine" }]),
    });
    expect(await response.json()).toMatchObject({
      status_code: 20000,
      tasks_error: 1,
      tasks: [{ status_code: 40501, status_message: "Invalid Field: 'depth'.", data: { depth: 300, tag: "mine" } }],
    });
    const two = await fake.app.request("/v3/serp/google/organic/live/advanced", {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${TEST_DATAFORSEO_LOGIN.login}:${TEST_DATAFORSEO_LOGIN.password}`)}` },
      body: JSON.stringify([
        { keyword: "a", location_code: 2840 },
        { keyword: "b", location_code: 2840 },
      ]),
    });
    expect(await two.json()).toMatchObject({ status_code: 40000, tasks: [] });
  });

  it("the fake ranks each type apart and lists the item types it shows", async () => {
    const fake = createDataForSeoSerpFake();
    const response = await fake.app.request("/v3/serp/google/organic/live/advanced", {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${TEST_DATAFORSEO_LOGIN.login}:${TEST_DATAFORSEO_LOGIN.password}`)}` },
      body: JSON.stringify([{ keyword: "a", location_code: 2840, depth: 20 }]),
    });
    const body = (await response.json()) as {
      cost: number;
      tasks: { result: { item_types: string[]; items: { type: string; rank_group: number; rank_absolute: number }[] }[] }[];
    };
    const page = body.tasks[0]!.result[0]!;
    expect(body.cost).toBe(0.0035);
    expect(page.item_types.sort()).toEqual(
      ["ai_overview", "featured_snippet", "organic", "people_also_ask", "perspectives_unknown_to_clients", "related_searches"].sort(),
    );
    expect(page.items.map((item) => item.rank_absolute)).toEqual(page.items.map((_, index) => index + 1));
    expect(page.items.filter((item) => item.type === "organic").map((item) => item.rank_group)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  it("a request-level status fails the call even with HTTP 200", async () => {
    const { fake, serp } = setup();
    fake.failRequest(40000, "You can set only one task at a time.");
    const error = await failureOf(serp.research(request));
    expect(error).toMatchObject({ failure: "bad_request" });
    expect(error.message).toContain("You can set only one task at a time.");
  });

  it("HTTP 401: credentials_rejected, without the password in the message", async () => {
    const { fake, serp } = setup({ password: "wrong-password-xyz" });
    const error = await failureOf(serp.research(request));
    expect(error).toMatchObject({ failure: "credentials_rejected", retryable: false });
    expect(error.message).not.toContain("wrong-password-xyz");
    expect(fake.calls).toHaveLength(1);
  });

  it.each([
    [402, "quota_exhausted"],
    [404, "bad_request"],
    [400, "bad_request"],
  ] as const)("HTTP %i: %s", async (status, failure) => {
    const { fake, serp } = setup();
    fake.failHttp(status, { body: "{}" });
    expect(await failureOf(serp.research(request))).toMatchObject({ failure });
  });

  it("HTTP 503 that persists: unavailable after the retries; once: retried and answered", async () => {
    const persistent = setup({ maxRetries: 2 });
    persistent.fake.failHttp(503, { times: 10 });
    expect(await failureOf(persistent.serp.research(request))).toMatchObject({ failure: "unavailable", retryable: true });
    expect(persistent.fake.calls).toHaveLength(3);

    const once = setup();
    once.fake.failHttp(500);
    expect((await once.serp.research(request)).results).toHaveLength(10);
    expect(once.fake.calls).toHaveLength(2);
  });

  it("an API that never answers: timeout", async () => {
    const { fake, serp } = setup({ timeoutMs: 30 });
    fake.hang();
    expect(await failureOf(serp.research(request))).toMatchObject({ failure: "timeout", code: "upstream_timeout", retryable: true });
  });
});
