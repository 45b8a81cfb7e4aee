import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles } from "../../src/db/schema";
import { BASE, call, db, seedAccount, seedArticle, testEnv } from "../harness";

interface ListBody {
  success: boolean;
  data: { id: number; title: string; images: unknown[] }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

async function list(token: string, query = ""): Promise<ListBody> {
  const res = await call(`/api/v1/public/articles${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListBody;
}

const ids = (body: ListBody) => body.data.map((article) => article.id);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute, 0));

describe("GET /api/v1/public/articles: envelope and defaults", () => {
  it("answers an empty account with total 0, last_page 1 and no data", async () => {
    const { token } = await seedAccount();
    const body = await list(token);
    expect(body).toStrictEqual({ success: true, data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } });
  });

  it("defaults to 10 per page, newest first, with exactly the envelope fields", async () => {
    const { token, accountId } = await seedAccount();
    const created = [];
    for (let minute = 0; minute < 12; minute++) created.push(await seedArticle(accountId, { title: `Article ${minute}` }, at(minute)));
    const body = await list(token);
    expect(Object.keys(body).sort()).toStrictEqual(["data", "meta", "success"]);
    expect(body.success).toBe(true);
    expect(body.meta).toStrictEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(ids(body)).toStrictEqual(
      created
        .slice(2)
        .reverse()
        .map((a) => a.id),
    );
  });

  it("gives list items as full articles with their images, like the detail route", async () => {
    const { token, accountId } = await seedAccount();
    const article = await seedArticle(
      accountId,
      {
        title: "Ekmeğin Tarihi",
        html: "<h2>Giriş</h2><p>İlk fırınlar &amp; ekmek.</p>",
        excerpt: "Kısa özet",
        seoDesc: "Ekmeğin tarihi üzerine",
        keywords: ["ekmek", "fırın"],
        language: "tr",
        status: "published",
        publishedAt: "2026-01-01T09:00:00Z",
        images: [
          { url: "/api/media/acc/hero.webp", altText: "Hero", isFeatured: true },
          { url: "https://cdn.example.com/second.webp", altText: "Second", isFeatured: false },
        ],
      },
      at(0),
    );
    const body = await list(token);
    const [item] = body.data as Record<string, unknown>[];
    expect(item).toMatchObject({
      id: article.id,
      title: "Ekmeğin Tarihi",
      slug: "ekmegin-tarihi",
      content: "<h2>Giriş</h2><p>İlk fırınlar &amp; ekmek.</p>",
      excerpt: "Kısa özet",
      featured_image: `${BASE}/api/media/acc/hero.webp`,
      meta: { description: "Ekmeğin tarihi üzerine", keywords: ["ekmek", "fırın"] },
      word_count: 4,
      language: "tr",
      status: "published",
      published_at: "2026-01-01T09:00:00Z",
      created_at: "2026-01-01T10:00:00Z",
      updated_at: "2026-01-01T10:00:00Z",
    });
    expect(item!.images).toStrictEqual([
      { id: expect.any(Number), url: `${BASE}/api/media/acc/hero.webp`, alt_text: "Hero", is_featured: true },
      { id: expect.any(Number), url: "https://cdn.example.com/second.webp", alt_text: "Second", is_featured: false },
    ]);
    const detail = (await (await call(`/api/v1/public/articles/${article.id}`, { token })).json()) as { data: unknown };
    expect(detail.data).toStrictEqual(item);
  });

  it("shows only the token owner's articles", async () => {
    const mine = await seedAccount();
    const other = await seedAccount();
    const own = await seedArticle(mine.accountId, { title: "Mine" });
    await seedArticle(other.accountId, { title: "Theirs" });
    const body = await list(mine.token);
    expect(ids(body)).toStrictEqual([own.id]);
    expect(body.meta.total).toBe(1);
  });
});

describe("GET /api/v1/public/articles: filters", () => {
  async function seedMix() {
    const seeded = await seedAccount();
    const { accountId } = seeded;
    const rows = {
      trPublished: await seedArticle(accountId, { title: "A", language: "tr", status: "published" }, at(1)),
      trDraft: await seedArticle(accountId, { title: "B", language: "tr", status: "draft" }, at(2)),
      enPublished: await seedArticle(accountId, { title: "C", language: "en", status: "published" }, at(3)),
      enPending: await seedArticle(accountId, { title: "D", language: "en", status: "pending" }, at(4)),
      deArchived: await seedArticle(accountId, { title: "E", language: "de", status: "archived" }, at(5)),
      ptBr: await seedArticle(accountId, { title: "F", language: "pt-BR", status: "published" }, at(6)),
    };
    return { ...seeded, rows };
  }

  it("filters by each status", async () => {
    const { token, rows } = await seedMix();
    expect(ids(await list(token, "?status=published"))).toStrictEqual([rows.ptBr.id, rows.enPublished.id, rows.trPublished.id]);
    expect(ids(await list(token, "?status=draft"))).toStrictEqual([rows.trDraft.id]);
    expect(ids(await list(token, "?status=pending"))).toStrictEqual([rows.enPending.id]);
    expect(ids(await list(token, "?status=archived"))).toStrictEqual([rows.deArchived.id]);
  });

  it("filters by language, case-insensitively, including region codes", async () => {
    const { token, rows } = await seedMix();
    expect(ids(await list(token, "?language=tr"))).toStrictEqual([rows.trDraft.id, rows.trPublished.id]);
    expect(ids(await list(token, "?language=EN"))).toStrictEqual([rows.enPending.id, rows.enPublished.id]);
    expect(ids(await list(token, "?language=pt-br"))).toStrictEqual([rows.ptBr.id]);
    const none = await list(token, "?language=fr");
    expect(none.data).toStrictEqual([]);
    expect(none.meta).toStrictEqual({ current_page: 1, last_page: 1, per_page: 10, total: 0 });
  });

  it("combines filters with AND, and meta.total counts the filtered set", async () => {
    const { token, rows } = await seedMix();
    const body = await list(token, "?status=published&language=en");
    expect(ids(body)).toStrictEqual([rows.enPublished.id]);
    expect(body.meta.total).toBe(1);
    expect((await list(token, "?status=draft&language=en")).meta.total).toBe(0);
    expect((await list(token, "?status=published&language=tr&per_page=1")).meta).toStrictEqual({
      current_page: 1,
      last_page: 1,
      per_page: 1,
      total: 1,
    });
  });
});

describe("GET /api/v1/public/articles: sorting", () => {
  /** Five articles where every sort key has a tie, so the id tie-breaker is visible. */
  async function seedSortable() {
    const seeded = await seedAccount();
    const { accountId } = seeded;
    const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `w${i}`).join(" ")}</p>`;
    const a = await seedArticle(accountId, { title: "Charlie", html: words(30) }, at(3));
    const b = await seedArticle(accountId, { title: "Alpha", html: words(10) }, at(1));
    const c = await seedArticle(accountId, { title: "Bravo", html: words(30) }, at(3));
    const d = await seedArticle(accountId, { title: "Alpha", html: words(20) }, at(2));
    const e = await seedArticle(accountId, { title: "Delta", html: words(5) }, at(4));
    const updated = { [a.id]: at(50), [b.id]: at(40), [c.id]: at(10), [d.id]: at(40), [e.id]: at(20) };
    for (const [id, when] of Object.entries(updated)) {
      await db()
        .update(articles)
        .set({ updatedAt: when.toISOString().replace(".000Z", "Z") })
        .where(eq(articles.id, Number(id)));
    }
    return { ...seeded, a, b, c, d, e };
  }

  it("sorts by every column in both orders, ties broken by id in the same direction", async () => {
    const { token, a, b, c, d, e } = await seedSortable();
    const expected: Record<string, number[]> = {
      "sort=created_at&order=asc": [b.id, d.id, a.id, c.id, e.id],
      "sort=created_at&order=desc": [e.id, c.id, a.id, d.id, b.id],
      "sort=updated_at&order=asc": [c.id, e.id, b.id, d.id, a.id],
      "sort=updated_at&order=desc": [a.id, d.id, b.id, e.id, c.id],
      "sort=title&order=asc": [b.id, d.id, c.id, a.id, e.id],
      "sort=title&order=desc": [e.id, a.id, c.id, d.id, b.id],
      "sort=word_count&order=asc": [e.id, b.id, d.id, a.id, c.id],
      "sort=word_count&order=desc": [c.id, a.id, d.id, b.id, e.id],
    };
    for (const [query, order] of Object.entries(expected)) {
      expect(ids(await list(token, `?${query}`)), query).toStrictEqual(order);
    }
  });

  it("defaults to created_at desc, and order alone or sort alone use the other default", async () => {
    const { token, a, b, c, d, e } = await seedSortable();
    expect(ids(await list(token))).toStrictEqual([e.id, c.id, a.id, d.id, b.id]);
    expect(ids(await list(token, "?order=asc"))).toStrictEqual([b.id, d.id, a.id, c.id, e.id]);
    expect(ids(await list(token, "?sort=title"))).toStrictEqual([e.id, a.id, c.id, d.id, b.id]);
  });

  it("sorts titles without regard to case", async () => {
    const { token, accountId } = await seedAccount();
    for (const title of ["banana", "Zebra", "apple", "Cherry"]) await seedArticle(accountId, { title });
    const titles = (body: ListBody) => body.data.map((article) => article.title);
    expect(titles(await list(token, "?sort=title&order=asc"))).toEqual(["apple", "banana", "Cherry", "Zebra"]);
    expect(titles(await list(token, "?sort=title&order=desc"))).toEqual(["Zebra", "Cherry", "banana", "apple"]);
  });

  it("pages through tied sort values without repeating or skipping an article", async () => {
    const { token, a, b, c, d, e } = await seedSortable();
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) seen.push(...ids(await list(token, `?sort=title&order=asc&per_page=1&page=${page}`)));
    expect(seen).toStrictEqual([b.id, d.id, c.id, a.id, e.id]);
  });
});

describe("GET /api/v1/public/articles: pagination", () => {
  async function seedNumbered(count: number) {
    const seeded = await seedAccount();
    const created: number[] = [];
    for (let i = 0; i < count; i++) created.push((await seedArticle(seeded.accountId, { title: `N${i}` }, at(i))).id);
    return { ...seeded, newestFirst: created.reverse() };
  }

  it("serves the last page partly filled and a page past the end empty, with correct meta", async () => {
    const { token, newestFirst } = await seedNumbered(7);
    const last = await list(token, "?per_page=3&page=3");
    expect(ids(last)).toStrictEqual(newestFirst.slice(6));
    expect(last.meta).toStrictEqual({ current_page: 3, last_page: 3, per_page: 3, total: 7 });
    const middle = await list(token, "?per_page=3&page=2");
    expect(ids(middle)).toStrictEqual(newestFirst.slice(3, 6));
    const past = await list(token, "?per_page=3&page=4");
    expect(past.data).toStrictEqual([]);
    expect(past.meta).toStrictEqual({ current_page: 4, last_page: 3, per_page: 3, total: 7 });
    const farPast = await list(token, "?page=999");
    expect(farPast.meta).toStrictEqual({ current_page: 999, last_page: 1, per_page: 10, total: 7 });
  });

  it("serves per_page=1 one article per page", async () => {
    const { token, newestFirst } = await seedNumbered(3);
    for (let page = 1; page <= 3; page++) {
      const body = await list(token, `?per_page=1&page=${page}`);
      expect(ids(body)).toStrictEqual([newestFirst[page - 1]]);
      expect(body.meta).toStrictEqual({ current_page: page, last_page: 3, per_page: 1, total: 3 });
    }
  });

  it("serves per_page=100, the maximum, in one page of 100 and the rest on page 2", async () => {
    const seeded = await seedAccount();
    // One INSERT … SELECT keeps the test fast; the FTS triggers still run per row.
    await testEnv.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 104)
       INSERT INTO articles (account_id, title, slug, created_at)
       SELECT ?1, 'Bulk ' || i, 'bulk-' || i, strftime('%Y-%m-%dT%H:%M:%SZ', '2026-01-01 10:00:00', '+' || i || ' minutes') FROM n`,
    )
      .bind(seeded.accountId)
      .run();
    const rows = await db()
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.accountId, seeded.accountId))
      .orderBy(articles.createdAt);
    expect(rows).toHaveLength(105);
    const newestFirst = rows.map((row) => row.id).reverse();
    const first = await list(seeded.token, "?per_page=100");
    expect(first.data).toHaveLength(100);
    expect(ids(first)).toStrictEqual(newestFirst.slice(0, 100));
    expect(first.meta).toStrictEqual({ current_page: 1, last_page: 2, per_page: 100, total: 105 });
    const second = await list(seeded.token, "?per_page=100&page=2");
    expect(ids(second)).toStrictEqual(newestFirst.slice(100));
  });
});
