import { describe, expect, it } from "vitest";
import { BASE, call, seedAccount, seedArticle } from "../harness";

// Issue 40's new routes given what a careless or hostile client sends: each answers a clear 4xx
// JSON error with a code, never a 5xx, and changes nothing.

const SAME_ORIGIN = { Origin: BASE, "Content-Type": "application/json" };

async function expectClientError(response: Response): Promise<{ code: string }> {
  expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get("Content-Type")).toContain("application/json");
  const body = (await response.json()) as { code: string };
  expect(typeof body.code).toBe("string");
  return body;
}

const nameOf = async (token: string) => ((await (await call("/api/auth/me", { token })).json()) as { name: string | null }).name;

describe("PATCH /api/account", () => {
  const bodies: [string, string][] = [
    ["malformed JSON", "{name:"],
    ["a number for the name", JSON.stringify({ name: 42 })],
    ["an empty name", JSON.stringify({ name: "   " })],
    ["61 characters", JSON.stringify({ name: "x".repeat(61) })],
    ["10,000 characters", JSON.stringify({ name: "x".repeat(10_000) })],
    ["markup", JSON.stringify({ name: "<b>Ajans</b>" })],
    ["a bidirectional override", JSON.stringify({ name: "Ajans\u202Egnp.exe" })],
    ["a control character", JSON.stringify({ name: "Ajans\u0007" })],
    ["an array", JSON.stringify([{ name: "Ajans" }])],
  ];

  it.each(bodies)("%s: 4xx, the name unchanged", async (_, body) => {
    const { token } = await seedAccount();
    expect((await call("/api/account", { method: "PATCH", token, json: { name: "Kadıköy Ajans" } })).status).toBe(200);
    const before = await nameOf(token);
    expect(before).toBe("Kadıköy Ajans");
    await expectClientError(await call("/api/account", { method: "PATCH", token, body, headers: { "Content-Type": "application/json" } }));
    expect(await nameOf(token)).toBe(before);
  });
});

describe("the sign-in link and sign-up confirmation", () => {
  const requests: [string, string, string][] = [
    ["/api/session/sign-in-link", "malformed JSON", "{email"],
    ["/api/session/sign-in-link", "no email", "{}"],
    ["/api/session/sign-in-link", "not an address", JSON.stringify({ email: "not an address" })],
    ["/api/session/sign-in-link", "a 5,000-character address", JSON.stringify({ email: `${"a".repeat(5000)}@example.com` })],
    ["/api/session/sign-in-link/use", "malformed JSON", "{token"],
    ["/api/session/sign-in-link/use", "an empty token", JSON.stringify({ token: "" })],
    ["/api/session/sign-in-link/use", "a 10,000-character token", JSON.stringify({ token: "a".repeat(10_000) })],
    ["/api/session/sign-in-link/use", "an unknown token", JSON.stringify({ token: "A".repeat(43) })],
    ["/api/session/signup/confirm", "malformed JSON", "{token"],
    ["/api/session/signup/confirm", "a number for the token", JSON.stringify({ token: 7 })],
    ["/api/session/signup/confirm", "a 10,000-character token", JSON.stringify({ token: "a".repeat(10_000) })],
    ["/api/session/signup/confirm", "an unknown token", JSON.stringify({ token: "A".repeat(43) })],
  ];

  it.each(requests)("%s with %s: 4xx, no session", async (path, _, body) => {
    const response = await call(path, { method: "POST", body, headers: { ...SAME_ORIGIN, "CF-Connecting-IP": "100.66.0.1" } });
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-session="))).toBe(false);
    await expectClientError(response);
  });
});

describe("a pending revision's routes", () => {
  it("answer 4xx for an article of another account, an unknown one and a malformed id, and change nothing", async () => {
    const { token } = await seedAccount();
    const other = await seedAccount();
    const foreign = await seedArticle(other.accountId, { status: "published", title: "Someone else's" });
    for (const id of [String(foreign.id), "999999", "not-a-number", "x".repeat(40)]) {
      await expectClientError(await call(`/api/autopilot/articles/${id}/revision/publish`, { method: "POST", token }));
      await expectClientError(await call(`/api/autopilot/articles/${id}/revision`, { method: "DELETE", token }));
    }
    const stillThere = await call(`/api/autopilot/articles/${foreign.id}`, { token: other.token });
    expect(((await stillThere.json()) as { title: string }).title).toBe("Someone else's");
  });
});
