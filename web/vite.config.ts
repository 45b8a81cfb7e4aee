import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

// The account panel: built into web/dist, which the Worker serves as static assets
// (wrangler.toml [assets]); under `npm run dev` panel and API share one origin.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), apiReferenceAssets()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
});

/**
 * Swagger UI's script and stylesheet (the swagger-ui-dist package) copied to
 * web/dist/vendor/swagger-ui/, where the API reference the Worker renders at /api/docs
 * (src/http/api-docs.ts) loads them: from this origin, never from a CDN. Their source-map
 * comments are dropped, as the maps are not copied.
 */
function apiReferenceAssets(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: "api-reference-assets",
    apply: "build",
    generateBundle() {
      for (const file of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
        const source = readFileSync(require.resolve(`swagger-ui-dist/${file}`), "utf8").replace(
          /\n?\/[/*]# sourceMappingURL=\S+(\s*\*\/)?\s*$/,
          "\n",
        );
        this.emitFile({ type: "asset", fileName: `vendor/swagger-ui/${file}`, source });
      }
    },
  };
}
