// Builds the SQL that seeds the local demo account: idempotent (fixed ids, INSERT OR IGNORE),
// so every `npm run dev` can run it. The token is kept in .wrangler/demo-token so it stays
// the same across restarts; only its SHA-256 goes into the database, as in production.
import { createHash, pbkdf2Sync, randomBytes, randomInt } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { countWords, htmlToText } from "../src/core/html-text.ts";
import { slugify } from "../src/core/slug.ts";

const ACCOUNT_ID = "acc_demo000000000000";
/** The demo owner: a user (the panel's sign-in) and their owner member of the demo account. */
const USER_ID = "usr_demo000000000000";
const MEMBER_ID = "mem_demo000000000000";
const TOKEN_ID = "tok_demo000000000000";
export const DEMO_EMAIL = "demo@example.com";
/** The demo account's panel password: local only, printed by `npm run dev`. */
export const DEMO_PASSWORD = "demo-password-123";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function loadOrCreateDemoToken(path = ".wrangler/demo-token") {
  if (existsSync(path)) {
    const saved = readFileSync(path, "utf8").trim();
    if (/^sap_[0-9A-Za-z]{40}$/.test(saved)) return saved;
  }
  const token = `sap_${Array.from({ length: 40 }, () => BASE62[randomInt(62)]).join("")}`;
  mkdirSync(".wrangler", { recursive: true });
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  return token;
}

/**
 * `daysAgo`: when each was written (and published): the published ones 30 to 100 days ago, so the
 * site's traction list has articles old enough to judge (one never found, under the offline
 * Search Console).
 */
const SAMPLE_ARTICLES = [
  {
    title: "Ekşi Mayalı Ekmeğin Sırları",
    daysAgo: 100,
    language: "tr",
    status: "published",
    keywords: ["ekşi maya", "ekmek"],
    html: "<h2>Maya nasıl hazırlanır?</h2><p>Ekşi maya, un ve suyun birkaç gün boyunca fermente olmasıyla oluşur. Ilık bir ortamda bekleyen maya her gün beslenir.</p><p>İyi bir ekmek için sabır gerekir: hamur uzun süre dinlenir ve fırında yüksek ısıda pişirilir.</p>",
  },
  {
    title: "İstanbul'da Bir Hafta Sonu Rotası",
    daysAgo: 80,
    language: "tr",
    status: "published",
    keywords: ["istanbul", "gezi"],
    html: "<p>Karaköy'den başlayıp Kadıköy'e uzanan rota, vapur yolculuğu ve sokak lezzetleriyle dolu.</p><ul><li>Galata Kulesi</li><li>Moda sahili</li></ul>",
  },
  {
    title: "A Beginner's Guide to Sourdough Bread",
    daysAgo: 62,
    language: "en",
    status: "published",
    keywords: ["sourdough", "bread"],
    html: "<h2>What is a starter?</h2><p>A sourdough starter is flour and water fermented by wild yeast. Feed it daily and keep it warm.</p><p>Bake at a high temperature for a crisp crust.</p>",
  },
  {
    title: "How to Speed Up a WordPress Site",
    daysAgo: 45,
    language: "en",
    status: "published",
    keywords: ["wordpress", "performance"],
    html: "<p>Caching, smaller images and fewer plugins are the three quickest wins for a slow WordPress site.</p>",
  },
  {
    title: "Choosing Keywords That Bring Readers",
    daysAgo: 3,
    language: "en",
    status: "draft",
    keywords: ["seo", "keywords"],
    html: "<p>Pick keywords with real monthly volume and low competition, and write for the reader first.</p>",
  },
  {
    title: "Kış Aylarında Bahçe Bakımı",
    daysAgo: 2,
    language: "tr",
    status: "pending",
    keywords: ["bahçe", "kış"],
    html: "<p>Soğuk havalarda bitkileri don olayından korumak için malçlama yapın ve sulamayı azaltın.</p>",
  },
  {
    title: "Die besten Wanderwege im Schwarzwald",
    daysAgo: 30,
    language: "de",
    status: "published",
    keywords: ["wandern"],
    html: "<p>Der Schwarzwald bietet Wanderwege für jede Kondition, von kurzen Rundwegen bis zu mehrtägigen Touren.</p>",
  },
  {
    title: "Old Announcement: Spring Sale",
    daysAgo: 150,
    language: "en",
    status: "archived",
    keywords: ["sale"],
    html: "<p>Our spring sale has ended. Thank you to everyone who joined.</p>",
  },
];

/**
 * The demo blog: a site on a name that never resolves (`.invalid`), so nothing is ever fetched
 * from it, with a dozen old posts. Under the offline Search Console (`npm run dev`) its pages get
 * invented figures, so performance, decay and opportunities show on a fresh machine.
 */
const DEMO_SITE = { id: "site_demo00000000000", url: "https://blog.demo.invalid", indexNowKey: "6f1d2c3b4a5e6d7c8b9a0f1e2d3c4b5a" };
const DEMO_POSTS = [
  ["Ekşi Maya Nasıl Beslenir?", "eksi-maya-nasil-beslenir"],
  ["Tam Buğday Ekmeği Tarifi", "tam-bugday-ekmegi-tarifi"],
  ["Ev Yapımı Pizza Hamuru", "ev-yapimi-pizza-hamuru"],
  ["Fırın Sıcaklığı Rehberi", "firin-sicakligi-rehberi"],
  ["Glutensiz Ekmek Denemeleri", "glutensiz-ekmek-denemeleri"],
  ["How to Store Bread So It Stays Fresh", "how-to-store-bread"],
  ["Baking Bread at High Altitude", "baking-bread-high-altitude"],
  ["Rye Bread for Beginners", "rye-bread-for-beginners"],
  ["Focaccia with Rosemary and Sea Salt", "focaccia-rosemary-sea-salt"],
  ["Why Did My Dough Not Rise?", "why-dough-not-rise"],
  ["Cast Iron Pan Bread", "cast-iron-pan-bread"],
  ["Simit Tarifi: Gevrek ve Susamlı", "simit-tarifi"],
];

export function passwordHash(password) {
  const salt = randomBytes(16);
  return `pbkdf2-sha256$100000$${salt.toString("base64")}$${pbkdf2Sync(password, salt, 100_000, 32, "sha256").toString("base64")}`;
}

const quote = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

export function demoSeedSql(token, signupCreditKurus = 10_000) {
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const now = new Date();
  const iso = (date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
  const expires = new Date(now);
  expires.setUTCMonth(expires.getUTCMonth() + 6);
  const statements = [
    `INSERT OR IGNORE INTO accounts (id, email, billing_mode, credit_balance_kurus, created_at) VALUES (${quote(ACCOUNT_ID)}, ${quote(DEMO_EMAIL)}, 'CREDITS', ${signupCreditKurus}, ${quote(iso(now))});`,
    `INSERT OR IGNORE INTO credit_ledger (account_id, kind, amount_kurus, balance_after_kurus, reference, note, created_at) VALUES (${quote(ACCOUNT_ID)}, 'signup', ${signupCreditKurus}, ${signupCreditKurus}, 'signup', 'Signup credit', ${quote(iso(now))});`,
    // A fresh token file (or a wiped database) replaces the demo token row.
    `DELETE FROM api_tokens WHERE id = ${quote(TOKEN_ID)} AND token_hash <> ${quote(tokenHash)};`,
    // The panel's password, hashed as src/sessions/passwords.ts does (PBKDF2-SHA256, 100,000 iterations).
    `INSERT OR IGNORE INTO users (id, email, password_hash, password_updated_at, created_at) VALUES (${quote(USER_ID)}, ${quote(DEMO_EMAIL)}, ${quote(passwordHash(DEMO_PASSWORD))}, ${quote(iso(now))}, ${quote(iso(now))});`,
    `INSERT OR IGNORE INTO members (id, account_id, user_id, role, created_at) SELECT ${quote(MEMBER_ID)}, ${quote(ACCOUNT_ID)}, id, 'owner', ${quote(iso(now))} FROM users WHERE email = ${quote(DEMO_EMAIL)};`,
    `INSERT OR IGNORE INTO api_tokens (id, account_id, member_id, name, scope, token_hash, prefix, last_four, expires_at, created_at) VALUES (${quote(TOKEN_ID)}, ${quote(ACCOUNT_ID)}, ${quote(MEMBER_ID)}, 'Demo token', 'manage', ${quote(tokenHash)}, ${quote(token.slice(0, 8))}, ${quote(token.slice(-4))}, ${quote(iso(expires))}, ${quote(iso(now))});`,
  ];
  SAMPLE_ARTICLES.forEach((article) => {
    const created = iso(new Date(now.getTime() - article.daysAgo * 86_400_000));
    const text = htmlToText(article.html);
    const publishedAt = article.status === "published" || article.status === "archived" ? created : null;
    statements.push(
      `INSERT INTO articles (account_id, title, slug, html, content_text, excerpt, seo_title, seo_desc, keywords, tags, word_count, language, status, published_at, created_at, updated_at) ` +
        `SELECT ${quote(ACCOUNT_ID)}, ${quote(article.title)}, ${quote(slugify(article.title))}, ${quote(article.html)}, ${quote(text)}, ${quote(text.slice(0, 140))}, ${quote(article.title)}, ${quote(text.slice(0, 155))}, ${quote(JSON.stringify(article.keywords))}, '[]', ${countWords(text)}, ${quote(article.language)}, ${quote(article.status)}, ${quote(publishedAt)}, ${quote(created)}, ${quote(created)} ` +
        `WHERE NOT EXISTS (SELECT 1 FROM articles WHERE account_id = ${quote(ACCOUNT_ID)} AND slug = ${quote(slugify(article.title))});`,
    );
  });
  statements.push(
    `INSERT OR IGNORE INTO sites (id, account_id, platform, url, status, language, blog_name, index_now_key, created_at, updated_at) VALUES (${quote(DEMO_SITE.id)}, ${quote(ACCOUNT_ID)}, 'blog', ${quote(DEMO_SITE.url)}, 'CONNECTED', 'tr', 'Demo blog', ${quote(DEMO_SITE.indexNowKey)}, ${quote(iso(now))}, ${quote(iso(now))});`,
    // The published samples live on the demo blog, so their pages have figures too.
    `UPDATE articles SET site_id = ${quote(DEMO_SITE.id)}, publication_url = ${quote(`${DEMO_SITE.url}/`)} || slug || '/' WHERE account_id = ${quote(ACCOUNT_ID)} AND status = 'published' AND site_id IS NULL AND plan_item_id IS NULL;`,
  );
  DEMO_POSTS.forEach(([title, slug], index) => {
    const modified = iso(new Date(now.getTime() - (index + 3) * 20 * 86_400_000));
    statements.push(
      `INSERT OR IGNORE INTO existing_posts (id, account_id, site_id, remote_id, title, url, modified_at, word_count, sync_id, created_at, updated_at) VALUES (${quote(`post_demo${String(index).padStart(11, "0")}`)}, ${quote(ACCOUNT_ID)}, ${quote(DEMO_SITE.id)}, ${1000 + index}, ${quote(title)}, ${quote(`${DEMO_SITE.url}/${slug}/`)}, ${quote(modified)}, ${900 + index * 85}, 'demo', ${quote(iso(now))}, ${quote(iso(now))});`,
    );
  });
  return statements.join("\n");
}
