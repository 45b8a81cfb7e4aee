import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { anchorsOf, checkMarkdown, headingSlug, REPO_ROOT, repositoryPages } from "./docs-links";

describe("the README and docs/ stand on their own", () => {
  const pages = repositoryPages();

  it("reads the README, every guide and the peer's README", () => {
    expect(pages).toEqual(
      expect.arrayContaining(["README.md", "docs/architecture.md", "docs/decisions.md", "scripts/wordpress-peer/README.md"]),
    );
    expect(pages.filter((page) => page.startsWith("docs/guides/")).length).toBeGreaterThan(10);
  });

  it.each(pages)("%s: every link and repository path resolves inside the repository", (page) => {
    expect(checkMarkdown(page).map(({ line, problem }) => `${page}:${line}: ${problem}`)).toEqual([]);
  });

  it("links every guide from the README", () => {
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)/g)].map((match) => match[1]);
    for (const guide of pages.filter((page) => page.startsWith("docs/guides/"))) expect(targets, guide).toContain(guide);
  });
});

describe("the check catches what it is for", () => {
  const root = mkdtempSync(join(tmpdir(), "docs-links-"));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write(".gitignore", "web/dist/\n*.log\n");
  write("src/app.ts", "");
  write("docs/guides/one.md", "# One\n\n## The limit at every door\n\ntext\n");
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const problems = (text: string) => {
    write("docs/page.md", text);
    return checkMarkdown("docs/page.md", root).map(({ problem }) => problem);
  };

  it("accepts links, anchors and paths that resolve", () => {
    expect(
      problems(
        "# Page\n[one](guides/one.md) [door](guides/one.md#the-limit-at-every-door) [here](#page) [web](https://example.com)\n" +
          "`src/app.ts` `docs/guides/` `web/dist/index.html` `test/**/*.test.ts` `src/db/schema/<area>.ts` `/api/docs` `draft.ts`\n" +
          "```\n[inside a code block](nowhere.md) `src/nowhere.ts`\n```\n",
      ),
    ).toEqual([]);
  });

  it("reports a link to a missing file, a missing heading and a missing anchor on the page", () => {
    expect(problems("# Page\n[gone](guides/two.md) [door](guides/one.md#no-such-door) [here](#nowhere)\n")).toEqual([
      "link to a file that does not exist: guides/two.md",
      "link to a heading that does not exist: guides/one.md#no-such-door",
      "link to a heading that does not exist: #nowhere",
    ]);
  });

  it("reports a backticked repository path that does not exist", () => {
    expect(problems("See `src/existing-posts/sync.ts` and `src/app.ts:12`.\n")).toEqual([
      "names a path that does not exist: src/existing-posts/sync.ts",
    ]);
  });

  it("reports anything that points outside the repository, in code blocks too", () => {
    expect(problems("[spec](../../shared/spec/api.md)\n")).toEqual([
      "points outside the repository: [spec](../../shared/spec/api.md)",
      "link outside the repository: ../../shared/spec/api.md",
    ]);
    expect(problems('```sh\neval "$(/work/shared/peers/wordpress/start.sh)"\n```\n')).toEqual([
      'points outside the repository: eval "$(/work/shared/peers/wordpress/start.sh)"',
    ]);
    expect(problems("[up](../../outside.md)\n")).toEqual(["link outside the repository: ../../outside.md"]);
  });

  it("makes GitHub's anchors", () => {
    expect(headingSlug("Signing in with email and password (the account panel's session)")).toBe(
      "signing-in-with-email-and-password-the-account-panels-session",
    );
    expect(headingSlug("Security: the limit at every door")).toBe("security-the-limit-at-every-door");
    expect([...anchorsOf("# A\n## A\n```\n# not a heading\n```\n")]).toEqual(["a", "a-1"]);
  });
});
