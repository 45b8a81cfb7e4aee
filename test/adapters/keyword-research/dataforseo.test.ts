import { describe, expect, it } from "vitest";
import { DATAFORSEO_MARKETS, marketFor } from "../../../src/adapters/keyword-research/dataforseo-locations";
import { createDataForSeoResearch } from "../../../src/adapters/keyword-research/dataforseo";
import { createDataForSeoFake, TEST_DATAFORSEO_LOGIN, type FakeKeyword } from "../../fakes/dataforseo";
import { fakeNetwork } from "../../fakes/network";
import { failureOf } from "../provider-support";

const BASE_URL = "https://api.dataforseo.com/v3";
const ENDPOINT = `${BASE_URL}/dataforseo_labs/google/keyword_ideas/live`;

function setup(options: { maxRetries?: number; timeoutMs?: number; password?: string; keywords?: FakeKeyword[] } = {}) {
  const fake = createDataForSeoFake({ keywords: options.keywords });
  const waits: number[] = [];
  const research = createDataForSeoResearch({
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
  return { fake, waits, research };
}

const request = { seeds: ["Kahve Makinesi", "filtre kahve"], language: "tr", limit: 50 };

describe("DataForSEO keyword research: the request", () => {
  it("posts one task in a JSON array with Basic auth, the seeds lower-cased, Turkey and Turkish", async () => {
    const { fake, research } = setup();
    await research.keywordIdeas(request);
    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.url).toBe(ENDPOINT);
    expect(call.headers.authorization).toBe(`Basic ${btoa(`${TEST_DATAFORSEO_LOGIN.login}:${TEST_DATAFORSEO_LOGIN.password}`)}`);
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.body).toEqual([
      {
        keywords: ["kahve makinesi", "filtre kahve"],
        location_code: 2792,
        language_code: "tr",
        limit: 50,
        filters: [["keyword_info.search_volume", ">", 0]],
        order_by: ["keyword_info.search_volume,desc"],
      },
    ]);
  });

  it("lower-cases Turkish seeds by Turkish rules, drops blanks and repeats, sends at most 200", async () => {
    const { fake, research } = setup();
    const many = Array.from({ length: 250 }, (_, i) => `seed ${i}`);
    await research.keywordIdeas({ seeds: ["IŞIK", "ışık", "  ", ...many], language: "tr", limit: 10 });
    const keywords = (fake.calls[0]!.body as { keywords: string[] }[])[0]!.keywords;
    expect(keywords[0]).toBe("ışık");
    expect(keywords).toHaveLength(200);
    expect(new Set(keywords).size).toBe(200);
  });

  it.each([
    ["en", 2840, "en"],
    ["de", 2276, "de"],
    ["fr", 2250, "fr"],
    ["es", 2724, "es"],
    ["it", 2380, "it"],
    ["nl", 2528, "nl"],
    ["pt", 2076, "pt"],
    ["pt-br", 2076, "pt"],
    ["pt-PT", 2620, "pt"],
    ["en-gb", 2826, "en"],
    ["de-xx", 2276, "de"],
  ])("language %s researches location %i in %s", async (language, location, languageCode) => {
    const { fake, research } = setup();
    await research.keywordIdeas({ ...request, language });
    expect((fake.calls[0]!.body as Record<string, unknown>[])[0]).toMatchObject({ location_code: location, language_code: languageCode });
  });

  it("a language outside the table is bad_request naming it, and nothing is sent", async () => {
    const { fake, research } = setup();
    const error = await failureOf(research.keywordIdeas({ ...request, language: "xx" }));
    expect(error).toMatchObject({ failure: "bad_request", retryable: false });
    expect(error.message).toContain("'xx'");
    expect(fake.calls).toHaveLength(0);
    expect(marketFor("constructor")).toBeNull();
    expect(Object.keys(DATAFORSEO_MARKETS)).not.toContain("ru");
  });

  it("the limit is at most 1000 and at least 1", async () => {
    const { fake, research } = setup();
    await research.keywordIdeas({ ...request, limit: 5000 });
    await research.keywordIdeas({ ...request, limit: 0 });
    expect(fake.calls.map((call) => (call.body as { limit: number }[])[0]!.limit)).toEqual([1000, 1]);
  });

  it("no usable seed is bad_request without a call", async () => {
    const { fake, research } = setup();
    expect((await failureOf(research.keywordIdeas({ ...request, seeds: [" ", ""] }))).failure).toBe("bad_request");
    expect(fake.calls).toHaveLength(0);
  });
});

describe("DataForSEO keyword research: the answer", () => {
  it("turns items into ideas, dropping items without a volume and deriving a missing competition level", async () => {
    const { research } = setup({
      keywords: [
        { keyword: "kahve makinesi", searchVolume: 40500, competition: 0.91, competitionLevel: "HIGH" },
        { keyword: "kahve falı", searchVolume: null, competition: 0.2, competitionLevel: "LOW" },
        { keyword: "kahve çekirdeği", searchVolume: 0, competition: 0.2, competitionLevel: "LOW" },
        { keyword: "türk kahvesi makinesi", searchVolume: 8100, competition: 0.7, competitionLevel: null },
        { keyword: "kahve öğütücü", searchVolume: 5400, competition: 0.5, competitionLevel: null },
        { keyword: "kahve fincanı", searchVolume: 2900, competition: 0.1, competitionLevel: null },
        { keyword: "kahve kupası", searchVolume: 1900, competition: null, competitionLevel: null },
        { keyword: "espresso makinesi", searchVolume: 880.4, competition: 0.9, competitionLevel: "MEDIUM" },
      ],
    });
    const { ideas } = await research.keywordIdeas(request);
    expect(ideas).toEqual([
      { keyword: "kahve makinesi", monthlyVolume: 40500, competition: "HIGH" },
      { keyword: "türk kahvesi makinesi", monthlyVolume: 8100, competition: "HIGH" },
      { keyword: "kahve öğütücü", monthlyVolume: 5400, competition: "MEDIUM" },
      { keyword: "kahve fincanı", monthlyVolume: 2900, competition: "LOW" },
      { keyword: "espresso makinesi", monthlyVolume: 880, competition: "MEDIUM" },
    ]);
  });

  it("reports the task's cost in dollars", async () => {
    const { research } = setup();
    const { ideas, usage } = await research.keywordIdeas(request);
    expect(ideas).toHaveLength(4);
    expect(usage).toEqual({ inputTokens: 0, outputTokens: 0, images: 0, costUsd: 0.0104 });
  });

  it("falls back to the request's cost when the task has none", async () => {
    const body = {
      status_code: 20000,
      status_message: "Ok.",
      cost: 0.02,
      tasks: [{ status_code: 20000, status_message: "Ok.", result: [{ items: null }] }],
    };
    const research = createDataForSeoResearch({
      transport: { fetch: async () => Response.json(body), timeoutMs: 1000, maxRetries: 0 },
      baseUrl: BASE_URL,
      login: "a",
      password: "b",
    });
    expect(await research.keywordIdeas(request)).toEqual({
      ideas: [],
      usage: { inputTokens: 0, outputTokens: 0, images: 0, costUsd: 0.02 },
    });
  });

  it("honours the limit (the fake returns at most that many)", async () => {
    const { fake, research } = setup();
    const { ideas } = await research.keywordIdeas({ ...request, limit: 2 });
    expect(ideas.map((idea) => idea.keyword)).toEqual(["kahve makinesi", "filtre kahve makinesi"]);
    expect((fake.calls[0]!.body as { limit: number }[])[0]!.limit).toBe(2);
  });

  it.each([
    ["not JSON", new Response("<html>oops</html>", { status: 200 })],
    ["no tasks", Response.json({ status_code: 20000, status_message: "Ok.", tasks: [] })],
    ["a string for the status", Response.json({ status_code: "ok", tasks: [] })],
  ])("a 200 with %s is invalid_output", async (_, response) => {
    const research = createDataForSeoResearch({
      transport: { fetch: async () => response, timeoutMs: 1000, maxRetries: 0 },
      baseUrl: BASE_URL,
      login: "a",
      password: "b",
    });
    expect((await failureOf(research.keywordIdeas(request))).failure).toBe("invalid_output");
  });
});

describe("DataForSEO keyword research: failures", () => {
  it.each([
    [40203, "Your daily cost limit has been exceeded.", "quota_exhausted", false],
    [40204, "Access denied. Visit Plans and Subscriptions to activate your subscription.", "quota_exhausted", false],
    [40501, "Invalid Field: 'location_code'.", "bad_request", false],
    [40400, "Not Found.", "bad_request", false],
    [40202, "Rate limit per minute exceeded.", "rate_limited", true],
    [50000, "Internal Error.", "unavailable", true],
  ] as const)("task status %i is %s, with DataForSEO's message in ours", async (code, message, failure, retryable) => {
    const { fake, waits, research } = setup();
    fake.failTask(code, message, 5);
    const error = await failureOf(research.keywordIdeas(request));
    expect(error).toMatchObject({ failure, retryable, code: "upstream_error", provider: "DataForSEO" });
    expect(error.message).toContain(message);
    expect(error.message).toContain(String(code));
    expect(fake.calls).toHaveLength(1); // a task failure arrives in an HTTP 200: not retried within the call
    expect(waits).toHaveLength(0);
  });

  it("a request-level status (e.g. 40000) fails the call even with HTTP 200", async () => {
    const { fake, research } = setup();
    fake.failRequest(40000, "You can set only one task at a time.");
    const error = await failureOf(research.keywordIdeas(request));
    expect(error).toMatchObject({ failure: "bad_request" });
    expect(error.message).toContain("You can set only one task at a time.");
  });

  it("HTTP 401 (wrong password): credentials_rejected; the password is not in the message", async () => {
    const { fake, waits, research } = setup({ password: "wrong-password-xyz" });
    const error = await failureOf(research.keywordIdeas(request));
    expect(error).toMatchObject({ failure: "credentials_rejected", retryable: false });
    expect(error.message).not.toContain("wrong-password-xyz");
    expect(fake.calls).toHaveLength(1);
    expect(waits).toHaveLength(0);
  });

  it("HTTP 402: quota_exhausted", async () => {
    const { fake, research } = setup();
    fake.failHttp(402, { body: '{"status_code":40200,"status_message":"Payment Required."}' });
    expect(await failureOf(research.keywordIdeas(request))).toMatchObject({ failure: "quota_exhausted", retryable: false });
  });

  it("HTTP 500 once is retried and the call succeeds", async () => {
    const { fake, waits, research } = setup();
    fake.failHttp(500);
    const { ideas } = await research.keywordIdeas(request);
    expect(ideas).toHaveLength(4);
    expect(fake.calls).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  it("HTTP 5xx that persists: unavailable after the retries", async () => {
    const { fake, waits, research } = setup({ maxRetries: 2 });
    fake.failHttp(503, { times: 10 });
    expect(await failureOf(research.keywordIdeas(request))).toMatchObject({ failure: "unavailable", retryable: true });
    expect(fake.calls).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it("HTTP 429 with Retry-After: waits what it asks, then succeeds", async () => {
    const { fake, waits, research } = setup();
    fake.failHttp(429, { retryAfter: "3", body: "Too Many Requests" });
    await research.keywordIdeas(request);
    expect(waits).toEqual([3000]);
    expect(fake.calls).toHaveLength(2);
  });

  it("HTTP 404 (a wrong base URL): bad_request", async () => {
    const fake = createDataForSeoFake();
    const research = createDataForSeoResearch({
      transport: { fetch: fakeNetwork(fake.peer), timeoutMs: 5000, maxRetries: 0 },
      baseUrl: "https://api.dataforseo.com/v2",
      ...TEST_DATAFORSEO_LOGIN,
    });
    expect(await failureOf(research.keywordIdeas(request))).toMatchObject({ failure: "bad_request" });
  });

  it("an API that never answers: timeout", async () => {
    const { fake, waits, research } = setup({ timeoutMs: 30 });
    fake.hang();
    expect(await failureOf(research.keywordIdeas(request))).toMatchObject({
      failure: "timeout",
      code: "upstream_timeout",
      retryable: true,
    });
    expect(waits).toHaveLength(0);
  });
});

describe("the DataForSEO fake", () => {
  it("answers 40000 for more than one task and 40501 for an invalid field, with rate-limit headers", async () => {
    const fake = createDataForSeoFake();
    const post = (body: unknown) =>
      fake.app.request("/v3/dataforseo_labs/google/keyword_ideas/live", {
        method: "POST",
        headers: {
          Authorization: `Basic ${btoa(`${TEST_DATAFORSEO_LOGIN.login}:${TEST_DATAFORSEO_LOGIN.password}`)}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify(body),
      });
    const two = await post([
      { keywords: ["a"], location_code: 2840 },
      { keywords: ["b"], location_code: 2840 },
    ]);
    expect(two.status).toBe(200);
    expect(await two.json()).toMatchObject({ status_code: 40000, tasks: [] });
    const invalid = await post([{ keywords: ["a"], location_code: 2840, limit: 5000 }]);
    expect(invalid.headers.get("X-RateLimit-Limit")).toBe("2000");
    expect(await invalid.json()).toMatchObject({
      status_code: 20000,
      tasks_error: 1,
      tasks: [{ status_code: 40501, result: null, data: { limit: 5000 } }],
    });
  });
});
