import { describe, expect, it } from "vitest";
import { ISSUE_CODES } from "../../src/core/errors";
import { call, seedAccount, seedArticle } from "../harness";

interface ErrorBody {
  success: false;
  statusCode: number;
  message: string;
  code: string;
  issues: { path: string; code: string; message: string; minimum?: number; maximum?: number }[];
}

async function expectBadParameter(token: string, query: string, parameter: string) {
  const res = await call(`/api/v1/public/articles?${query}`, { token });
  const body = (await res.json()) as ErrorBody;
  expect(res.status, query).toBe(400);
  expect(res.headers.get("Content-Type"), query).toMatch(/^application\/json/);
  expect(Object.keys(body).sort(), query).toStrictEqual(["code", "issues", "message", "statusCode", "success"]);
  expect(body, query).toMatchObject({ success: false, statusCode: 400, code: "invalid_request" });
  expect(body.message, query).toContain(`'${parameter}'`);
  expect(body.issues.length, query).toBeGreaterThan(0);
  const { path, code, message, ...bounds } = body.issues[0]!;
  expect({ path, message }, query).toStrictEqual({ path: parameter, message: expect.any(String) });
  expect(ISSUE_CODES, query).toContain(code);
  expect(
    Object.keys(bounds).filter((key) => key !== "minimum" && key !== "maximum"),
    query,
  ).toStrictEqual([]);
  return body;
}

describe("GET /api/v1/public/articles: invalid parameters are 400 naming the parameter", () => {
  it("refuses per_page outside 1..100 or not a whole number", async () => {
    const { token } = await seedAccount();
    for (const value of ["0", "101", "abc", "1.5", "-1", "", "1000000", "0x10", "1e1", "%201", "+5", "5%20"])
      await expectBadParameter(token, `per_page=${value}`, "per_page");
    expect((await expectBadParameter(token, "per_page=101", "per_page")).message).toMatch(/100/);
  });

  it("refuses page below 1 or not a whole number", async () => {
    const { token } = await seedAccount();
    for (const value of ["0", "-1", "x", "2.5", "", "0x10", "1e3", "%201", "+1", "Infinity"])
      await expectBadParameter(token, `page=${value}`, "page");
  });

  it("refuses unknown sort, order and status values", async () => {
    const { token } = await seedAccount();
    for (const value of ["foo", "id", "CREATED_AT", "created_at;DROP", ""]) await expectBadParameter(token, `sort=${value}`, "sort");
    for (const value of ["up", "ASC", "random", ""]) await expectBadParameter(token, `order=${value}`, "order");
    for (const value of ["deleted", "PUBLISHED", "trash", ""]) await expectBadParameter(token, `status=${value}`, "status");
  });

  it("refuses a language that is not a language code", async () => {
    const { token } = await seedAccount();
    for (const value of ["12", "e", "english-language-code", "tr_TR", "t r", ""])
      await expectBadParameter(token, `language=${encodeURIComponent(value)}`, "language");
  });

  it("refuses a parameter given twice", async () => {
    const { token } = await seedAccount();
    await expectBadParameter(token, "per_page=10&per_page=20", "per_page");
    await expectBadParameter(token, "page=1&page=2", "page");
    await expectBadParameter(token, "status=draft&status=published", "status");
    await expectBadParameter(token, "language=tr&language=en", "language");
    await expectBadParameter(token, "sort=title&sort=title", "sort");
    await expectBadParameter(token, "order=asc&order=desc", "order");
    await expectBadParameter(token, "search=a&search=b", "search");
  });

  it("names the first bad parameter and lists every issue when several are wrong", async () => {
    const { token } = await seedAccount();
    const res = await call("/api/v1/public/articles?per_page=0&sort=foo", { token });
    const body = (await res.json()) as ErrorBody;
    expect(res.status).toBe(400);
    expect(body.issues.map((issue) => issue.path).sort()).toStrictEqual(["per_page", "sort"]);
  });

  it("accepts each allowed value and ignores unknown parameters", async () => {
    const { token, accountId } = await seedAccount();
    await seedArticle(accountId);
    for (const query of [
      "per_page=1",
      "per_page=100",
      "page=1",
      "sort=title",
      "order=asc",
      "status=pending",
      "language=de",
      "language=pt-BR",
      "utm_source=newsletter",
      "fields=title",
    ]) {
      const res = await call(`/api/v1/public/articles?${query}`, { token });
      expect(res.status, query).toBe(200);
    }
  });

  it("does not change anything: the bad request is not a write", async () => {
    const { token, accountId } = await seedAccount();
    await seedArticle(accountId);
    await expectBadParameter(token, "per_page=0", "per_page");
    const body = (await (await call("/api/v1/public/articles", { token })).json()) as { meta: { total: number } };
    expect(body.meta.total).toBe(1);
  });
});
