import { describe, expect, it } from "vitest";
import { safeNext } from "../src/lib/url";

// Issue 27: where sign-in returns to. A `next` the browser reads as another origin (or that makes
// `history.replaceState` throw, stranding the user on /sign-in) goes to the overview instead.
const ORIGIN = "https://panel.example.com";

describe("safeNext", () => {
  it.each([
    "//evil.invalid",
    "/\\evil.invalid/x",
    "\\\\evil.invalid",
    "/\t/evil.invalid",
    "/\n/evil.invalid",
    " //evil.invalid",
    "/.//evil.invalid",
    "/..//evil.invalid/x",
    "https://evil.invalid",
    "https://evil.invalid/plans",
    "http://panel.example.com/plans",
    "https://panel.example.com.evil.invalid/",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://[",
  ])("%j goes to the overview", (next) => {
    expect(safeNext(next, ORIGIN)).toBe("/");
  });

  it.each([
    ["/plans/x?tab=items#a", "/plans/x?tab=items#a"],
    ["/articles?status=pending", "/articles?status=pending"],
    ["/oauth/authorize?client_id=abc&state=s%2F1", "/oauth/authorize?client_id=abc&state=s%2F1"],
    ["https://panel.example.com/sites/site_1", "/sites/site_1"],
    ["/%2F%2Fevil.invalid", "/%2F%2Fevil.invalid"],
  ])("%j stays on the panel as %j", (next, expected) => {
    expect(safeNext(next, ORIGIN)).toBe(expected);
  });

  it("no next is the overview", () => {
    expect(safeNext(null, ORIGIN)).toBe("/");
    expect(safeNext("", ORIGIN)).toBe("/");
  });
});
