import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { previewDocument } from "../src/lib/preview";

// Issue 27: the panel's headers (web/public/_headers, applied by Workers Static Assets). The
// browser suite checks the panel works under them (web/e2e/security.spec.ts); this checks the
// policy itself, and that it still allows the preview frame's style when that style changes.

/** The headers of the `/*` rule, by lower-cased name. */
function panelHeaders(): Map<string, string> {
  const lines = readFileSync(new URL("../public/_headers", import.meta.url), "utf8").split("\n");
  const start = lines.indexOf("/*");
  expect(start, "a /* rule").toBeGreaterThanOrEqual(0);
  const headers = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\S/.test(line)) break;
    const [name, ...value] = line.trim().split(":");
    headers.set(name!.toLowerCase(), value.join(":").trim());
  }
  return headers;
}

function policy(): Map<string, string[]> {
  const header = panelHeaders().get("content-security-policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("the panel's headers", () => {
  it("never framed, never sniffed, no path sent to other sites", () => {
    const headers = panelHeaders();
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(policy().get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("a strict policy: scripts from this origin only, nothing inline or evaluated, no plugins", () => {
    const csp = policy();
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-src")).toEqual(["https://www.paytr.com"]);
    for (const sources of csp.values()) expect(sources).not.toContain("'unsafe-inline'");
    for (const sources of csp.values()) expect(sources).not.toContain("'unsafe-eval'");
  });

  it("allows the preview frame's inline style by its hash (the frames inherit the policy)", () => {
    const styles = [...previewDocument("<p>x</p>", "en", "Preview").matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    const hash = createHash("sha256").update(styles[0]!).digest("base64");
    expect(policy().get("style-src")).toEqual(["'self'", `'sha256-${hash}'`]);
  });
});
