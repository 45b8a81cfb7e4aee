// Writes benchmark data straight into a local D1 file with node:sqlite (the FTS triggers of the
// real migrations fire as they would in D1): one account with `count` articles and a token.
import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { countWords, htmlToText, slugify } from "../src/core/html-text.ts";

const WORDS = (
  "ekmek maya fırın hamur un su tuz ısı sabah kahvaltı çay simit İstanbul Ankara İzmir deniz vapur sahil " +
  "bahçe çiçek ağaç kış yaz bahar güz yağmur kar rüzgâr güneş dağ orman göl nehir köprü şehir sokak pazar " +
  "bread sourdough starter oven crust flour water salt yeast garden winter summer travel city bridge river " +
  "wordpress performance caching plugin image speed server database search keyword content article reader " +
  "guide tips best easy quick healthy recipe history culture market price money credit payment design"
).split(" ");
const STATUSES = ["published", "published", "published", "draft", "pending", "archived"];
const LANGUAGES = ["tr", "tr", "en", "en", "de", "fr"];

function seededRandom(seed) {
  let state = seed >>> 0;
  return () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export function seedBenchAccount(sqlitePath, { accountId, token, count, seed = 1 }) {
  const db = new DatabaseSync(sqlitePath);
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
  const tokenHash = createHash("sha256").update(token).digest("hex");

  db.exec("BEGIN");
  db.prepare("INSERT INTO accounts (id, email, credit_balance_kurus, created_at) VALUES (?, ?, 0, ?)").run(accountId, `${accountId}@bench.local`, iso(now));
  db.prepare("INSERT INTO api_tokens (id, account_id, name, scope, token_hash, prefix, last_four, expires_at, created_at) VALUES (?, ?, 'bench', 'manage', ?, ?, ?, ?, ?)").run(
    `tok_${accountId.slice(4)}`, accountId, tokenHash, token.slice(0, 8), token.slice(-4), iso(now + 150 * 86_400_000), iso(now),
  );
  const insertArticle = db.prepare(
    "INSERT INTO articles (account_id, title, slug, html, content_text, excerpt, seo_desc, keywords, word_count, language, status, published_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertImage = db.prepare("INSERT INTO article_images (article_id, account_id, url, alt_text, is_featured, position) VALUES (?, ?, ?, ?, 1, 0)");
  for (let i = 0; i < count; i++) {
    const title = Array.from({ length: 4 + Math.floor(random() * 5) }, () => pick(WORDS)).join(" ");
    const paragraphs = Array.from({ length: 3 + Math.floor(random() * 4) }, () => `<p>${Array.from({ length: 25 + Math.floor(random() * 40) }, () => pick(WORDS)).join(" ")}.</p>`);
    const html = `<h2>${title}</h2>${paragraphs.join("")}`;
    const text = htmlToText(html);
    const created = iso(now - (count - i) * 60_000);
    const status = pick(STATUSES);
    const { lastInsertRowid } = insertArticle.run(
      accountId, title, slugify(title), html, text, text.slice(0, 150), text.slice(0, 155), JSON.stringify([pick(WORDS), pick(WORDS)]),
      countWords(text), pick(LANGUAGES), status, status === "published" ? created : null, created, created,
    );
    if (i % 3 === 0) insertImage.run(lastInsertRowid, accountId, `/api/media/generated/${i}.webp`, title);
  }
  db.exec("COMMIT");
  db.close();
}
