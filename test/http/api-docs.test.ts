import { describe, expect, it } from "vitest";
import { call } from "../harness";

// Issue 28: the rendered API reference is public, answers HTML, and loads nothing from another
// site (its scripts come from this origin: the browser check is web/e2e/api-docs.spec.ts).

/** The `src` of every script element of a page. */
const scriptSources = (html: string) => [...html.matchAll(/<script\b[^>]*>/gi)].map((tag) => /\bsrc="([^"]*)"/i.exec(tag[0])?.[1] ?? null);

describe("GET /api/docs", () => {
  it("answers the reference as HTML without a token", async () => {
    const res = await call("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("<title>Content Autopilot API reference</title>");
  });

  it("loads only same-origin scripts and stylesheets, and no inline script", async () => {
    const html = await (await call("/api/docs")).text();
    const sources = scriptSources(html);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) {
      expect(src, "an inline script").not.toBeNull();
      expect(src).toMatch(/^\/[^/]/);
    }
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/<style\b|\sstyle=/i);
  });

  it("sets a policy with no inline script or style, no other site, no framing", async () => {
    const res = await call("/api/docs");
    const csp = new Map(
      (res.headers.get("Content-Security-Policy") ?? "")
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("style-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("starts Swagger UI on the service's own document, from a script of its own", async () => {
    const res = await call("/api/docs/start.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    const script = await res.text();
    expect(script).toContain('url: "/api/openapi.json"');
    expect(script).toContain('validatorUrl: "none"');
  });

  it("leaves every other path under /api/docs to the management API's token check", async () => {
    expect((await call("/api/docs/other")).status).toBe(401);
  });
});
