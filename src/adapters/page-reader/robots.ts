// robots.txt as RFC 9309 describes it: groups of user-agent lines with their allow and disallow
// rules; the group naming our product token wins over `*`; among the rules that match a path the
// longest pattern decides, and an allow wins a tie.

/** The product token our groups are found by (`User-agent: content-autopilot`). */
export const ROBOTS_PRODUCT_TOKEN = "content-autopilot";

export interface RobotsRule {
  allow: boolean;
  pattern: string;
}

interface Group {
  agents: string[];
  rules: RobotsRule[];
}

/** The rules of robots.txt that apply to `productToken`: its own groups merged, else the `*` groups, else none. */
export function robotsRulesFor(robotsTxt: string, productToken = ROBOTS_PRODUCT_TOKEN): RobotsRule[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const rawLine of robotsTxt.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "user-agent") {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase().split("/")[0]!.trim());
      lastWasAgent = true;
    } else if (key === "allow" || key === "disallow") {
      lastWasAgent = false;
      // An empty Disallow allows everything: it is no rule at all.
      if (current && value !== "") current.rules.push({ allow: key === "allow", pattern: value });
    } else {
      lastWasAgent = false; // sitemap, crawl-delay…: not rules, but they end a run of user-agent lines
    }
  }
  const token = productToken.toLowerCase();
  const own = groups.filter((group) => group.agents.includes(token));
  const chosen = own.length > 0 ? own : groups.filter((group) => group.agents.includes("*"));
  return chosen.flatMap((group) => group.rules);
}

/** Whether `pathAndQuery` (`/blog/post?x=1`) may be read under these rules. */
export function robotsAllows(rules: RobotsRule[], pathAndQuery: string): boolean {
  if (pathAndQuery === "/robots.txt") return true;
  let best: RobotsRule | null = null;
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, pathAndQuery)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
  }
  return best?.allow ?? true;
}

/** `*` matches any run of characters, a final `$` the end of the path; anything else is a prefix match. */
function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith("$");
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split("*")
    .map((part) => normalisePercent(part).replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}${anchored ? "$" : ""}`).test(normalisePercent(path));
}

/** Non-ASCII characters escaped as a URL path has them, and escapes in upper case, so `/ürün`, `%c3%bc` and `%C3%BC` compare equal. */
function normalisePercent(text: string): string {
  return text.replace(/[^\x00-\x7f]/gu, (char) => encodeURIComponent(char)).replace(/%[0-9a-f]{2}/gi, (percent) => percent.toUpperCase());
}
