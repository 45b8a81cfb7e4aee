// Writes benchmark data straight into a local D1 file with node:sqlite (the FTS triggers of the
// real migrations fire as they would in D1): one account with `count` articles and a token.
import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { countWords, htmlToText } from "../src/core/html-text.ts";
import { slugify } from "../src/core/slug.ts";

const STATUSES = ["published", "published", "published", "draft", "pending", "archived"];
const LANGUAGES = ["tr", "tr", "en", "en", "de", "fr"];

/** The words the benchmark searches for, and the Zipf rank each gets in the vocabulary. */
export const SEARCH_WORDS = {
  ekmek: 120,
  sourdough: 200,
  istanbul: 300,
  garden: 450,
  kahvaltı: 600,
  performance: 900,
  köprü: 1300,
  recipe: 2000,
};
const VOCABULARY_SIZE = 20_000;
const SYLLABLES = "ka ra me li so tu ne ba de ri mo la zu po ve ni ta ko se ya gü şe ıl ça ö".split(" ");

/** A Zipf-distributed vocabulary (like real text): frequent short words, a long tail, and the search words at fixed ranks. */
function buildVocabulary(random) {
  const words = [];
  const seen = new Set(Object.keys(SEARCH_WORDS));
  while (words.length < VOCABULARY_SIZE) {
    const syllables = 1 + Math.floor(words.length < 100 ? random() * 2 : 1 + random() * 3);
    const word = Array.from({ length: syllables }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join("");
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  for (const [word, rank] of Object.entries(SEARCH_WORDS)) words[rank - 1] = word;
  const cumulative = new Float64Array(VOCABULARY_SIZE);
  let total = 0;
  for (let rank = 1; rank <= VOCABULARY_SIZE; rank++) cumulative[rank - 1] = total += 1 / rank;
  return () => {
    const target = random() * total;
    let low = 0;
    let high = VOCABULARY_SIZE - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return words[low];
  };
}

function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function seedBenchAccount(sqlitePath, { accountId, token, count, seed = 1 }) {
  const db = new DatabaseSync(sqlitePath);
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const word = buildVocabulary(seededRandom(42));
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  const tokenHash = createHash("sha256").update(token).digest("hex");

  db.exec("BEGIN");
  db.prepare("INSERT INTO accounts (id, email, credit_balance_kurus, created_at) VALUES (?, ?, 0, ?)").run(
    accountId,
    `${accountId}@bench.local`,
    iso(now),
  );
  db.prepare(
    "INSERT INTO api_tokens (id, account_id, name, scope, token_hash, prefix, last_four, expires_at, created_at) VALUES (?, ?, 'bench', 'manage', ?, ?, ?, ?, ?)",
  ).run(`tok_${accountId.slice(4)}`, accountId, tokenHash, token.slice(0, 8), token.slice(-4), iso(now + 150 * 86_400_000), iso(now));
  const insertArticle = db.prepare(
    "INSERT INTO articles (account_id, title, slug, html, content_text, excerpt, seo_desc, keywords, word_count, language, status, published_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertImage = db.prepare(
    "INSERT INTO article_images (article_id, account_id, url, alt_text, is_featured, position) VALUES (?, ?, ?, ?, 1, 0)",
  );
  for (let i = 0; i < count; i++) {
    const title = Array.from({ length: 4 + Math.floor(random() * 5) }, word).join(" ");
    const paragraphs = Array.from(
      { length: 2 + Math.floor(random() * 4) },
      () => `<p>${Array.from({ length: 25 + Math.floor(random() * 40) }, word).join(" ")}.</p>`,
    );
    const html = `<h2>${title}</h2>${paragraphs.join("")}`;
    const text = htmlToText(html);
    const created = iso(now - (count - i) * 60_000);
    const status = pick(STATUSES);
    const { lastInsertRowid } = insertArticle.run(
      accountId,
      title,
      slugify(title),
      html,
      text,
      text.slice(0, 150),
      text.slice(0, 155),
      JSON.stringify([word(), word()]),
      countWords(text),
      pick(LANGUAGES),
      status,
      status === "published" ? created : null,
      created,
      created,
    );
    if (i % 3 === 0) insertImage.run(lastInsertRowid, accountId, `/api/media/generated/${i}.webp`, title);
  }
  db.exec("COMMIT");
  db.close();
}
