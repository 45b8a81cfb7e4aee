// `node scripts/check-layers.mjs`: every import in src/ goes to its own area or to a lower layer
// (docs/architecture.md, "Layers"), and no two files import each other in a circle unless one
// side of it is a type-only import. Prints what breaks the rule and exits 1; CI runs it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

const LAYERS = [
  ["app.ts", "index.ts", "jobs"],
  ["mcp"],
  ["oauth"],
  ["auth"],
  ["pipeline", "improvements", "approvals", "links", "site-health"],
  ["public", "webhooks"],
  ["articles"],
  ["plans", "existing-posts", "blog-admin", "report", "agent", "publishing", "search-console", "account-data"],
  ["sites", "billing", "media", "accounts", "tokens", "sessions", "research", "members", "email", "audit"],
  ["http"],
  ["services"],
  ["db", "content", "adapters", "durable-objects", "config.ts", "env.ts"],
  ["core"],
];
const height = new Map(LAYERS.flatMap((areas, index) => areas.map((area) => [area, LAYERS.length - index])));
// env.ts declares the Worker's bindings, so it names the types of the classes bound to it.
const WIRING = new Set(["src/env.ts"]);

const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
const areaOf = (file) => relative("src", file).split("/")[0];
const IMPORT = /^(?:import|export)(\s+type)?\s[^;]*?from\s+"(\.[^"]+)";/gm;

const problems = [];
const edges = new Map();
for (const file of files("src")) {
  for (const [, typeOnly, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const target = normalize(join(dirname(file), spec)).replace(/(\.ts)?$/, ".ts");
    const [from, to] = [areaOf(file), areaOf(target)];
    if (!edges.has(file)) edges.set(file, []);
    edges.get(file).push({ target, typeOnly: Boolean(typeOnly) });
    if (from === to || WIRING.has(file)) continue;
    if ((height.get(to) ?? 0) > (height.get(from) ?? 0))
      problems.push(`${file} imports ${target}: ${from} may not import ${to}, a higher layer`);
  }
}
// Circles through value imports only.
const valueEdges = (file) => (edges.get(file) ?? []).filter((edge) => !edge.typeOnly).map((edge) => edge.target);
const state = new Map();
const visit = (file, path) => {
  state.set(file, "open");
  for (const next of valueEdges(file)) {
    if (state.get(next) === "open") problems.push(`circle: ${[...path.slice(path.indexOf(next)), next].join(" -> ")}`);
    else if (!state.has(next)) visit(next, [...path, next]);
  }
  state.set(file, "done");
};
for (const file of edges.keys()) if (!state.has(file)) visit(file, [file]);

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`layers: ${edges.size} files, no import to a higher layer, no circle of value imports`);
