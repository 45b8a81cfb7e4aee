import { describe, expect, it } from "vitest";
import { refundCharge, reserveCredits, settleCharge } from "../../src/billing/charges";
import { applyLedgerChange } from "../../src/billing/ledger";
import type { ChargeKind } from "../../src/db/schema";
import { articles, searchSiteDaily } from "../../src/db/schema";
import { newId } from "../../src/core/ids";
import { thirtyDayReport } from "../../src/report/report";
import { call, db, expectError, seedAccount, seedArticle, seedSite, seedToken } from "../harness";

interface Figures {
  generated: number;
  published: number;
  credits: string;
  clicks: number;
  impressions: number;
}
interface ReportBody {
  summary: Figures;
  daily: (Figures & { date: string })[];
}

/** An article the autopilot wrote (it has a plan item), created at `createdAt`; still a draft. */
async function seedGenerated(accountId: string, siteId: string | null, createdAt: string) {
  await db()
    .insert(articles)
    .values({
      accountId,
      siteId,
      title: "Generated",
      slug: `generated-${newId("item").slice(5)}`,
      planId: newId("plan"),
      planItemId: newId("item"),
      createdAt,
      updatedAt: createdAt,
    });
}

/** An article written by hand and published at `publishedAt` (or with another status, keeping that publishedAt). */
async function seedPublished(
  accountId: string,
  siteId: string | null,
  publishedAt: string,
  status: "published" | "draft" | "archived" = "published",
) {
  await seedArticle(accountId, { title: "Published", siteId, status, publishedAt }, new Date(publishedAt));
}

/** A credits charge reserved at `at` (its ledger row dated `at`), optionally refunded at `refundAt`, else settled. */
async function seedCharge(
  accountId: string,
  options: { kind: ChargeKind; kurus: number; siteId: string | null; at: string; refundAt?: string; reference?: string },
) {
  const reference = options.reference ?? `${options.kind}:${newId("item")}`;
  await reserveCredits(db(), {
    accountId,
    reference,
    kind: options.kind,
    amountKurus: options.kurus,
    siteId: options.siteId,
    now: new Date(options.at),
  });
  if (options.refundAt) await refundCharge(db(), { accountId, reference, now: new Date(options.refundAt) });
  else await settleCharge(db(), { accountId, reference, now: new Date(options.at) });
  return reference;
}

/** The 30 UTC dates ending on `last`, stepped back one day at a time from `last`. */
function thirtyDatesEnding(last: string): string[] {
  const dates: string[] = [];
  for (let back = 29; back >= 0; back -= 1)
    dates.push(new Date(Date.parse(`${last}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10));
  return dates;
}

const lira = (kurus: number) => (kurus < 0 ? "-" : "") + (Math.abs(kurus) / 100).toFixed(2);

/** Every date of the window with zeros, except the figures given (credits in kuruş), and their sums. */
function expected(
  dates: string[],
  days: Record<string, { generated?: number; published?: number; kurus?: number; clicks?: number; impressions?: number }>,
) {
  for (const date of Object.keys(days)) if (!dates.includes(date)) throw new Error(`test bug: ${date} is not in the window`);
  const daily = dates.map((date) => ({
    date,
    generated: days[date]?.generated ?? 0,
    published: days[date]?.published ?? 0,
    kurus: days[date]?.kurus ?? 0,
    clicks: days[date]?.clicks ?? 0,
    impressions: days[date]?.impressions ?? 0,
  }));
  const sum = (pick: (day: (typeof daily)[number]) => number) => daily.reduce((total, day) => total + pick(day), 0);
  return {
    summary: {
      generated: sum((d) => d.generated),
      published: sum((d) => d.published),
      credits: lira(sum((d) => d.kurus)),
      clicks: sum((d) => d.clicks),
      impressions: sum((d) => d.impressions),
    },
    daily: daily.map(({ date, generated, published, kurus, clicks, impressions }) => ({
      date,
      generated,
      published,
      credits: lira(kurus),
      clicks,
      impressions,
    })),
  };
}

const asBody = (report: Awaited<ReturnType<typeof thirtyDayReport>>): ReportBody => ({
  summary: {
    generated: report.summary.generated,
    published: report.summary.published,
    credits: lira(report.summary.creditsKurus),
    clicks: report.summary.clicks,
    impressions: report.summary.impressions,
  },
  daily: report.daily.map((day) => ({
    date: day.date,
    generated: day.generated,
    published: day.published,
    credits: lira(day.creditsKurus),
    clicks: day.clicks,
    impressions: day.impressions,
  })),
});

describe("thirtyDayReport", () => {
  // Noon of 2026-11-22: the window is 2026-10-24 … 2026-11-22.
  const now = new Date("2026-11-22T12:00:00Z");
  const dates = thirtyDatesEnding("2026-11-22");

  async function seedTenant() {
    const { accountId } = await seedAccount({ creditKurus: 1_000_000 });
    const s1 = await seedSite(accountId);
    const s2 = await seedSite(accountId);

    // Generated: on the window's first second, just before it, and three on one day (two sites).
    await seedGenerated(accountId, s1.id, "2026-10-24T00:00:00Z");
    await seedGenerated(accountId, s1.id, "2026-10-23T23:59:59Z");
    await seedGenerated(accountId, s1.id, "2026-11-20T08:00:00Z");
    await seedGenerated(accountId, s1.id, "2026-11-20T23:59:59Z");
    await seedGenerated(accountId, s2.id, "2026-11-20T09:00:00Z");
    // Written by hand and published on 2026-11-20: published but not generated.
    await seedPublished(accountId, null, "2026-11-20T10:00:00Z");
    // Published around midnight, before the window, and ones no longer published.
    await seedPublished(accountId, s1.id, "2026-11-21T23:59:59Z");
    await seedPublished(accountId, s2.id, "2026-11-22T00:00:00Z");
    await seedPublished(accountId, s1.id, "2026-10-20T10:00:00Z");
    await seedPublished(accountId, s1.id, "2026-11-21T10:00:00Z", "draft");
    await seedPublished(accountId, s2.id, "2026-11-21T10:00:00Z", "archived");

    // Credits: a charge at 23:59:59 refunded at 00:00:01 the next day.
    const boundary = await seedCharge(accountId, {
      kind: "generation",
      kurus: 1500,
      siteId: s1.id,
      at: "2026-11-18T23:59:59Z",
      refundAt: "2026-11-19T00:00:01Z",
    });
    await seedCharge(accountId, { kind: "improvement", kurus: 500, siteId: s2.id, at: "2026-11-19T10:00:00Z" });
    // A charge before the window refunded inside it: that day is negative.
    await seedCharge(accountId, {
      kind: "generation",
      kurus: 1500,
      siteId: s1.id,
      at: "2026-10-23T12:00:00Z",
      refundAt: "2026-10-25T01:00:00Z",
    });
    // Before the window, charge and refund: nothing.
    await seedCharge(accountId, {
      kind: "generation",
      kurus: 900,
      siteId: s1.id,
      at: "2026-10-20T12:00:00Z",
      refundAt: "2026-10-21T12:00:00Z",
    });
    // A charge recorded without a site: in the account's total, in no site's.
    const siteless = await seedCharge(accountId, { kind: "generation", kurus: 700, siteId: null, at: "2026-11-21T08:00:00Z" });
    await seedCharge(accountId, { kind: "chat", kurus: 100, siteId: s1.id, at: "2026-11-22T11:00:00Z" });
    // Not work: an adjustment and a top-up-like credit are not spending.
    await applyLedgerChange(db(), {
      accountId,
      kind: "adjustment",
      amountKurus: -300,
      reference: "adjustment:report-test",
      note: null,
      now: new Date("2026-11-19T12:00:00Z"),
    });
    await applyLedgerChange(db(), {
      accountId,
      kind: "topup",
      amountKurus: 5000,
      reference: "payment:report-test",
      note: null,
      now: new Date("2026-11-19T12:00:00Z"),
    });

    // Another account on the same days, with charges whose references equal ours (one even naming our site).
    const other = await seedAccount({ creditKurus: 1_000_000 });
    const otherSite = await seedSite(other.accountId);
    await seedGenerated(other.accountId, otherSite.id, "2026-11-20T08:00:00Z");
    await seedPublished(other.accountId, otherSite.id, "2026-11-20T08:00:00Z");
    await seedCharge(other.accountId, {
      kind: "generation",
      kurus: 2000,
      siteId: otherSite.id,
      at: "2026-11-19T08:00:00Z",
      refundAt: "2026-11-20T08:00:00Z",
      reference: boundary,
    });
    await seedCharge(other.accountId, { kind: "generation", kurus: 2500, siteId: s1.id, at: "2026-11-21T08:00:00Z", reference: siteless });
    return { accountId, s1, s2, otherSite };
  }

  it("counts each figure on its UTC date over exactly 30 dates, zeros included; the boundary at midnight splits a charge and its refund", async () => {
    const { accountId } = await seedTenant();
    const report = asBody(await thirtyDayReport(db(), accountId, { now }));
    expect(report.daily.map((day) => day.date)).toEqual(dates);
    expect(dates[0]).toBe("2026-10-24");
    expect(report).toEqual(
      expected(dates, {
        "2026-10-24": { generated: 1 },
        "2026-10-25": { kurus: -1500 },
        "2026-11-18": { kurus: 1500 },
        "2026-11-19": { kurus: -1500 + 500 },
        "2026-11-20": { generated: 3, published: 1 },
        "2026-11-21": { published: 1, kurus: 700 },
        "2026-11-22": { published: 1, kurus: 100 },
      }),
    );
    expect(report.summary).toEqual({
      generated: 4,
      published: 3,
      credits: lira(-1500 + 1500 - 1500 + 500 + 700 + 100),
      clicks: 0,
      impressions: 0,
    });
  });

  it("with a site, counts only that site's articles and the charges made for it", async () => {
    const { accountId, s1, s2 } = await seedTenant();
    expect(asBody(await thirtyDayReport(db(), accountId, { siteId: s1.id, now }))).toEqual(
      expected(dates, {
        "2026-10-24": { generated: 1 },
        "2026-10-25": { kurus: -1500 },
        "2026-11-18": { kurus: 1500 },
        "2026-11-19": { kurus: -1500 },
        "2026-11-20": { generated: 2 },
        "2026-11-21": { published: 1 },
        "2026-11-22": { kurus: 100 },
      }),
    );
    expect(asBody(await thirtyDayReport(db(), accountId, { siteId: s2.id, now }))).toEqual(
      expected(dates, {
        "2026-11-19": { kurus: 500 },
        "2026-11-20": { generated: 1 },
        "2026-11-22": { published: 1 },
      }),
    );
  });

  it("is all zeros for an account with nothing in the window, across a month and a year boundary", async () => {
    const { accountId } = await seedAccount();
    const report = asBody(await thirtyDayReport(db(), accountId, { now: new Date("2027-01-05T00:00:00Z") }));
    const window = thirtyDatesEnding("2027-01-05");
    expect(window[0]).toBe("2026-12-07");
    expect(report).toEqual(expected(window, {}));
  });

  it("adds each site's Search Console clicks and impressions on their date, only the account's (and the site's) own", async () => {
    const { accountId } = await seedAccount();
    const site = await seedSite(accountId);
    const other = await seedSite(accountId);
    const stranger = await seedSite((await seedAccount()).accountId);
    const day = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
    await db()
      .insert(searchSiteDaily)
      .values([
        { siteId: site.id, day: day("2026-11-01"), clicks: 12, impressions: 300, position: 8.5 },
        { siteId: other.id, day: day("2026-11-01"), clicks: 3, impressions: 40, position: 14 },
        { siteId: site.id, day: day("2026-11-20"), clicks: 5, impressions: 90, position: 7 },
        // Outside the window, and another account's site.
        { siteId: site.id, day: day("2026-10-23"), clicks: 99, impressions: 999, position: 3 },
        { siteId: stranger.id, day: day("2026-11-01"), clicks: 50, impressions: 500, position: 2 },
      ]);
    expect(asBody(await thirtyDayReport(db(), accountId, { now }))).toEqual(
      expected(dates, { "2026-11-01": { clicks: 15, impressions: 340 }, "2026-11-20": { clicks: 5, impressions: 90 } }),
    );
    expect(asBody(await thirtyDayReport(db(), accountId, { siteId: other.id, now }))).toEqual(
      expected(dates, { "2026-11-01": { clicks: 3, impressions: 40 } }),
    );
  });

  it("404s for another account's site", async () => {
    const { otherSite, accountId } = await seedTenant();
    await expect(thirtyDayReport(db(), accountId, { siteId: otherSite.id, now })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("GET /api/autopilot/report", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

  it("answers 30 consecutive dates ending today, oldest first, with today's work on the last one", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 100_000 });
    const site = await seedSite(accountId);
    const other = await seedSite(accountId);
    const at = nowIso();
    await seedGenerated(accountId, site.id, at);
    await seedGenerated(accountId, other.id, at);
    await seedPublished(accountId, site.id, at);
    await seedCharge(accountId, { kind: "generation", kurus: 1500, siteId: site.id, at });
    await seedCharge(accountId, { kind: "improvement", kurus: 500, siteId: other.id, at });

    const res = await call("/api/autopilot/report", { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReportBody;
    const dates = thirtyDatesEnding(today());
    expect(body).toEqual(expected(dates, { [today()]: { generated: 2, published: 1, kurus: 2000 } }));
    expect(body.daily).toHaveLength(30);
    expect(body.summary).toEqual({ generated: 2, published: 1, credits: "20.00", clicks: 0, impressions: 0 });

    const onlySite = (await (await call(`/api/autopilot/report?siteId=${site.id}`, { token })).json()) as ReportBody;
    expect(onlySite).toEqual(expected(dates, { [today()]: { generated: 1, published: 1, kurus: 1500 } }));
  });

  it("is zeros for a new account; unknown query keys are ignored as in the other lists", async () => {
    const { token } = await seedAccount();
    const res = await call("/api/autopilot/report?unknown=1", { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReportBody;
    expect(body).toEqual(expected(thirtyDatesEnding(today()), {}));
    expect(body.summary).toEqual({ generated: 0, published: 0, credits: "0.00", clicks: 0, impressions: 0 });
  });

  it("404s for another account's, an unknown or a disconnected site; 400 for a malformed siteId; 401 without a token; 403 with a read token", async () => {
    const owner = await seedAccount();
    const stranger = await seedAccount();
    const foreign = await seedSite(stranger.accountId);
    const gone = await seedSite(owner.accountId, { status: "DISCONNECTED" });
    await expectError(await call(`/api/autopilot/report?siteId=${foreign.id}`, { token: owner.token }), 404, "not_found");
    await expectError(await call("/api/autopilot/report?siteId=site_nothere", { token: owner.token }), 404, "not_found");
    await expectError(await call(`/api/autopilot/report?siteId=${gone.id}`, { token: owner.token }), 404, "not_found");
    await expectError(await call("/api/autopilot/report?siteId=", { token: owner.token }), 400, "invalid_request");
    await expectError(await call(`/api/autopilot/report?siteId=${"x".repeat(65)}`, { token: owner.token }), 400, "invalid_request");
    await expectError(await call("/api/autopilot/report"), 401);
    const { token: readToken } = await seedToken(owner.accountId, "public:read");
    await expectError(await call("/api/autopilot/report", { token: readToken }), 403);
  });

  it("is in the OpenAPI document with its operationId and tag", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, { get?: { operationId?: string; tags?: string[] } }>;
    };
    expect(doc.paths["/api/autopilot/report"]?.get).toMatchObject({ operationId: "getThirtyDayReport", tags: ["Report"] });
  });
});
