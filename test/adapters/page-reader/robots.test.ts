import { describe, expect, it } from "vitest";
import { robotsAllows, robotsRulesFor } from "../../../src/adapters/page-reader/robots";
import { excerptOf } from "../../../src/adapters/page-reader/port";

const allows = (robots: string, path: string) => robotsAllows(robotsRulesFor(robots), path);

describe("robots.txt rules", () => {
  it("no file, no group for us and an empty Disallow allow everything", () => {
    expect(allows("", "/a")).toBe(true);
    expect(allows("User-agent: OtherBot\nDisallow: /", "/a")).toBe(true);
    expect(allows("User-agent: *\nDisallow:", "/a")).toBe(true);
  });

  it("our group (by product token, any case, with a version) replaces `*`", () => {
    const robots = "User-agent: *\nDisallow: /\n\nUser-agent: Content-Autopilot/2.0\nDisallow: /private";
    expect(allows(robots, "/blog")).toBe(true);
    expect(allows(robots, "/private/x")).toBe(false);
  });

  it("groups naming us several times are merged; agents listed together share their rules", () => {
    const robots = "User-agent: a\nUser-agent: content-autopilot\nDisallow: /x\n\nUser-agent: content-autopilot\nDisallow: /y";
    expect(allows(robots, "/x")).toBe(false);
    expect(allows(robots, "/y")).toBe(false);
    expect(allows(robots, "/z")).toBe(true);
  });

  it("the longest match decides, an allow wins a tie; * and $ are wildcards", () => {
    const robots =
      "User-agent: *\nDisallow: /shop\nAllow: /shop/guides\nDisallow: /*.pdf$\nAllow: /tie\nDisallow: /tie\nDisallow: /*?session=";
    expect(allows(robots, "/shop/cart")).toBe(false);
    expect(allows(robots, "/shop/guides/coffee")).toBe(true);
    expect(allows(robots, "/files/a.pdf")).toBe(false);
    expect(allows(robots, "/files/a.pdf?x=1")).toBe(true);
    expect(allows(robots, "/tie")).toBe(true);
    expect(allows(robots, "/blog?session=1")).toBe(false);
    expect(allows(robots, "/robots.txt")).toBe(true);
  });

  it("comments, CRLF and percent escapes are handled; non-ASCII patterns match encoded paths", () => {
    const robots = "User-agent: * # all\r\nDisallow: /ürün # products\r\nDisallow: /a%2fb";
    expect(allows(robots, "/%C3%BCr%C3%BCn/1")).toBe(false);
    expect(allows(robots, "/A%2Fb")).toBe(true);
    expect(allows(robots, "/a%2Fb")).toBe(false);
  });
});

describe("excerpts", () => {
  it("at most 4096 bytes of UTF-8, cut between words", () => {
    const text = "çğüşö ".repeat(1000);
    const excerpt = excerptOf(text);
    expect(new TextEncoder().encode(excerpt).byteLength).toBeLessThanOrEqual(4096);
    expect(excerpt.endsWith("çğüşö")).toBe(true);
    expect(excerptOf("short")).toBe("short");
  });
});
