import { abortAllDurableObjects } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { accountDisplayNameOf } from "../../src/accounts/display-name";
import { bytesToBase64 } from "../../src/core/crypto";
import { toIsoSeconds } from "../../src/core/time";
import { apiTokens, emailOutbox, sessions, users } from "../../src/db/schema";
import { runCronTick } from "../../src/jobs/cron";
import { BASE, call, db, expectError, seedAccount, testServices, useVars } from "../harness";
import { linkMailedTo, signUpConfirmed } from "./sign-up";

// Issue 19, signing in: passwords, the session cookie, CSRF, the lockout, invitations.

const SAME_ORIGIN = { Origin: BASE };
const PASSWORD = "correct horse battery";

function cookieOf(res: Response): string {
  const header = res.headers.get("Set-Cookie") ?? "";
  const match = /__Host-session=([^;]*)/.exec(header);
  if (!match) throw new Error(`no session cookie in ${header}`);
  return match[1]!;
}

const withCookie = (cookie: string, headers: Record<string, string> = {}) => ({ Cookie: `__Host-session=${cookie}`, ...headers });
const email = () => `owner-${crypto.randomUUID()}@example.com`;

const freshIp = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}`;

/** Signs up and confirms the address with the e-mailed link (issue 40 §16): the new account, signed in. */
async function signUp(address = email(), password = PASSWORD) {
  const res = await signUpConfirmed(address, password, freshIp());
  return { email: address, cookie: cookieOf(res), body: (await res.json()) as { accountId: string; email: string; via: string } };
}

const signIn = (address: string, password: string, ip = "198.51.100.7") =>
  call("/api/session", { method: "POST", json: { email: address, password }, headers: { ...SAME_ORIGIN, "CF-Connecting-IP": ip } });

describe("sign-up and sign-in", () => {
  it("signs up (SIGNUP_OPEN), confirms the address, sets a __Host- cookie with the right flags, and the cookie reaches the management API", async () => {
    const res = await signUpConfirmed("New.Owner@Example.com", PASSWORD, freshIp());
    const setCookie = res.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{40,};/);
    for (const flag of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/", "Max-Age=2592000"]) expect(setCookie).toContain(flag);
    expect(setCookie).not.toContain("Domain=");
    const body = (await res.json()) as { accountId: string; email: string; via: string };
    expect(body).toMatchObject({ email: "new.owner@example.com", via: "session" });
    const cookie = cookieOf(res);

    const balance = await call("/api/billing/balance", { headers: withCookie(cookie) });
    expect(balance.status).toBe(200);
    expect(await balance.json()).toMatchObject({ creditBalance: "100.00" });
    expect(await (await call("/api/session", { headers: withCookie(cookie) })).json()).toMatchObject({
      accountId: body.accountId,
      via: "session",
    });
    // Only the hash of the cookie is stored; the password is PBKDF2.
    const [stored] = await db().select().from(sessions).where(eq(sessions.accountId, body.accountId));
    expect(stored!.idHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.idHash).not.toBe(cookie);
    const [password] = await db().select().from(users).where(eq(users.email, body.email));
    expect(password!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  });

  it("is closed by default (403), refuses a short password (400), and answers a taken email as a new one (issue 40 §16)", async () => {
    await expectError(
      await call("/api/session/signup", { method: "POST", json: { email: email(), password: PASSWORD } }),
      403,
      "signup_closed",
    );
    useVars({ SIGNUP_OPEN: "true" });
    const short = await expectError(
      await call("/api/session/signup", { method: "POST", json: { email: email(), password: "short" } }),
      400,
      "invalid_request",
    );
    expect(short.message).toContain("'password'");
    const { email: taken } = await signUp();
    const again = await call("/api/session/signup", {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp() },
      json: { email: taken, password: PASSWORD },
    });
    const fresh = await call("/api/session/signup", {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp() },
      json: { email: email(), password: PASSWORD },
    });
    expect([again.status, fresh.status]).toEqual([202, 202]);
    expect(await again.json()).toEqual(await fresh.json());
    expect(again.headers.get("Set-Cookie")).toBeNull();
    // The owner of the taken address is told; nobody is signed in to it and no account is made.
    expect(await linkMailedTo(taken, "sign_up_existing")).toMatch(/\/sign-in$/);
    expect(await db().select().from(users).where(eq(users.email, taken))).toHaveLength(1);
  });

  it("makes no token whose secret nobody saw; the owner's own last manage token can be revoked (the password still signs in)", async () => {
    const { cookie, body } = await signUp();
    expect(await db().select().from(apiTokens).where(eq(apiTokens.accountId, body.accountId))).toEqual([]);
    expect(await (await call("/api/tokens", { headers: withCookie(cookie) })).json()).toEqual([]);
    const made = await call("/api/tokens", { method: "POST", json: { name: "my script" }, headers: withCookie(cookie, SAME_ORIGIN) });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const revoked = await call(`/api/tokens/${id}`, { method: "DELETE", headers: withCookie(cookie, SAME_ORIGIN) });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ id, status: "revoked" });
    expect((await signIn(body.email, PASSWORD)).status).toBe(200);
  });

  it("signs in with the right password; an unknown email and a wrong password get the same 401", async () => {
    const { email: address, body } = await signUp();
    const ok = await signIn(address, PASSWORD);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ accountId: body.accountId });
    const wrong = await expectError(await signIn(address, "wrong password here"), 401, "unauthorized");
    const unknown = await expectError(await signIn(email(), "wrong password here"), 401, "unauthorized");
    expect(wrong.message).toBe(unknown.message);
  });
});

describe("the cookie on the management API", () => {
  it("a state change needs a same-origin Origin (CSRF); bearer calls are unaffected", async () => {
    const { cookie } = await signUp();
    const json = { name: "from the panel" };
    await expectError(await call("/api/tokens", { method: "POST", json, headers: withCookie(cookie) }), 403, "forbidden");
    await expectError(
      await call("/api/tokens", { method: "POST", json, headers: withCookie(cookie, { Origin: "https://evil.example" }) }),
      403,
      "forbidden",
    );
    expect((await call("/api/tokens", { method: "POST", json, headers: withCookie(cookie, SAME_ORIGIN) })).status).toBe(201);
    // Reads need no Origin.
    expect((await call("/api/tokens", { headers: withCookie(cookie) })).status).toBe(200);
    // A bearer token from a script: no Origin needed, and a cookie beside it is ignored.
    const { token } = await seedAccount();
    expect((await call("/api/tokens", { method: "POST", token, json })).status).toBe(201);
    expect((await call("/api/tokens", { method: "POST", token, json, headers: withCookie("not-a-session") })).status).toBe(201);
  });

  it("sign-out ends the session; an unknown or expired cookie is 401", async () => {
    const { cookie, body } = await signUp();
    const out = await call("/api/session", { method: "DELETE", headers: withCookie(cookie, SAME_ORIGIN) });
    expect(out.status).toBe(204);
    expect(out.headers.get("Set-Cookie")).toMatch(/__Host-session=;.*Max-Age=0/);
    await expectError(await call("/api/sites", { headers: withCookie(cookie) }), 401, "unauthorized");
    await expectError(await call("/api/sites", { headers: withCookie("made-up") }), 401, "unauthorized");

    const again = cookieOf(await signIn(body.email, PASSWORD));
    await db().update(sessions).set({ expiresAt: "2000-01-01T00:00:00Z" }).where(eq(sessions.accountId, body.accountId));
    await expectError(await call("/api/sites", { headers: withCookie(again) }), 401, "unauthorized");
  });

  it("the cron tick removes expired sessions and leaves live ones", async () => {
    const expired = await signUp();
    const live = await signUp();
    await db().update(sessions).set({ expiresAt: "2000-01-01T00:00:00Z" }).where(eq(sessions.accountId, expired.body.accountId));
    await runCronTick(testServices(), new Date());
    expect(await db().select().from(sessions).where(eq(sessions.accountId, expired.body.accountId))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.accountId, live.body.accountId))).toHaveLength(1);
    expect((await call("/api/sites", { headers: withCookie(live.cookie) })).status).toBe(200);
  });

  it("slides: a session used after an hour is extended another 30 days", async () => {
    const { cookie, body } = await signUp();
    const twoHoursAgo = toIsoSeconds(new Date(Date.now() - 2 * 60 * 60_000));
    await db()
      .update(sessions)
      .set({ lastSeenAt: twoHoursAgo, expiresAt: toIsoSeconds(new Date(Date.now() + 60_000)) })
      .where(eq(sessions.accountId, body.accountId));
    expect((await call("/api/sites", { headers: withCookie(cookie) })).status).toBe(200);
    const [session] = await db().select().from(sessions).where(eq(sessions.accountId, body.accountId));
    expect(Date.parse(session!.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60_000);
  });

  it("a password change ends every session and gives the caller a new one; the old password stops working", async () => {
    const { email: address, cookie } = await signUp();
    const other = cookieOf(await signIn(address, PASSWORD));
    await expectError(
      await call("/api/session/password", {
        method: "POST",
        json: { currentPassword: "not it at all", newPassword: "a brand new password" },
        headers: withCookie(cookie, SAME_ORIGIN),
      }),
      400,
      "wrong_password",
    );
    const changed = await call("/api/session/password", {
      method: "POST",
      json: { currentPassword: PASSWORD, newPassword: "a brand new password" },
      headers: withCookie(cookie, SAME_ORIGIN),
    });
    expect(changed.status).toBe(200);
    const fresh = cookieOf(changed);
    for (const old of [cookie, other]) await expectError(await call("/api/sites", { headers: withCookie(old) }), 401, "unauthorized");
    expect((await call("/api/sites", { headers: withCookie(fresh) })).status).toBe(200);
    await expectError(await signIn(address, PASSWORD), 401, "unauthorized");
    expect((await signIn(address, "a brand new password")).status).toBe(200);
  });
});

describe("the sign-in lockout", () => {
  it("after 10 failures for one email every attempt is 429 (the right password too), through an eviction", async () => {
    const { email: address } = await signUp();
    for (let i = 0; i < 10; i += 1)
      await expectError(await signIn(address, `wrong password ${i}`, `192.0.2.${i + 1}`), 401, "unauthorized");
    await abortAllDurableObjects();
    const blocked = await signIn(address, PASSWORD, "192.0.2.200");
    await expectError(blocked, 429, "rate_limited");
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("after 10 failures from one address, other emails from it are 429 too", async () => {
    const { email: address } = await signUp();
    // An address no other test uses: a random one collided with other files' failures.
    const ip = "100.65.0.1";
    for (let i = 0; i < 10; i += 1) await expectError(await signIn(email(), "wrong password x", ip), 401, "unauthorized");
    await expectError(await signIn(address, PASSWORD, ip), 429, "rate_limited");
    expect((await signIn(address, PASSWORD, "198.51.100.99")).status).toBe(200);
  });
});

describe("guessing limits (issue 27)", () => {
  /** How many PBKDF2 derivations `run` makes: the expensive part of a password check. */
  async function derivationsDuring(run: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(crypto.subtle, "deriveBits");
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it("a blocked sign-in is answered before any password is hashed", async () => {
    const { email: address } = await signUp();
    const ip = "100.65.0.2";
    expect(await derivationsDuring(async () => expectError(await signIn(address, "wrong password 0", ip), 401, "unauthorized"))).toBe(1);
    for (let i = 1; i < 10; i += 1) await expectError(await signIn(address, `wrong password ${i}`, ip), 401, "unauthorized");
    expect(await derivationsDuring(async () => expectError(await signIn(address, PASSWORD, ip), 429, "rate_limited"))).toBe(0);
  });

  it("wrong current passwords at POST /api/session/password count like failed sign-ins: the 11th guess is 429 and changes nothing", async () => {
    const { email: address, cookie } = await signUp();
    const change = (currentPassword: string) =>
      call("/api/session/password", {
        method: "POST",
        json: { currentPassword, newPassword: "a brand new password" },
        headers: withCookie(cookie, { ...SAME_ORIGIN, "CF-Connecting-IP": "198.51.100.31" }),
      });
    for (let i = 0; i < 10; i += 1) await expectError(await change(`guess number ${i}`), 400, "wrong_password");
    const blocked = await change(PASSWORD);
    await expectError(blocked, 429, "rate_limited");
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The account's email is locked from any address, and the password is still the old one.
    await expectError(await signIn(address, PASSWORD, "198.51.100.32"), 429, "rate_limited");
    expect((await call("/api/sites", { headers: withCookie(cookie) })).status).toBe(200);
  });

  it("sign-up: 5 per address per hour, the 6th is 429 and creates no account; another address still signs up", async () => {
    useVars({ SIGNUP_OPEN: "true" });
    const signUpFrom = (ip: string, address = email()) =>
      call("/api/session/signup", {
        method: "POST",
        json: { email: address, password: PASSWORD },
        headers: { ...SAME_ORIGIN, "CF-Connecting-IP": ip },
      });
    for (let i = 0; i < 5; i += 1) expect((await signUpFrom("198.51.100.41")).status).toBe(202);
    const sixth = email();
    const blocked = await signUpFrom("198.51.100.41", sixth);
    await expectError(blocked, 429, "rate_limited");
    expect(blocked.headers.get("Set-Cookie")).toBeNull();
    await expectError(await signIn(sixth, PASSWORD, "198.51.100.43"), 401, "unauthorized");
    expect((await signUpFrom("198.51.100.42")).status).toBe(202);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, sixth))).toEqual([]);
  });

  it("passwords are compared in Unicode NFC: é typed as one character or as e + accent is the same password", async () => {
    const composed = "caf\u00e9 au lait long enough";
    const decomposed = "cafe\u0301 au lait long enough";
    const { email: address } = await signUp(email(), composed);
    expect((await signIn(address, decomposed, "198.51.100.51")).status).toBe(200);
    expect((await signIn(address, composed, "198.51.100.51")).status).toBe(200);
  });

  it("a hash made before normalisation, from a password NFC changes, still verifies", async () => {
    const decomposed = "cafe\u0301 au lait long enough";
    const { email: address } = await signUp();
    // What hashPassword stored before it normalised: PBKDF2 of the password exactly as typed.
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(decomposed), "PBKDF2", false, ["deriveBits"]);
    const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 100_000 }, key, 256));
    await db()
      .update(users)
      .set({ passwordHash: `pbkdf2-sha256$100000$${bytesToBase64(salt)}$${bytesToBase64(bits)}` })
      .where(eq(users.email, address));
    expect((await signIn(address, decomposed, "198.51.100.52")).status).toBe(200);
    await expectError(await signIn(address, "cafe au lait long enough", "198.51.100.52"), 401, "unauthorized");
  });
});

describe("operator invitations", () => {
  it("a one-time link valid 7 days sets the password and signs the owner in; a second use is 400", async () => {
    const { accountId } = await seedAccount();
    const admin = { Authorization: "Bearer test-admin-token", "CF-Connecting-IP": "198.51.100.250" };
    const res = await call(`/api/admin/accounts/${accountId}/invite`, { method: "POST", headers: admin });
    expect(res.status).toBe(201);
    const { url, expiresAt } = (await res.json()) as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^${BASE}/invite#[A-Za-z0-9_-]{40,}$`));
    expect(Math.round((Date.parse(expiresAt) - Date.now()) / (24 * 60 * 60_000))).toBe(7);
    const token = url.split("#")[1]!;
    // The invitation page reads what the link is before using it: the owner's first password.
    const preview = await call("/api/session/invite/preview", { method: "POST", json: { token }, headers: SAME_ORIGIN });
    expect(await preview.json()).toMatchObject({
      kind: "account",
      role: "owner",
      accountName: await accountDisplayNameOf(db(), accountId),
    });

    const accepted = await call("/api/session/invite", { method: "POST", json: { token, password: PASSWORD }, headers: SAME_ORIGIN });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ accountId });
    expect((await call("/api/sites", { headers: withCookie(cookieOf(accepted)) })).status).toBe(200);
    await expectError(
      await call("/api/session/invite", { method: "POST", json: { token, password: "another password" } }),
      400,
      "invitation_invalid",
    );
    await expectError(
      await call("/api/session/invite/preview", { method: "POST", json: { token }, headers: SAME_ORIGIN }),
      400,
      "invitation_invalid",
    );
    await expectError(await call("/api/admin/accounts/acc_unknown/invite", { method: "POST", headers: admin }), 404, "not_found");
  });
});

describe("bad input on the session routes", () => {
  it("malformed JSON, wrong types, unknown fields and an oversize body are 4xx JSON errors, and sign nobody in", async () => {
    useVars({ SIGNUP_OPEN: "true" });
    const raw = (path: string, body: string) =>
      call(path, { method: "POST", body, headers: { "Content-Type": "application/json", ...SAME_ORIGIN } });
    for (const path of ["/api/session", "/api/session/signup", "/api/session/invite"]) {
      await expectError(await raw(path, "{not json"), 400);
      await expectError(await raw(path, JSON.stringify({ email: 5, password: ["x"] })), 400, "invalid_request");
      await expectError(
        await raw(path, JSON.stringify({ email: "a@example.com", password: PASSWORD, admin: true })),
        400,
        "invalid_request",
      );
      const oversize = await raw(path, JSON.stringify({ email: "a@example.com", password: "x".repeat(2_000_000) }));
      expect([400, 413]).toContain(oversize.status);
      expect(oversize.headers.get("Set-Cookie")).toBeNull();
    }
    await expectError(
      await call("/api/session/signup", { method: "POST", json: { email: "not an email", password: PASSWORD } }),
      400,
      "invalid_request",
    );
    const { cookie } = await signUp();
    await expectError(
      await call("/api/session/password", { method: "POST", json: { newPassword: 12 }, headers: withCookie(cookie, SAME_ORIGIN) }),
      400,
      "invalid_request",
    );
    // Without a session or token, the password route is 401; a foreign Origin with the cookie is 403.
    await expectError(
      await call("/api/session/password", { method: "POST", json: { currentPassword: PASSWORD, newPassword: "another password" } }),
      401,
      "unauthorized",
    );
    await expectError(
      await call("/api/session/password", {
        method: "POST",
        json: { currentPassword: PASSWORD, newPassword: "another password" },
        headers: withCookie(cookie, { Origin: "https://evil.example" }),
      }),
      403,
      "forbidden",
    );
    await expectError(
      await call("/api/session", {
        method: "POST",
        json: { email: "a@example.com", password: PASSWORD },
        headers: { Origin: "https://evil.example" },
      }),
      403,
      "forbidden",
    );
  });
});
