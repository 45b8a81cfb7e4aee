import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rolldown } from "vite";

// The account panel: built into web/dist, which the Worker serves as static assets
// (wrangler.toml [assets]); under `npm run dev` panel and API share one origin.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), apiReferenceAssets(), earlyReads()],
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

/**
 * /early-reads.js (index.html loads it before the bundle): src/early-reads.js with the files an
 * article's page runs filled in, the panel's (app.tsx) and the screen's with every file they
 * import and their stylesheets, so the script can ask for them while the bundle's first file loads.
 */
function earlyReads(): Plugin {
  const template = fileURLToPath(new URL("./src/early-reads.js", import.meta.url));
  return {
    name: "early-reads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === "chunk");
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // What index.html itself loads (the entry and its imports) is left out.
      const loaded = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) for (const file of [entry.fileName, ...entry.imports]) loaded.add(file);
      const files = new Set<string>();
      const add = (chunk: Rolldown.OutputChunk) => {
        if (files.has(chunk.fileName) || loaded.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) {
          const next = byName.get(imported);
          if (next && !next.isEntry) add(next);
        }
      };
      for (const entry of ["/src/app.tsx", "/src/screens/articles/article.tsx"]) {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(entry));
        if (!chunk) this.error(`early-reads: no chunk for ${entry}`);
        add(chunk);
      }
      const list = JSON.stringify([...files].map((file) => `/${file}`));
      const source = readFileSync(template, "utf8").replace("const ARTICLE_PAGE_CODE = [];", `const ARTICLE_PAGE_CODE = ${list};`);
      if (!source.includes(list)) this.error("early-reads: src/early-reads.js has no `const ARTICLE_PAGE_CODE = [];` to fill in");
      this.emitFile({ type: "asset", fileName: "early-reads.js", source });
    },
  };
}
