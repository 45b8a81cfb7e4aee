// Vitest global setup of the end-to-end suite (runs in Node, before the workerd tests): copies the
// connector plugin, the SEO plugin stand-ins and the meta probe into the real WordPress's plugins
// folder, as a site owner uploading the zip would; at every run, since a test deletes the
// connector. The tests activate them through the REST API (POST /wp/v2/plugins/{plugin}) and
// deactivate them afterwards. Needs WP_DIR, which scripts/wordpress-peer/start.sh prints with
// the other variables.
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";

const PLUGINS = {
  "content-autopilot-connector": "wordpress/content-autopilot-connector",
  "yoast-stand-in": "test/e2e/wordpress-plugins/yoast-stand-in",
  "rank-math-stand-in": "test/e2e/wordpress-plugins/rank-math-stand-in",
  "meta-probe": "test/e2e/wordpress-plugins/meta-probe",
};

export default function installPlugins() {
  const wpDir = process.env.WP_DIR;
  if (!process.env.WP_URL) return;
  const target = wpDir ? join(wpDir, "www", "wp-content", "plugins") : "";
  if (!wpDir || !existsSync(target)) {
    console.warn(
      `[test:e2e] WP_DIR is not set or has no www/wp-content/plugins: the connector is not installed and its tests fail. Export WP_DIR as start.sh prints it.`,
    );
    return;
  }
  for (const [name, source] of Object.entries(PLUGINS)) cpSync(source, join(target, name), { recursive: true });
  console.log(`[test:e2e] copied ${Object.keys(PLUGINS).join(", ")} into ${target}`);
}
