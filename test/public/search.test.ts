import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles } from "../../src/db/schema";
import { bodyColumns } from "../../src/articles/service";
import { call, db, expectError, seedAccount, seedArticle } from "../harness";

interface ListBody {
  success: boolean;
  data: { id: number }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

async function search(token: string, words: string, extra = ""): Promise<ListBody> {
  const res = await call(`/api/v1/public/articles?search=${encodeURIComponent(words)}${extra}`, { token });
  expect(res.status, `search ${JSON.stringify(words)}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as ListBody;
}

const ids = (body: ListBody) => body.data.map((article) => article.id).sort((a, b) => a - b);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute, 0));

async function seedLibrary() {
  const seeded = await seedAccount();
  const { accountId } = seeded;
  const bread = await seedArticle(
    accountId,
    {
      title: "Ekmeğin Tarihi",
      html: "<p>Ekşi maya ile yapılan ekmeği fırında pişirmek sabır ister.</p>",
      language: "tr",
      status: "published",
    },
    at(1),
  );
  const heat = await seedArticle(
    accountId,
    {
      title: "Evde Isı Yalıtımı",
      html: "<p>Kışın ısı kaybını azaltmak için duvarları yalıtın.</p>",
      language: "tr",
      status: "draft",
    },
    at(2),
  );
  const city = await seedArticle(
    accountId,
    {
      title: "İstanbul Rehberi",
      html: "<p>Boğaz kıyısında bir gün; IŞIK ve deniz.</p>",
      language: "tr",
      status: "published",
    },
    at(3),
  );
  const sourdough = await seedArticle(
    accountId,
    {
      title: "A Sourdough Starter Guide",
      html: '<p class="kitchenclass">Feed the starter <a href="https://hiddenhost.example/flour" title="tooltipword">every day</a> with flour and water.</p><script>var scriptword = 1;</script><!-- commentword -->',
      language: "en",
      status: "published",
    },
    at(4),
  );
  const garden = await seedArticle(
    accountId,
    {
      title: "Garden Planning",
      html: "<p>Plant tomatoes after the last frost &amp; water them daily. Café culture aside.</p>",
      language: "en",
      status: "draft",
    },
    at(5),
  );
  return { ...seeded, bread, heat, city, sourdough, garden };
}

describe("GET /api/v1/public/articles?search", () => {
  it("finds English words in the title and in the text, in any order, all words required", async () => {
    const { token, sourdough, garden } = await seedLibrary();
    expect(ids(await search(token, "sourdough"))).toStrictEqual([sourdough.id]);
    expect(ids(await search(token, "flour"))).toStrictEqual([sourdough.id]);
    expect(ids(await search(token, "flour starter"))).toStrictEqual([sourdough.id]);
    expect(ids(await search(token, "Starter FLOUR Sourdough"))).toStrictEqual([sourdough.id]);
    expect(ids(await search(token, "water"))).toStrictEqual([sourdough.id, garden.id]);
    expect(ids(await search(token, "water tomatoes"))).toStrictEqual([garden.id]);
    expect(ids(await search(token, "sourdough tomatoes"))).toStrictEqual([]);
    expect(ids(await search(token, "cafe"))).toStrictEqual([garden.id]);
  });

  it("folds Turkish letters: ğ, ş by diacritics, dotless ı and dotted İ to i, in text and query alike", async () => {
    const { token, bread, heat, city } = await seedLibrary();
    expect(ids(await search(token, "ekmegi"))).toStrictEqual([bread.id]);
    expect(ids(await search(token, "ekmeği"))).toStrictEqual([bread.id]);
    expect(ids(await search(token, "EKMEĞİ"))).toStrictEqual([bread.id]);
    expect(ids(await search(token, "eksi maya"))).toStrictEqual([bread.id]);
    expect(ids(await search(token, "isi"))).toStrictEqual([heat.id]);
    expect(ids(await search(token, "ısı"))).toStrictEqual([heat.id]);
    expect(ids(await search(token, "ISI yalitimi"))).toStrictEqual([heat.id]);
    expect(ids(await search(token, "istanbul"))).toStrictEqual([city.id]);
    expect(ids(await search(token, "İSTANBUL"))).toStrictEqual([city.id]);
    expect(ids(await search(token, "isik"))).toStrictEqual([city.id]);
    expect(ids(await search(token, "kiyisinda bogaz"))).toStrictEqual([city.id]);
  });

  it("finds İstanbul when a client lowercased it in JavaScript (i followed by a combining dot)", async () => {
    const { token, city } = await seedLibrary();
    const lowered = "İstanbul".toLowerCase();
    expect(lowered).toBe("i\u0307stanbul");
    expect(ids(await search(token, lowered))).toStrictEqual([city.id]);
  });

  it("does not match text inside tags, attributes, scripts or comments", async () => {
    const { token, sourdough } = await seedLibrary();
    for (const hidden of ["kitchenclass", "hiddenhost", "tooltipword", "scriptword", "commentword", "href", "class"]) {
      expect(ids(await search(token, hidden)), hidden).toStrictEqual([]);
    }
    expect(ids(await search(token, "every day"))).toStrictEqual([sourdough.id]);
  });

  it("combines search with status and language filters (AND) and paginates the matches", async () => {
    const { token, city, sourdough, garden } = await seedLibrary();
    expect(ids(await search(token, "water", "&status=draft"))).toStrictEqual([garden.id]);
    expect(ids(await search(token, "water", "&language=tr"))).toStrictEqual([]);
    expect(ids(await search(token, "water", "&language=en&status=published"))).toStrictEqual([sourdough.id]);
    expect(ids(await search(token, "ekmegi", "&status=draft"))).toStrictEqual([]);
    const turkishPublished = await search(token, "bir", "&language=tr&status=published&per_page=1");
    expect(turkishPublished.meta).toStrictEqual({ current_page: 1, last_page: 1, per_page: 1, total: 1 });
    expect(ids(turkishPublished)).toStrictEqual([city.id]);
  });

  it("follows edits and deletions of articles (the index is kept in step by triggers)", async () => {
    const { token, garden } = await seedLibrary();
    await db()
      .update(articles)
      .set({ title: "Orchard Planning", ...bodyColumns("<p>Prune the apple trees.</p>") })
      .where(eq(articles.id, garden.id));
    expect(ids(await search(token, "tomatoes"))).toStrictEqual([]);
    expect(ids(await search(token, "orchard apple"))).toStrictEqual([garden.id]);
    await db().delete(articles).where(eq(articles.id, garden.id));
    expect(ids(await search(token, "orchard"))).toStrictEqual([]);
  });

  it("never shows another account's matches", async () => {
    const { token } = await seedAccount();
    await seedLibrary();
    const body = await search(token, "sourdough");
    expect(body.data).toStrictEqual([]);
    expect(body.meta.total).toBe(0);
  });

  it("treats FTS syntax and SQL in the input as plain words, never as a 500", async () => {
    const { token, sourdough } = await seedLibrary();
    const hostile = [
      '"',
      "'",
      "AND",
      "OR",
      "NOT",
      "*",
      "(",
      ")",
      "title:foo",
      "NEAR(a b)",
      "^",
      "-",
      "+",
      "sourdough*",
      '"sourdough',
      "sourdough OR garden",
      "sourdough AND NOT starter",
      "body:flour",
      "{title body}: flour",
      "' OR 1=1 --",
      "'; DROP TABLE articles; --",
      '") UNION SELECT * FROM api_tokens --',
      "\\",
      "%",
      "_",
      "\u0000",
      "😀",
    ];
    for (const input of hostile) {
      const body = await search(token, input);
      expect(body.success, input).toBe(true);
    }
    // Syntax characters around a word leave the word: it still finds the article.
    expect(ids(await search(token, '"sourdough'))).toStrictEqual([sourdough.id]);
    expect(ids(await search(token, "sourdough*"))).toStrictEqual([sourdough.id]);
    // OR is a word to match, not an operator: no article holds "or" and "garden" and "sourdough".
    expect(ids(await search(token, "sourdough OR garden"))).toStrictEqual([]);
    expect(ids(await search(token, "flour NOT starter"))).toStrictEqual([]);
    // The table is still there.
    expect((await call("/api/v1/public/articles", { token }).then((r) => r.json() as Promise<ListBody>)).meta.total).toBe(5);
  });

  it("answers input of only punctuation with an empty result", async () => {
    const { token } = await seedLibrary();
    for (const input of ['"', "*", "()", "^-+", "!?.,;:", "— …"]) {
      const body = await search(token, input);
      expect(body.data, input).toStrictEqual([]);
      expect(body.meta, input).toStrictEqual({ current_page: 1, last_page: 1, per_page: 10, total: 0 });
    }
  });

  it("takes up to 200 characters and refuses more with a 400 naming search", async () => {
    const { token } = await seedLibrary();
    await search(token, "a".repeat(200));
    const res = await call(`/api/v1/public/articles?search=${"a".repeat(201)}`, { token });
    const body = await expectError(res, 400, "invalid_request");
    expect(body.message).toContain("search");
    const long = await call(`/api/v1/public/articles?search=${encodeURIComponent("sourdough ".repeat(40))}`, { token });
    expect((await expectError(long, 400, "invalid_request")).message).toContain("search");
  });

  it("refuses an empty or blank search with a 400 naming search", async () => {
    const { token } = await seedAccount();
    for (const input of ["", "%20%20"]) {
      const body = await expectError(await call(`/api/v1/public/articles?search=${input}`, { token }), 400, "invalid_request");
      expect(body.message).toContain("search");
    }
  });
});
