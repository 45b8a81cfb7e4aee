// A WordPress given the same articles as the bench's 10k account, for `npm run bench` to compare
// against: its own peer (scripts/wordpress-peer on BENCH_WP_PORT, 8882), so the e2e peer on
// 8881 keeps its 25 posts; the posts go straight into wp_posts through MariaDB's unix socket.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";

const PEER_DIR = fileURLToPath(new URL("../scripts/wordpress-peer", import.meta.url));
const ROWS_PER_INSERT = 200;

const sqlText = (value) => `'${String(value).replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
const mysqlTime = (iso) => iso.replace("T", " ").replace(/Z$/, "");

/** Starts the dedicated peer and returns its URL and credentials (start.sh's export lines). */
export function startBenchWordPress(port) {
  const result = spawnSync(`${PEER_DIR}/start.sh`, {
    env: { ...process.env, WP_PORT: String(port) },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0) throw new Error("the WordPress peer did not start");
  const vars = Object.fromEntries(
    result.stdout
      .split("\n")
      .map((line) => /^(?:export )?(\w+)=(.*)$/.exec(line))
      .filter(Boolean)
      .map(([, key, value]) => [key, value.replace(/^'|'$/g, "")]),
  );
  return { url: vars.WP_URL, user: vars.WP_USER, appPassword: vars.WP_APP_PASSWORD, dir: vars.WP_DIR };
}

export function stopBenchWordPress(port) {
  spawnSync(`${PEER_DIR}/stop.sh`, ["--purge"], { env: { ...process.env, WP_PORT: String(port) }, stdio: "ignore" });
}

/**
 * Replaces the peer's posts with the account's articles from the bench's D1 file (title, HTML,
 * slug, dates; every one published), as multi-row INSERTs piped to `mariadb` over the socket.
 */
export function seedWordPressFrom(sqliteFile, accountId, peer) {
  const db = new DatabaseSync(sqliteFile, { readOnly: true });
  const rows = db
    .prepare("SELECT title, slug, html, excerpt, created_at, updated_at FROM articles WHERE account_id = ? ORDER BY id")
    .all(accountId);
  db.close();
  const statements = ["DELETE FROM wp_posts WHERE post_type = 'post';"];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows.slice(i, i + ROWS_PER_INSERT).map((row, j) => {
      const created = mysqlTime(row.created_at);
      const modified = mysqlTime(row.updated_at);
      const slug = `${row.slug}-${i + j + 1}`.slice(0, 190);
      return `(1, ${sqlText(created)}, ${sqlText(created)}, ${sqlText(row.html)}, ${sqlText(row.title)}, ${sqlText(row.excerpt)}, 'publish', 'open', 'open', '', ${sqlText(slug)}, '', '', ${sqlText(modified)}, ${sqlText(modified)}, '', 0, ${sqlText(`${peer.url}/?p=${i + j + 1}`)}, 0, 'post', '', 0)`;
    });
    statements.push(
      `INSERT INTO wp_posts (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status, comment_status, ping_status, post_password, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered, post_parent, guid, menu_order, post_type, post_mime_type, comment_count) VALUES ${values.join(",")};`,
    );
  }
  const file = join(peer.dir, "bench-posts.sql");
  writeFileSync(file, statements.join("\n"));
  const sockDirFile = join(peer.dir, "run", "sockdir");
  const socket = existsSync(sockDirFile)
    ? join(readFileSync(sockDirFile, "utf8").trim(), "mysqld.sock")
    : join(peer.dir, "run", "mysqld.sock");
  const started = Date.now();
  const result = spawnSync("sh", ["-c", `mariadb --no-defaults -S '${socket}' -uroot wordpress < '${file}'`], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("loading the posts into WordPress failed");
  return { posts: rows.length, ms: Date.now() - started };
}
