import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** The repository's root (this file is web/test/docs-links.ts). */
export const REPO_ROOT = resolve(__dirname, "../..");

/** What a page may not contain: paths to the machine the project was built on, or beside the repository. */
const OUTSIDE = [/\.\.\/shared\b/, /\/work\/(?:shared|main)\b/];

/** Folders whose files are made by builds and runs, never committed (see .gitignore). */
function ignoredPrefixes(root: string): string[] {
  const gitignore = join(root, ".gitignore");
  if (!existsSync(gitignore)) return [];
  return readFileSync(gitignore, "utf8")
    .split("\n")
    .map((line) => line.trim().replace(/^\//, "").replace(/\/$/, ""))
    .filter((line) => line && !line.startsWith("#") && !/[*?[\]!]/.test(line));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown page's headings (outside code blocks), with GitHub's -1, -2 for repeats. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The lines of a Markdown page outside fenced code blocks, with their line numbers. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let fence: string | null = null;
  markdown.split("\n").forEach((text, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) lines.push({ text, line: index + 1 });
  });
  return lines;
}

export interface LinkProblem {
  file: string;
  line: number;
  problem: string;
}

/**
 * Checks one Markdown page of the repository: every relative link (and its #anchor, when it
 * points at a Markdown page) and every backticked repository path (`src/…`, `test/…`, `docs/…`)
 * names a file or folder inside the repository, and nothing points outside it.
 */
export function checkMarkdown(file: string, root: string = REPO_ROOT): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const path = join(root, file);
  const markdown = readFileSync(path, "utf8");
  const report = (line: number, problem: string) => problems.push({ file, line, problem });
  const topFolders = new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== ".git" && entry.name !== "node_modules")
      .map((entry) => entry.name),
  );
  const ignored = ignoredPrefixes(root);
  const insideRepo = (target: string) => {
    const fromRoot = relative(root, target);
    return fromRoot !== ".." && !fromRoot.startsWith(`..${sep}`) && !fromRoot.startsWith(sep);
  };

  markdown.split("\n").forEach((text, index) => {
    for (const pattern of OUTSIDE) if (pattern.test(text)) report(index + 1, `points outside the repository: ${text.trim()}`);
  });

  for (const { text, line } of proseLines(markdown)) {
    // Inline code first: a link-like text inside backticks is code, not a link.
    const withoutCode = text.replace(/`[^`]*`/g, "``");
    for (const match of withoutCode.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [pathPart = "", anchor] = target.split("#", 2) as [string, string | undefined];
      const resolved = pathPart === "" ? path : resolve(dirname(path), decodeURIComponent(pathPart));
      if (!insideRepo(resolved)) {
        report(line, `link outside the repository: ${target}`);
        continue;
      }
      if (!existsSync(resolved)) {
        report(line, `link to a file that does not exist: ${target}`);
        continue;
      }
      if (anchor !== undefined && resolved.endsWith(".md") && statSync(resolved).isFile()) {
        if (!anchorsOf(readFileSync(resolved, "utf8")).has(anchor)) report(line, `link to a heading that does not exist: ${target}`);
      }
    }
    for (const match of text.matchAll(/`([^`\s]+)`/g)) {
      const candidate = match[1]!.replace(/[.,;:]+$/, "").replace(/:\d+(?::\d+)?$/, "");
      const first = candidate.split("/")[0]!;
      if (!candidate.includes("/") || !topFolders.has(first)) continue;
      if (/[*<>{}…]/.test(candidate)) continue; // a pattern (`test/**/*.test.ts`, `schema/<area>.ts`), not a path
      if (ignored.some((prefix) => candidate === prefix || candidate.startsWith(`${prefix}/`))) continue;
      if (!existsSync(join(root, candidate))) report(line, `names a path that does not exist: ${candidate}`);
    }
  }
  return problems;
}

/** The Markdown pages a reader of the repository is sent to: the README, docs/ and the peer's README. */
export function repositoryPages(root: string = REPO_ROOT): string[] {
  const docs = readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file.split(sep).join("/")}`);
  return ["README.md", "scripts/wordpress-peer/README.md", ...docs].filter((file) => existsSync(join(root, file))).sort();
}
