import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiTokens, auditEvents, emailOutbox, memberInvitations, users } from "../../src/db/schema";
import { decryptSecret } from "../../src/core/crypto";
import { BASE, call, db, expectError, seedAccount, seedArticle, seedSite, testEnv, useVars } from "../harness";
import { linkMailedTo, signUpConfirmed } from "../sessions/sign-up";
import { decide, openConsent, register } from "../oauth/helpers";
import { seedMember } from "./helpers";

// Issue 40: the safety of teams and invitations. Each test here failed on the code before it.

const PASSWORD = "correct horse battery staple";
const ATTACKER_PASSWORD = "attacker chose this one";
const sameOrigin = { Origin: BASE };
const operator = { Authorization: "Bearer test-admin-token", "CF-Connecting-IP": "198.51.100.250" };

const random = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const tokenOf = (url: string) => url.split("#")[1]!;
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__Host-session="))!
    .split(";")[0]!;

// Each sign-in from an address of its own, in a range nothing else uses (100.64.0.0/16; the
// harness gives tests 198.18.0.0/15): the failures this file provokes fill no other test's window.
// Random addresses collided.
let signIns = 0;
const ownAddress = () => {
  signIns += 1;
  return `100.64.${signIns >> 8}.${signIns & 255}`;
};
const signIn = (email: string, password: string, ip = ownAddress()) =>
  call("/api/session", { method: "POST", headers: { ...sameOrigin, "CF-Connecting-IP": ip }, json: { email, password } });

async function invite(token: string, body: Record<string, unknown>) {
  const response = await call("/api/members", { method: "POST", token, json: body });
  return { response, body: (await response.json()) as { id: string; url: string; siteIds: string[] | null; code?: string } };
}

const accept = (token: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call("/api/session/invite", { method: "POST", headers: { ...sameOrigin, ...headers }, json: { token, ...body } });

/** An account the operator makes: its owner has no password until they use the operator's link. */
async function operatorAccount() {
  const email = random("victim");
  const response = await call("/api/admin/accounts", { method: "POST", headers: operator, json: { email } });
  expect(response.status).toBe(201);
  const created = (await response.json()) as { account: { id: string }; token: { token: string } };
  return { email, accountId: created.account.id, token: created.token.token };
}

async function operatorLink(accountId: string) {
  const response = await call(`/api/admin/accounts/${accountId}/invite`, { method: "POST", headers: operator });
  expect(response.status).toBe(201);
  return tokenOf(((await response.json()) as { url: string }).url);
}

async function signUp(email = random("stranger")) {
  const response = await signUpConfirmed(email, PASSWORD, `192.0.2.${Math.floor(Math.random() * 250) + 1}`);
  return { email, cookie: cookieOf(response), accountId: ((await response.json()) as { accountId: string }).accountId };
}

const passwordOf = async (email: string) =>
  (await db().select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0]?.hash ?? null;

describe("1. an invitation never sets the password of someone who exists", () => {
  it("a stranger's invitation to an operator-made owner cannot set the owner's password: 409, and nothing signs in", async () => {
    const victim = await operatorAccount();
    const stranger = await signUp();
    const invited = await call("/api/members", {
      method: "POST",
      headers: { ...sameOrigin, Cookie: stranger.cookie },
      json: { email: victim.email, role: "viewer" },
    });
    expect(invited.status).toBe(201);
    const link = tokenOf(((await invited.json()) as { url: string }).url);
    await expectError(await accept(link, { password: ATTACKER_PASSWORD }), 409, "sign_in_to_accept");
    expect(await passwordOf(victim.email)).toBeNull();
    await expectError(await signIn(victim.email, ATTACKER_PASSWORD), 401, "unauthorized");
    // The invitation is still open for the real person, who accepts by signing in.
    const preview = await call("/api/session/invite/preview", { method: "POST", headers: sameOrigin, json: { token: link } });
    expect(preview.status).toBe(200);
  });

  it("an invitation to someone with a password is refused without their sign-in, and their password stays", async () => {
    const person = await signUp(random("has-password"));
    const before = await passwordOf(person.email);
    const { token } = await seedAccount();
    const { body } = await invite(token, { email: person.email, role: "admin" });
    await expectError(await accept(tokenOf(body.url), { password: ATTACKER_PASSWORD }), 409, "sign_in_to_accept");
    expect(await passwordOf(person.email)).toBe(before);
  });

  it("accepting with another address than the invitation's is refused, and the link stays open", async () => {
    const { token } = await seedAccount();
    const invited = random("invited");
    const { body } = await invite(token, { email: invited, role: "editor" });
    await expectError(await accept(tokenOf(body.url), { password: PASSWORD, email: random("other") }), 400, "invitation_other_email");
    const accepted = await accept(tokenOf(body.url), { password: PASSWORD, email: invited.toUpperCase() });
    expect(accepted.status).toBe(200);
  });

  it("using one operator link voids the others; a link is void once the owner has a password", async () => {
    const victim = await operatorAccount();
    const first = await operatorLink(victim.accountId);
    const second = await operatorLink(victim.accountId);
    expect((await accept(first, { password: PASSWORD })).status).toBe(200);
    await expectError(await accept(second, { password: ATTACKER_PASSWORD }), 400, "invitation_invalid");
    await expectError(
      await call("/api/session/invite/preview", { method: "POST", headers: sameOrigin, json: { token: second } }),
      400,
      "invitation_invalid",
    );
    expect((await signIn(victim.email, PASSWORD)).status).toBe(200);

    // An owner who set a password with their token: an unused operator link no longer resets it.
    const other = await operatorAccount();
    const link = await operatorLink(other.accountId);
    const set = await call("/api/session/password", {
      method: "POST",
      token: other.token,
      json: { currentPassword: "", newPassword: PASSWORD },
    });
    expect(set.status).toBe(200);
    await expectError(await accept(link, { password: ATTACKER_PASSWORD }), 409, "sign_in_to_accept");
    await expectError(await signIn(other.email, ATTACKER_PASSWORD), 401, "unauthorized");
    expect((await signIn(other.email, PASSWORD)).status).toBe(200);
  });
});

describe("2. a token makes tokens only at or below its own role", () => {
  it("an owner's viewer token makes only viewer tokens, stored with an explicit role and audited with its parent", async () => {
    const { token, accountId } = await seedAccount();
    const viewer = (await (await call("/api/tokens", { method: "POST", token, json: { name: "read only", role: "viewer" } })).json()) as {
      id: string;
      token: string;
    };
    const child = await call("/api/tokens", { method: "POST", token: viewer.token, json: { name: "made by a token" } });
    expect(child.status).toBe(201);
    const made = (await child.json()) as { id: string; role: string; token: string };
    expect(made.role).toBe("viewer");
    const [stored] = await db().select({ role: apiTokens.role }).from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(stored!.role).toBe("viewer");
    // The child cannot invite (an owner-strength token could invite owners).
    await expectError(
      await call("/api/members", { method: "POST", token: made.token, json: { email: random("x"), role: "owner" } }),
      403,
      "insufficient_role",
    );
    for (const role of ["owner", "admin", "editor"])
      await expectError(
        await call("/api/tokens", { method: "POST", token: viewer.token, json: { name: "more", role } }),
        403,
        "insufficient_role",
      );
    const [audited] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, "token.created"), eq(auditEvents.targetId, made.id)));
    expect(audited!.detail).toMatchObject({ role: "viewer", parentTokenId: viewer.id });
  });

  it("a token made with the maker's own role, or by a session without one, stores that role", async () => {
    const { accountId } = await seedAccount();
    const editor = await seedMember(accountId, "editor");
    const same = (await (
      await call("/api/tokens", { method: "POST", token: editor.token, json: { name: "same", role: "editor" } })
    ).json()) as {
      role: string | null;
    };
    expect(same.role).toBe("editor");
    const bySession = await call("/api/tokens", {
      method: "POST",
      headers: { ...sameOrigin, Cookie: editor.cookie },
      json: { name: "panel" },
    });
    expect(((await bySession.json()) as { role: string | null }).role).toBe("editor");
  });

  it("a token with a lower role than its member's cannot set the member's password", async () => {
    const victim = await operatorAccount();
    const viewer = (await (
      await call("/api/tokens", { method: "POST", token: victim.token, json: { name: "read only", role: "viewer" } })
    ).json()) as { token: string };
    await expectError(
      await call("/api/session/password", { method: "POST", token: viewer.token, json: { currentPassword: "", newPassword: PASSWORD } }),
      403,
      "insufficient_role",
    );
    expect(await passwordOf(victim.email)).toBeNull();
  });
});

describe("3. removing a member withdraws the invitations they sent", () => {
  it("an admin's invitation of a second address of theirs stops working when the admin is removed", async () => {
    const { token, accountId } = await seedAccount();
    const admin = await seedMember(accountId, "admin");
    const second = random("admin-second");
    const { body } = await invite(admin.token, { email: second, role: "admin" });
    const listed = (await (await call("/api/members", { token })).json()) as {
      invitations: { id: string; invitedBy: { memberId: string; email: string } }[];
    };
    expect(listed.invitations.find((i) => i.id === body.id)?.invitedBy).toEqual({ memberId: admin.memberId, email: admin.email });

    const removed = await call(`/api/members/${admin.memberId}`, { method: "DELETE", token });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ id: admin.memberId, invitationsWithdrawn: 1, tokensRevoked: 1 });
    await expectError(await accept(tokenOf(body.url), { password: PASSWORD }), 400, "invitation_invalid");
    expect(await db().select().from(memberInvitations).where(eq(memberInvitations.id, body.id))).toEqual([]);
    const audit = (await (await call("/api/audit?action=member.removed", { token })).json()) as { items: { detail: unknown }[] };
    expect(audit.items[0]!.detail).toMatchObject({ invitationsWithdrawn: 1, withdrawnInvitations: [body.id] });
  });
});

describe("4 and 10. a site-limited admin manages only within its sites, and admins do not touch owners", () => {
  async function limitedAdmin() {
    const owner = await seedAccount();
    const mine = await seedSite(owner.accountId);
    const other = await seedSite(owner.accountId);
    const admin = await seedMember(owner.accountId, "admin", { siteIds: [mine.id] });
    const inside = await seedMember(owner.accountId, "writer", { siteIds: [mine.id] });
    const outside = await seedMember(owner.accountId, "writer", { siteIds: [other.id] });
    const everywhere = await seedMember(owner.accountId, "viewer");
    return { owner, mine, other, admin, inside, outside, everywhere };
  }

  it("cannot lift its own limit, grant other sites, or change members outside its sites", async () => {
    const { mine, other, admin, inside, outside, everywhere } = await limitedAdmin();
    const patch = (memberId: string, json: unknown) => call(`/api/members/${memberId}`, { method: "PATCH", token: admin.token, json });
    await expectError(await patch(admin.memberId, { siteIds: null }), 403, "site_not_allowed");
    await expectError(await patch(admin.memberId, { siteIds: [mine.id, other.id] }), 403, "site_not_allowed");
    await expectError(await patch(inside.memberId, { siteIds: [other.id] }), 403, "site_not_allowed");
    await expectError(await patch(inside.memberId, { siteIds: [] }), 403, "site_not_allowed");
    await expectError(await patch(outside.memberId, { role: "editor" }), 403, "site_not_allowed");
    await expectError(await patch(everywhere.memberId, { role: "editor" }), 403, "site_not_allowed");
    await expectError(await call(`/api/members/${outside.memberId}`, { method: "DELETE", token: admin.token }), 403, "site_not_allowed");
    // Within its sites it manages: a writer there becomes an editor there.
    expect((await patch(inside.memberId, { role: "editor" })).status).toBe(200);
  });

  it("invites only within its sites (an invitation without sites gets the admin's), connects no site, revokes no outside token", async () => {
    const { owner, mine, other, admin, outside } = await limitedAdmin();
    const { body: limited } = await invite(admin.token, { email: random("new-admin"), role: "admin" });
    expect(limited.siteIds).toEqual([mine.id]);
    await expectError(
      await call("/api/members", {
        method: "POST",
        token: admin.token,
        json: { email: random("elsewhere"), role: "editor", siteIds: [other.id] },
      }),
      403,
      "site_not_allowed",
    );
    await expectError(
      await call("/api/platforms/custom/connect", { method: "POST", token: admin.token, json: { url: "https://new.invalid" } }),
      403,
      "site_not_allowed",
    );
    const tokens = (await (await call("/api/tokens", { token: admin.token })).json()) as { id: string; memberId: string | null }[];
    expect(tokens.map((t) => t.memberId)).not.toContain(outside.memberId);
    expect(tokens.map((t) => t.memberId)).not.toContain(owner.memberId);
    const [outsideToken] = await db().select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.memberId, outside.memberId));
    await expectError(await call(`/api/tokens/${outsideToken!.id}`, { method: "DELETE", token: admin.token }), 404, "not_found");
    expect((await call("/api/sites", { token: outside.token })).status).toBe(200);
  });

  it("an unlimited admin revokes no owner's token", async () => {
    const owner = await seedAccount();
    const admin = await seedMember(owner.accountId, "admin");
    const [ownerToken] = await db().select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.memberId, owner.memberId));
    await expectError(await call(`/api/tokens/${ownerToken!.id}`, { method: "DELETE", token: admin.token }), 404, "not_found");
    expect((await call("/api/sites", { token: owner.token })).status).toBe(200);
  });

  it("reads only its sites' audit events and its own acts", async () => {
    const { owner, mine, other, admin } = await limitedAdmin();
    await call(`/api/sites/${mine.id}/brief`, { method: "PUT", token: owner.token, json: { audience: "ours" } });
    await call(`/api/sites/${other.id}/brief`, { method: "PUT", token: owner.token, json: { audience: "theirs" } });
    await invite(owner.token, { email: random("owner-invites"), role: "viewer" });
    await invite(admin.token, { email: random("admin-invites"), role: "viewer" });
    const seen = (await (await call("/api/audit", { token: admin.token })).json()) as {
      items: { action: string; targetId: string | null; memberId: string | null }[];
    };
    const briefs = seen.items.filter((e) => e.action === "brief.replaced");
    expect(briefs.map((e) => e.targetId)).toEqual([mine.id]);
    const invitations = seen.items.filter((e) => e.action === "member.invited");
    expect(invitations.map((e) => e.memberId)).toEqual([admin.memberId]);
    const all = (await (await call("/api/audit", { token: owner.token })).json()) as { items: { action: string }[] };
    expect(all.items.filter((e) => e.action === "brief.replaced")).toHaveLength(2);
  });
});

describe("5. a site-limited member's public:read token reads only their sites", () => {
  it("lists, counts, shows and tags only their sites' articles", async () => {
    const owner = await seedAccount();
    const mine = await seedSite(owner.accountId);
    const other = await seedSite(owner.accountId);
    const member = await seedMember(owner.accountId, "editor", { siteIds: [mine.id] });
    const ours = await seedArticle(owner.accountId, { title: "Ours", siteId: mine.id, status: "published" });
    const theirs = await seedArticle(owner.accountId, { title: "Another client's draft", siteId: other.id, status: "pending" });
    const made = await call("/api/tokens", { method: "POST", token: member.token, json: { name: "build", scope: "public:read" } });
    const reader = ((await made.json()) as { token: string }).token;
    const ownerReader = (
      (await (await call("/api/tokens", { method: "POST", token: owner.token, json: { name: "all", scope: "public:read" } })).json()) as {
        token: string;
      }
    ).token;

    for (const query of ["", "?status=pending", `?site=${other.id}`, "?search=draft"]) {
      const listed = (await (await call(`/api/v1/public/articles${query}`, { token: reader })).json()) as {
        data: { id: number }[];
        meta: { total: number };
      };
      expect(listed.data.map((a) => a.id)).not.toContain(theirs.id);
      expect(listed.meta.total).toBe(listed.data.length);
    }
    const list = (await (await call("/api/v1/public/articles", { token: reader })).json()) as { data: { id: number }[] };
    expect(list.data.map((a) => a.id)).toEqual([ours.id]);
    await expectError(await call(`/api/v1/public/articles/${theirs.id}`, { token: reader }), 404, "not_found");
    await expectError(await call(`/api/v1/public/articles/${theirs.id}/images`, { token: reader }), 404, "not_found");
    // The owner's answer to the same URL is another answer, under another ETag.
    const own = await call("/api/v1/public/articles", { token: ownerReader });
    expect(((await own.json()) as { meta: { total: number } }).meta.total).toBe(2);
    const limited = await call("/api/v1/public/articles", { token: reader });
    expect(limited.headers.get("ETag")).not.toBe(own.headers.get("ETag"));
    const conditional = await call("/api/v1/public/articles", { token: reader, headers: { "If-None-Match": own.headers.get("ETag")! } });
    expect(conditional.status).toBe(200);
  });
});

describe("9. a site-limited member names only its sites in a body", () => {
  it("cannot create a plan on another site through REST", async () => {
    const owner = await seedAccount();
    const mine = await seedSite(owner.accountId);
    const other = await seedSite(owner.accountId);
    const editor = await seedMember(owner.accountId, "editor", { siteIds: [mine.id] });
    await expectError(
      await call("/api/autopilot/plans", { method: "POST", token: editor.token, json: { siteId: other.id, keywords: ["kahve"] } }),
      403,
      "site_not_allowed",
    );
    const plans = (await (await call("/api/autopilot/plans", { token: owner.token })).json()) as { items: unknown[] };
    expect(plans.items).toEqual([]);
  });
});

describe("12. the invitation preview says little, and unknown links are limited", () => {
  it("tells the kind, the role, the account's name and the expiry, nothing about the address", async () => {
    const person = await signUp(random("known"));
    const { token } = await seedAccount();
    const { body } = await invite(token, { email: person.email, role: "writer" });
    const preview = (await (
      await call("/api/session/invite/preview", { method: "POST", headers: sameOrigin, json: { token: tokenOf(body.url) } })
    ).json()) as Record<string, unknown>;
    expect(Object.keys(preview).sort()).toEqual(["accountName", "expiresAt", "kind", "role"]);
    expect(preview).toMatchObject({ kind: "member", role: "writer" });
  });

  it("answers 429 after 20 unknown links from one address, before looking", async () => {
    const headers = { ...sameOrigin, "CF-Connecting-IP": "198.51.100.77" };
    for (let i = 0; i < 20; i++) {
      const unknown = `unknown-invitation-token-${i}-${"x".repeat(20)}`;
      await expectError(
        await call("/api/session/invite/preview", { method: "POST", headers, json: { token: unknown } }),
        400,
        "invitation_invalid",
      );
    }
    const blocked = await call("/api/session/invite/preview", { method: "POST", headers, json: { token: "y".repeat(43) } });
    await expectError(blocked, 429, "rate_limited");
    await expectError(
      await call("/api/session/invite", { method: "POST", headers, json: { token: "y".repeat(43), password: PASSWORD } }),
      429,
      "rate_limited",
    );
  });
});

describe("6. invitations are no mail relay", () => {
  const outbox = (accountId: string) => db().select().from(emailOutbox).where(eq(emailOutbox.accountId, accountId));

  it("invite-and-withdraw in a loop mails one address once a day", async () => {
    const { token, accountId } = await seedAccount();
    const target = random("outside");
    const answers: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await invite(token, { email: target, role: "viewer" });
      answers.push((body as unknown as { emailed: boolean }).emailed);
      expect((await call(`/api/members/invitations/${body.id}`, { method: "DELETE", token })).status).toBe(204);
    }
    expect(answers).toEqual([true, false, false, false, false]);
    expect((await outbox(accountId)).map((row) => row.toEmail)).toEqual([target]);
  });

  it("an account makes 30 invitations a day (withdrawn ones count), then 429", async () => {
    const { token, accountId } = await seedAccount();
    for (let i = 0; i < 30; i++) {
      const { response, body } = await invite(token, { email: random(`many-${i}`), role: "viewer" });
      expect(response.status).toBe(201);
      await call(`/api/members/invitations/${body.id}`, { method: "DELETE", token });
    }
    const blocked = await call("/api/members", { method: "POST", token, json: { email: random("one-more"), role: "viewer" } });
    await expectError(blocked, 429, "rate_limited");
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await outbox(accountId)).length).toBe(30);
  });

  it("one address gets at most 3 invitation mails a day from every account together", async () => {
    const target = random("popular");
    const emailed: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const { token } = await seedAccount();
      emailed.push(((await invite(token, { email: target, role: "viewer" })).body as unknown as { emailed: boolean }).emailed);
    }
    expect(emailed).toEqual([true, true, true, false]);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toEmail, target))).toHaveLength(3);
  });

  it("the invitation names the account by the name its team gave it, never by its e-mail", async () => {
    const { token, accountId } = await seedAccount();
    await expectError(await call("/api/account", { method: "PATCH", token, json: { name: "Reset\u202Eyour password" } }), 400);
    await expectError(await call("/api/account", { method: "PATCH", token, json: { name: "<b>x</b>" } }), 400);
    const renamed = await call("/api/account", { method: "PATCH", token, json: { name: "Kadıköy Ajans" } });
    expect(await renamed.json()).toMatchObject({ id: accountId, name: "Kadıköy Ajans" });
    const { body } = await invite(token, { email: random("named"), role: "viewer" });
    const [row] = await outbox(accountId);
    // The e-mail names the account when it is rendered (test/email/names.test.ts): the row keeps no copy of the name.
    expect(row!.kind).toBe("invitation");
    const preview = await call("/api/session/invite/preview", { method: "POST", headers: sameOrigin, json: { token: tokenOf(body.url) } });
    expect(await preview.json()).toMatchObject({ accountName: "Kadıköy Ajans" });
    const me = await call("/api/auth/me", { token });
    expect(await me.json()).toMatchObject({ name: "Kadıköy Ajans" });
  });

  it("an account's e-mails stop at its daily budget: the rest are stored as skipped", async () => {
    useVars({ EMAIL_DAILY_LIMIT_PER_ACCOUNT: "2" });
    const { token, accountId } = await seedAccount();
    const emailed: boolean[] = [];
    for (let i = 0; i < 3; i++)
      emailed.push(
        ((await invite(token, { email: random(`budget-${i}`), role: "viewer" })).body as unknown as { emailed: boolean }).emailed,
      );
    expect(emailed).toEqual([true, true, false]);
    const rows = await outbox(accountId);
    expect(rows.map((row) => row.status).sort()).toEqual(["pending", "pending", "skipped"]);
    expect(rows.find((row) => row.status === "skipped")?.error).toBe("E_DAILY_BUDGET");
  });
});

describe("8. guesses at an e-mail do not lock its owner out", () => {
  const deviceOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith("__Host-device="))
      ?.split(";")[0];

  async function lockOut(email: string) {
    for (let i = 0; i < 10; i++) await expectError(await signIn(email, `wrong guess ${i}`), 401, "unauthorized");
    await expectError(await signIn(email, PASSWORD), 429, "rate_limited");
  }

  it("a browser that signed in before still gets in; others are held by the e-mail's window", async () => {
    const person = await signUp(random("locked"));
    const first = await signIn(person.email, PASSWORD, "198.51.100.161");
    expect(first.status).toBe(200);
    const device = deviceOf(first)!;
    expect(device).toMatch(/^__Host-device=usr_/);
    expect(first.headers.getSetCookie().find((c) => c.startsWith("__Host-device="))).toContain("HttpOnly");
    await lockOut(person.email);
    const known = await call("/api/session", {
      method: "POST",
      headers: { ...sameOrigin, "CF-Connecting-IP": "198.51.100.161", Cookie: device },
      json: { email: person.email, password: PASSWORD },
    });
    expect(known.status).toBe(200);
    // Someone else's mark, or a forged one, does not help.
    const other = await signUp(random("other-device"));
    const otherDevice = deviceOf(await signIn(other.email, PASSWORD))!;
    for (const cookie of [otherDevice, `${device.slice(0, -4)}AAAA`])
      await expectError(
        await call("/api/session", {
          method: "POST",
          headers: { ...sameOrigin, "CF-Connecting-IP": "198.51.100.162", Cookie: cookie },
          json: { email: person.email, password: PASSWORD },
        }),
        429,
        "rate_limited",
      );
  });

  it("a locked-out person gets a one-time sign-in link by e-mail; the answer is the same for an unknown address", async () => {
    const person = await signUp(random("link"));
    await lockOut(person.email);
    const headers = { ...sameOrigin, "CF-Connecting-IP": "198.51.100.171" };
    const asked = await call("/api/session/sign-in-link", { method: "POST", headers, json: { email: person.email } });
    expect(asked.status).toBe(202);
    const nobody = await call("/api/session/sign-in-link", { method: "POST", headers, json: { email: random("nobody") } });
    expect(nobody.status).toBe(202);
    expect(await nobody.json()).toEqual(await asked.json());

    const [row] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toEmail, person.email), eq(emailOutbox.kind, "sign_in_link")));
    expect(row).toBeDefined();
    const url = await decryptSecret(testEnv.ENCRYPTION_KEY!, (row!.data as { urlEncrypted: string }).urlEncrypted);
    expect(url).toMatch(/\/sign-in-link#/);
    const used = await call("/api/session/sign-in-link/use", { method: "POST", headers, json: { token: tokenOf(url) } });
    expect(used.status).toBe(200);
    expect(await used.json()).toMatchObject({ accountId: person.accountId, email: person.email });
    expect((await call("/api/sites", { headers: { Cookie: cookieOf(used) } })).status).toBe(200);
    await expectError(
      await call("/api/session/sign-in-link/use", { method: "POST", headers, json: { token: tokenOf(url) } }),
      400,
      "sign_in_link_invalid",
    );
  });

  it("an address asks for 5 links an hour, then 429", async () => {
    const headers = { ...sameOrigin, "CF-Connecting-IP": "198.51.100.181" };
    for (let i = 0; i < 5; i++)
      expect((await call("/api/session/sign-in-link", { method: "POST", headers, json: { email: random("many") } })).status).toBe(202);
    await expectError(
      await call("/api/session/sign-in-link", { method: "POST", headers, json: { email: random("many") } }),
      429,
      "rate_limited",
    );
  });
});

describe("15. a writer's edit of a published article waits for an editor", () => {
  it("is kept as a pending revision (202) that an editor publishes or discards; the live article stays until then", async () => {
    const owner = await seedAccount();
    const writer = await seedMember(owner.accountId, "writer");
    const editor = await seedMember(owner.accountId, "editor");
    const live = await seedArticle(owner.accountId, { title: "The live title", status: "published" });
    const reader = (
      (await (await call("/api/tokens", { method: "POST", token: owner.token, json: { name: "site", scope: "public:read" } })).json()) as {
        token: string;
      }
    ).token;

    const proposed = await call(`/api/autopilot/articles/${live.id}`, {
      method: "PATCH",
      token: writer.token,
      json: { title: "A writer's title" },
    });
    expect(proposed.status).toBe(202);
    const revision = (await proposed.json()) as { id: string; status: string; by: { email: string }; fields: unknown };
    expect(revision).toMatchObject({ status: "pending", by: { email: writer.email }, fields: { title: "A writer's title" } });
    // A second edit merges into the same revision.
    await call(`/api/autopilot/articles/${live.id}`, { method: "PATCH", token: writer.token, json: { seoTitle: "A writer's SEO title" } });

    const detail = (await (await call(`/api/autopilot/articles/${live.id}`, { token: owner.token })).json()) as {
      title: string;
      pendingRevision: { id: string; fields: Record<string, unknown> } | null;
    };
    expect(detail.title).toBe("The live title");
    expect(detail.pendingRevision).toMatchObject({
      id: revision.id,
      fields: { title: "A writer's title", seoTitle: "A writer's SEO title" },
    });
    const publicRead = (await (await call(`/api/v1/public/articles/${live.id}`, { token: reader })).json()) as { data: { title: string } };
    expect(publicRead.data.title).toBe("The live title");

    // The writer cannot publish it; an editor can.
    await expectError(
      await call(`/api/autopilot/articles/${live.id}/revision/publish`, { method: "POST", token: writer.token }),
      403,
      "insufficient_role",
    );
    const published = await call(`/api/autopilot/articles/${live.id}/revision/publish`, { method: "POST", token: editor.token });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ title: "A writer's title", seoTitle: "A writer's SEO title", pendingRevision: null });
    await expectError(await call(`/api/autopilot/articles/${live.id}/revision/publish`, { method: "POST", token: editor.token }), 404);

    // Discarded: nothing changes.
    await call(`/api/autopilot/articles/${live.id}`, { method: "PATCH", token: writer.token, json: { title: "Not this one" } });
    expect((await call(`/api/autopilot/articles/${live.id}/revision`, { method: "DELETE", token: editor.token })).status).toBe(204);
    const after = (await (await call(`/api/autopilot/articles/${live.id}`, { token: owner.token })).json()) as {
      title: string;
      pendingRevision: unknown;
    };
    expect(after).toMatchObject({ title: "A writer's title", pendingRevision: null });
    const actions = (await (await call("/api/audit?action=article.", { token: owner.token })).json()) as { items: { action: string }[] };
    expect(actions.items.map((e) => e.action)).toEqual([
      "article.revision_discarded",
      "article.revision_proposed",
      "article.revision_published",
      "article.revision_proposed",
      "article.revision_proposed",
    ]);
  });

  it("an editor's PATCH of a published article, and a writer's of a draft, change it at once", async () => {
    const owner = await seedAccount();
    const writer = await seedMember(owner.accountId, "writer");
    const editor = await seedMember(owner.accountId, "editor");
    const live = await seedArticle(owner.accountId, { title: "Live", status: "published" });
    const draft = await seedArticle(owner.accountId, { title: "Draft", status: "draft" });
    expect(
      (await call(`/api/autopilot/articles/${live.id}`, { method: "PATCH", token: editor.token, json: { title: "Edited live" } })).status,
    ).toBe(200);
    const edited = await call(`/api/autopilot/articles/${draft.id}`, {
      method: "PATCH",
      token: writer.token,
      json: { title: "Edited draft" },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ title: "Edited draft" });
  });
});

describe("16. sign-up tells no one which addresses have accounts", () => {
  it("answers a taken address as a new one; only the mailbox learns which it was, and a link makes the account once", async () => {
    useVars({ SIGNUP_OPEN: "true" });
    const taken = await signUp(random("taken"));
    const fresh = random("fresh");
    const ask = (email: string) =>
      call("/api/session/signup", {
        method: "POST",
        headers: { ...sameOrigin, "CF-Connecting-IP": `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
        json: { email, password: ATTACKER_PASSWORD },
      });
    const [a, b] = [await ask(taken.email), await ask(fresh)];
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await a.text()).toBe(await b.text());
    // The taken address's owner is told; their password is untouched.
    expect(await linkMailedTo(taken.email, "sign_up_existing")).toMatch(/\/sign-in$/);
    await expectError(await signIn(taken.email, ATTACKER_PASSWORD), 401, "unauthorized");
    // The new address has no account until its link is used, then exactly one.
    await expectError(await signIn(fresh, ATTACKER_PASSWORD), 401, "unauthorized");
    const token = tokenOf(await linkMailedTo(fresh, "sign_up_confirm"));
    const confirm = () => call("/api/session/signup/confirm", { method: "POST", headers: sameOrigin, json: { token } });
    expect((await confirm()).status).toBe(201);
    await expectError(await confirm(), 400, "sign_up_link_invalid");
    expect((await signIn(fresh, ATTACKER_PASSWORD)).status).toBe(200);
  });
});

describe("10. admins do not touch owners' OAuth grants", () => {
  it("an admin neither lists nor revokes an owner's grant, and still manages a writer's", async () => {
    const { accountId } = await seedAccount();
    const owner = await seedMember(accountId, "owner");
    const writer = await seedMember(accountId, "writer");
    const admin = await seedMember(accountId, "admin");
    for (const member of [owner, writer]) {
      const clientId = await register(`${member.email}'s assistant`);
      const consent = await openConsent(member.cookie, clientId);
      expect((await decide(member.cookie, consent, "approve")).status).toBe(302);
    }
    const all = (await (await call("/api/oauth/grants", { token: owner.token })).json()) as { items: { id: string; memberId: string }[] };
    const ownersGrant = all.items.find((g) => g.memberId === owner.memberId)!;
    const writersGrant = all.items.find((g) => g.memberId === writer.memberId)!;
    const seen = (await (await call("/api/oauth/grants", { token: admin.token })).json()) as { items: { memberId: string }[] };
    expect(seen.items.map((g) => g.memberId)).toEqual([writer.memberId]);
    await expectError(await call(`/api/oauth/grants/${ownersGrant.id}`, { method: "DELETE", token: admin.token }), 404, "not_found");
    expect((await call(`/api/oauth/grants/${writersGrant.id}`, { method: "DELETE", token: admin.token })).status).toBe(200);
  });
});
