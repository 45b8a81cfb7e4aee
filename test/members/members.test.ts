import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accountDisplayNameOf } from "../../src/accounts/display-name";
import { recordAudit } from "../../src/audit/audit";
import { emailOutbox } from "../../src/db/schema";
import { BASE, call, db, expectError, seedAccount, seedArticle, seedSite, seedToken } from "../harness";
import { decide, exchange, mcpClient, openConsent, register } from "../oauth/helpers";
import { seedMember } from "./helpers";

// Issue 31 §1: members, roles, invitations, removal, account switching and the audit log, over HTTP.

const PASSWORD = "correct horse battery staple";
const sameOrigin = { Origin: BASE };

const random = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__Host-session="))!
    .split(";")[0]!;

async function invite(token: string, body: Record<string, unknown>) {
  const response = await call("/api/members", { method: "POST", token, json: body });
  return { response, body: (await response.json()) as { id: string; url: string; expiresAt: string; role: string; email: string } };
}

const tokenOf = (url: string) => url.split("#")[1]!;

async function accept(token: string, password?: string, cookie?: string) {
  return call("/api/session/invite", {
    method: "POST",
    headers: { ...sameOrigin, ...(cookie ? { Cookie: cookie } : {}) },
    json: password ? { token, password } : { token },
  });
}

describe("inviting and accepting", () => {
  it("a new person accepts with a password and works as an editor: the session says so, an editor's calls pass and billing does not", async () => {
    const { token, accountId } = await seedAccount();
    const email = random("editor");
    const { response, body } = await invite(token, { email, role: "editor" });
    expect(response.status).toBe(201);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^inv_/),
      email,
      role: "editor",
      url: expect.stringMatching(/\/invite#.{40,}$/),
    });
    // The link goes out by e-mail too, once, to the invited address.
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.accountId, accountId));
    expect(mails.map((m) => [m.kind, m.toEmail])).toEqual([["invitation", email]]);

    const preview = await call("/api/session/invite/preview", { method: "POST", headers: sameOrigin, json: { token: tokenOf(body.url) } });
    // The account as its invitation e-mail names it: a display name even without an explicit one.
    expect(await preview.json()).toMatchObject({
      kind: "member",
      role: "editor",
      accountName: await accountDisplayNameOf(db(), accountId),
    });

    const accepted = await accept(tokenOf(body.url), PASSWORD);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ accountId, email, role: "editor", via: "session" });
    const cookie = cookieOf(accepted);

    const me = (await (await call("/api/auth/me", { headers: { Cookie: cookie } })).json()) as { role: string; member: { email: string } };
    expect(me).toMatchObject({ role: "editor", member: { email, role: "editor" } });
    expect((await call("/api/autopilot/plans", { headers: { Cookie: cookie } })).status).toBe(200);
    await expectError(await call("/api/billing/transactions", { headers: { Cookie: cookie } }), 403, "insufficient_role");

    // The link works once; the member list shows the editor and no open invitation.
    await expectError(await accept(tokenOf(body.url), PASSWORD), 400, "invitation_invalid");
    const list = (await (await call("/api/members", { token })).json()) as {
      members: { email: string; role: string }[];
      invitations: unknown[];
    };
    expect(list.members.map((m) => [m.email, m.role])).toContainEqual([email, "editor"]);
    expect(list.invitations).toEqual([]);
    // And the new person signs in with the password.
    const signIn = await call("/api/session", { method: "POST", headers: sameOrigin, json: { email, password: PASSWORD } });
    expect(await signIn.json()).toMatchObject({ accountId, role: "editor" });
  });

  it("someone who signs in already joins signed in, and switches between their accounts", async () => {
    const agency = await seedAccount();
    // A person with their own account (signed up with a password).
    const own = await seedAccount();
    const person = await seedMember(own.accountId, "admin");
    await call("/api/session/password", {
      method: "POST",
      headers: { ...sameOrigin, Cookie: person.cookie },
      json: { currentPassword: "", newPassword: PASSWORD },
    });
    const signedIn = await call("/api/session", { method: "POST", headers: sameOrigin, json: { email: person.email, password: PASSWORD } });
    const cookie = cookieOf(signedIn);

    const { body } = await invite(agency.token, { email: person.email, role: "writer" });
    const preview = await call("/api/session/invite/preview", { method: "POST", headers: sameOrigin, json: { token: tokenOf(body.url) } });
    expect(await preview.json()).toMatchObject({ kind: "member", role: "writer" });
    // Without a session, a password is refused: the email signs in already.
    await expectError(await accept(tokenOf(body.url), PASSWORD), 409, "sign_in_to_accept");

    const joined = await accept(tokenOf(body.url), undefined, cookie);
    expect(await joined.json()).toMatchObject({ accountId: agency.accountId, role: "writer" });
    const joinedCookie = cookieOf(joined);
    const me = (await (await call("/api/auth/me", { headers: { Cookie: joinedCookie } })).json()) as {
      id: string;
      memberships: { accountId: string; role: string; accountDisplayName: string }[];
    };
    expect(me.id).toBe(agency.accountId);
    expect(me.memberships.map((m) => [m.accountId, m.role]).sort()).toEqual(
      [
        [own.accountId, "admin"],
        [agency.accountId, "writer"],
      ].sort(),
    );
    // The switcher names each account as the header does: by its display name, never its e-mail.
    for (const membership of me.memberships)
      expect(membership.accountDisplayName).toBe(await accountDisplayNameOf(db(), membership.accountId));
    expect(JSON.stringify(me.memberships.map((m) => m.accountDisplayName))).not.toContain("@");

    const switched = await call("/api/session/account", {
      method: "POST",
      headers: { ...sameOrigin, Cookie: joinedCookie },
      json: { accountId: own.accountId },
    });
    expect(await switched.json()).toMatchObject({ accountId: own.accountId, role: "admin" });
    expect(((await (await call("/api/auth/me", { headers: { Cookie: joinedCookie } })).json()) as { id: string }).id).toBe(own.accountId);
    // Not a member: 404, and the session stays where it was.
    await expectError(
      await call("/api/session/account", {
        method: "POST",
        headers: { ...sameOrigin, Cookie: joinedCookie },
        json: { accountId: (await seedAccount()).accountId },
      }),
      404,
      "not_found",
    );
  });

  it("refuses bad invitations with a 4xx that changes nothing", async () => {
    const { token, accountId } = await seedAccount();
    const admin = await seedMember(accountId, "admin");
    await expectError(await call("/api/members", { method: "POST", token, json: { email: "not-an-email", role: "editor" } }), 400);
    await expectError(await call("/api/members", { method: "POST", token, json: { email: random("x"), role: "boss" } }), 400);
    await expectError(
      await call("/api/members", { method: "POST", token, json: { email: random("x"), role: "editor", siteIds: ["site_elsewhere"] } }),
      400,
    );
    // Only an owner invites an owner; a member cannot be invited twice.
    await expectError(
      await call("/api/members", { method: "POST", token: admin.token, json: { email: random("x"), role: "owner" } }),
      403,
      "insufficient_role",
    );
    await expectError(
      await call("/api/members", { method: "POST", token, json: { email: admin.email, role: "editor" } }),
      409,
      "already_member",
    );
    const list = (await (await call("/api/members", { token })).json()) as { invitations: unknown[] };
    expect(list.invitations).toEqual([]);
  });

  it("malformed JSON, wrong types, unknown fields, an oversize body and foreign ids are 4xx JSON errors that change nothing", async () => {
    const { token, accountId } = await seedAccount();
    const member = await seedMember(accountId, "writer");
    const raw = (path: string, method: string, body: string) =>
      call(path, { method, token, headers: { "Content-Type": "application/json" }, body });
    await expectError(await raw("/api/members", "POST", "{not json"), 400);
    await expectError(await raw("/api/members", "POST", JSON.stringify({ email: 42, role: ["editor"] })), 400);
    await expectError(await raw("/api/members", "POST", JSON.stringify({ email: random("x"), role: "editor", boss: true })), 400);
    const huge = await raw("/api/members", "POST", JSON.stringify({ email: random("x"), role: "editor", note: "x".repeat(2_000_000) }));
    expect([400, 413]).toContain(huge.status);
    expect(((await huge.json()) as { success: boolean }).success).toBe(false);
    await expectError(await raw(`/api/members/${member.memberId}`, "PATCH", "[]"), 400);
    await expectError(await raw(`/api/members/${member.memberId}`, "PATCH", JSON.stringify({ role: "writer", siteIds: "all" })), 400);
    await expectError(await call("/api/members/mem_nobody", { method: "PATCH", token, json: { role: "viewer" } }), 404, "not_found");
    await expectError(await call("/api/members/invitations/inv_nobody", { method: "DELETE", token }), 404, "not_found");
    await expectError(await call("/api/audit?limit=0", { token }), 400);
    await expectError(await call("/api/audit?before=abc", { token }), 400);
    const list = (await (await call("/api/members", { token })).json()) as {
      members: { id: string; role: string }[];
      invitations: unknown[];
    };
    expect(list.members.find((m) => m.id === member.memberId)?.role).toBe("writer");
    expect(list.invitations).toEqual([]);
  });

  it("a withdrawn invitation's link stops working", async () => {
    const { token } = await seedAccount();
    const { body } = await invite(token, { email: random("late"), role: "viewer" });
    expect((await call(`/api/members/invitations/${body.id}`, { method: "DELETE", token })).status).toBe(204);
    await expectError(await accept(tokenOf(body.url), PASSWORD), 400, "invitation_invalid");
  });
});

describe("roles change and members leave", () => {
  it("a lowered role takes effect on the member's next call, with their existing token", async () => {
    const { token, accountId } = await seedAccount();
    const editor = await seedMember(accountId, "editor");
    expect((await call("/api/sites/nothing/brief", { method: "PUT", token: editor.token, json: {} })).status).not.toBe(403);
    const patched = await call(`/api/members/${editor.memberId}`, { method: "PATCH", token, json: { role: "viewer" } });
    expect(await patched.json()).toMatchObject({ id: editor.memberId, role: "viewer" });
    await expectError(await call("/api/sites/nothing/brief", { method: "PUT", token: editor.token, json: {} }), 403, "insufficient_role");
  });

  it("keeps at least one owner, and only an owner touches an owner", async () => {
    const { token, accountId, memberId } = await seedAccount();
    const admin = await seedMember(accountId, "admin");
    await expectError(await call(`/api/members/${memberId}`, { method: "PATCH", token, json: { role: "admin" } }), 409, "last_owner");
    await expectError(await call(`/api/members/${memberId}`, { method: "DELETE", token }), 409, "last_owner");
    await expectError(await call(`/api/members/${memberId}`, { method: "DELETE", token: admin.token }), 403, "insufficient_role");
    await expectError(
      await call(`/api/members/${admin.memberId}`, { method: "PATCH", token: admin.token, json: { role: "owner" } }),
      403,
      "insufficient_role",
    );
    // With a second owner, the first may step down.
    await call(`/api/members/${admin.memberId}`, { method: "PATCH", token, json: { role: "owner" } });
    expect((await call(`/api/members/${memberId}`, { method: "PATCH", token, json: { role: "admin" } })).status).toBe(200);
    // Another account's member is not found.
    const other = await seedAccount();
    await expectError(await call(`/api/members/${other.memberId}`, { method: "DELETE", token: admin.token }), 404, "not_found");
  });

  it("a removed member's session, tokens and OAuth grant stop at once (401)", async () => {
    const { token, accountId } = await seedAccount();
    const member = await seedMember(accountId, "editor");
    const reader = await call("/api/tokens", { method: "POST", token: member.token, json: { name: "site build", scope: "public:read" } });
    const readToken = ((await reader.json()) as { token: string }).token;
    expect((await call("/api/v1/public/articles", { token: readToken })).status).toBe(200);

    const clientId = await register("Member's assistant");
    const consent = await openConsent(member.cookie, clientId);
    const approved = await decide(member.cookie, consent, "approve");
    const code = new URL(approved.headers.get("Location")!).searchParams.get("code")!;
    const { access_token } = await exchange(clientId, code, consent.verifier);
    const assistant = await mcpClient(access_token);
    expect((await assistant.listTools()).tools.length).toBeGreaterThan(20);
    const grants = (await (await call("/api/oauth/grants", { token })).json()) as { items: { memberId: string }[] };
    expect(grants.items.map((g) => g.memberId)).toContain(member.memberId);

    expect((await call(`/api/members/${member.memberId}`, { method: "DELETE", token })).status).toBe(200);
    await expectError(await call("/api/autopilot/plans", { headers: { Cookie: member.cookie } }), 401);
    await expectError(await call("/api/autopilot/plans", { token: member.token }), 401);
    await expectError(await call("/api/v1/public/articles", { token: readToken }), 401);
    const mcp = await call("/mcp", {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, Accept: "application/json, text/event-stream" },
      json: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    });
    expect(mcp.status).toBe(401);
    const after = (await (await call("/api/oauth/grants", { token })).json()) as { items: { memberId: string }[] };
    expect(after.items.map((g) => g.memberId)).not.toContain(member.memberId);
  });
});

describe("tokens and grants belong to a member", () => {
  it("a token never does more than its member, and may do less", async () => {
    const { token, accountId } = await seedAccount();
    const writer = await seedMember(accountId, "writer");
    await expectError(
      await call("/api/tokens", { method: "POST", token: writer.token, json: { name: "too much", role: "editor" } }),
      403,
      "insufficient_role",
    );
    const made = await call("/api/tokens", { method: "POST", token, json: { name: "reader", role: "viewer" } });
    const viewerToken = (await made.json()) as { token: string; role: string; memberId: string };
    expect(viewerToken).toMatchObject({ role: "viewer", memberId: expect.stringMatching(/^mem_/) });
    await expectError(
      await call("/api/autopilot/plans", { method: "POST", token: viewerToken.token, json: { siteId: "x", keywords: ["a"] } }),
      403,
      "insufficient_role",
    );
    expect((await call("/api/autopilot/plans", { token: viewerToken.token })).status).toBe(200);
    // A writer sees only their own tokens; the owner sees everyone's.
    const own = (await (await call("/api/tokens", { token: writer.token })).json()) as { memberId: string }[];
    expect(new Set(own.map((t) => t.memberId))).toEqual(new Set([writer.memberId]));
    const all = (await (await call("/api/tokens", { token })).json()) as { memberId: string }[];
    expect(all.map((t) => t.memberId)).toContain(writer.memberId);
    // And cannot revoke the owner's.
    const ownerTokenId = all.find((t) => t.memberId !== writer.memberId) as unknown as { id: string };
    await expectError(await call(`/api/tokens/${ownerTokenId.id}`, { method: "DELETE", token: writer.token }), 404, "not_found");
  });

  it("an operator-issued token (no member) acts as an owner", async () => {
    const { accountId } = await seedAccount();
    const { token } = await seedToken(accountId);
    const me = (await (await call("/api/auth/me", { token })).json()) as { role: string; member: unknown };
    expect(me).toMatchObject({ role: "owner", member: null });
  });
});

describe("a member limited to some sites", () => {
  it("reaches only those sites and their things (403 site_not_allowed elsewhere)", async () => {
    const { token, accountId } = await seedAccount();
    const mine = await seedSite(accountId);
    const other = await seedSite(accountId);
    const member = await seedMember(accountId, "editor", { siteIds: [mine.id] });
    expect((await call(`/api/sites/${mine.id}`, { token: member.token })).status).toBe(200);
    await expectError(await call(`/api/sites/${other.id}`, { token: member.token }), 403, "site_not_allowed");
    await expectError(
      await call(`/api/sites/${other.id}/brief`, { method: "PUT", token: member.token, json: {} }),
      403,
      "site_not_allowed",
    );
    const sites = (await (await call("/api/sites", { token: member.token })).json()) as { id: string }[];
    expect(sites.map((s) => s.id)).toEqual([mine.id]);
    // Lists show only their sites' things; the owner sees all.
    const ours = await seedArticle(accountId, { title: "Ours", siteId: mine.id });
    const theirs = await seedArticle(accountId, { title: "Theirs", siteId: other.id });
    const listed = (await (await call("/api/autopilot/articles", { token: member.token })).json()) as { items: { id: string }[] };
    expect(listed.items.map((a) => a.id)).toEqual([String(ours.id)]);
    const all = (await (await call("/api/autopilot/articles", { token })).json()) as { items: unknown[] };
    expect(all.items).toHaveLength(2);
    await expectError(await call(`/api/autopilot/articles/${theirs.id}`, { token: member.token }), 403, "site_not_allowed");
    // The report is one of their sites', never the whole account's.
    await expectError(await call("/api/autopilot/report", { token: member.token }), 403, "site_not_allowed");
    expect((await call(`/api/autopilot/report?siteId=${mine.id}`, { token: member.token })).status).toBe(200);
  });
});

describe("the audit log", () => {
  it("records who did what, newest first, with filters and pages", async () => {
    const { token, accountId } = await seedAccount();
    const editor = await seedMember(accountId, "editor");
    await invite(token, { email: random("audited"), role: "viewer" });
    await call("/api/tokens", { method: "POST", token: editor.token, json: { name: "editor's script" } });
    await call(`/api/members/${editor.memberId}`, { method: "PATCH", token, json: { role: "writer" } });

    const page = (await (await call("/api/audit?limit=2", { token })).json()) as {
      items: { action: string; actor: string; via: string }[];
      nextBefore: number;
    };
    expect(page.items.map((e) => e.action)).toEqual(["member.updated", "token.created"]);
    expect(page.items[1]).toMatchObject({ actor: editor.email, via: "token" });
    const next = (await (await call(`/api/audit?limit=2&before=${page.nextBefore}`, { token })).json()) as {
      items: { action: string }[];
      nextBefore: number | null;
    };
    expect(next.items.map((e) => e.action)).toEqual(["member.invited"]);
    expect(next.nextBefore).toBeNull();
    const members = (await (await call("/api/audit?action=member.", { token })).json()) as { items: { action: string }[] };
    expect(members.items.map((e) => e.action)).toEqual(["member.updated", "member.invited"]);
    const byEditor = (await (await call(`/api/audit?memberId=${editor.memberId}`, { token })).json()) as { items: { action: string }[] };
    expect(byEditor.items.map((e) => e.action)).toEqual(["token.created"]);
    await expectError(await call("/api/audit?action=DROP TABLE", { token }), 400);
    // A kind with an underscore is matched as written, not as a LIKE pattern.
    for (const action of ["approval_link.created", "approvalxlink.created"])
      await recordAudit(db(), accountId, { memberId: null, via: "system" }, { action });
    const links = (await (await call("/api/audit?action=approval_link.", { token })).json()) as { items: { action: string }[] };
    expect(links.items.map((e) => e.action)).toEqual(["approval_link.created"]);
    await expectError(await call("/api/audit", { token: editor.token }), 403, "insufficient_role");
  });
});
