import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { purgeClosedAccounts } from "../../src/account-data/purge";
import { runCronTick } from "../../src/jobs/cron";
import { newId } from "../../src/core/ids";
import {
  accounts,
  apiTokens,
  auditEvents,
  byokKeys,
  closedAccounts,
  creditLedger,
  memberInvitations,
  members,
  retainedLedger,
  sessions,
  sites,
  uploads,
  users,
} from "../../src/db/schema";
import { startSession } from "../../src/sessions/service";
import { createToken } from "../../src/tokens/service";
import { connect, tool, toolError } from "../mcp/client";
import { BASE, call, db, expectError, seedAccount, seedArticle, seedSite, testEnv, testServices } from "../harness";
import { seedMember } from "../members/helpers";
import { PASSWORD, runExportSteps, setPassword } from "./helpers";

// Issue 40 §17: closing the account, cancelling within the grace, and the purge after it.

const DAY = 24 * 60 * 60_000;
const sameOrigin = { Origin: BASE };

/** An owner with a password, a site with credentials, a BYOK key, an invitation, a session, an editor and an uploaded file. */
async function seedClosable() {
  const owner = await seedAccount();
  await setPassword(owner.userId);
  const site = await seedSite(owner.accountId, {
    platform: "blog",
    blogUsername: "writer",
    blogAppPasswordEncrypted: "APP-PASSWORD-CIPHERTEXT",
    webhookSecretEncrypted: "WEBHOOK-CIPHERTEXT",
    forumApiKeyEncrypted: "FORUM-CIPHERTEXT",
  });
  await db()
    .insert(byokKeys)
    .values({ accountId: owner.accountId, provider: "openai", model: "gpt-4o", apiKeyEncrypted: "KEY-CIPHERTEXT", keyLastFour: "abcd" });
  const invited = await call("/api/members", {
    method: "POST",
    token: owner.token,
    json: { email: `invitee-${newId("inv")}@example.com`, role: "writer" },
  });
  expect(invited.status).toBe(201);
  const ownerSession = `__Host-session=${await startSession({ db: db() }, { accountId: owner.accountId, userId: owner.userId }, new Date())}`;
  const editor = await seedMember(owner.accountId, "editor");
  await seedArticle(owner.accountId, { title: "Kept until the purge", siteId: site.id });
  const key = `uploads/closing-${newId("up").slice(3)}.webp`;
  await testEnv.MEDIA.put(key, new Uint8Array([1, 2, 3]));
  await db()
    .insert(uploads)
    .values({
      id: newId("up"),
      accountId: owner.accountId,
      fileName: key.slice(8),
      objectKey: key,
      contentType: "image/webp",
      bytes: 3,
      width: 1,
      height: 1,
      originalType: "image/webp",
      originalBytes: 3,
    });
  return { ...owner, site, ownerSession, editor, key };
}

const close = (token: string, password: string) => call("/api/account/close", { method: "POST", token, json: { password } });

async function signIn(email: string) {
  const response = await call("/api/session", { method: "POST", headers: sameOrigin, json: { email, password: PASSWORD } });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="))!;
  return cookie.split(";")[0]!;
}

async function siteRow(siteId: string) {
  const [site] = await db().select().from(sites).where(eq(sites.id, siteId));
  return site!;
}

describe("POST /api/account/close", () => {
  it("refuses a wrong password with 400 wrong_password and changes nothing", async () => {
    const account = await seedClosable();
    const body = await expectError(await close(account.token, "not my password"), 400, "wrong_password");
    expect(body).toMatchObject({ issues: [{ path: "password", code: "incorrect" }] });
    const [row] = await db().select().from(accounts).where(eq(accounts.id, account.accountId));
    expect(row).toMatchObject({ closingAt: null, closesAt: null });
    expect((await siteRow(account.site.id)).blogAppPasswordEncrypted).toBe("APP-PASSWORD-CIPHERTEXT");
    expect((await call("/api/auth/me", { token: account.token })).status).toBe(200);
    expect((await call("/api/auth/me", { headers: { Cookie: account.ownerSession } })).status).toBe(200);
  });

  it("is the owners' and needs a body: an admin is refused 403, a missing password 400", async () => {
    const account = await seedClosable();
    const admin = await seedMember(account.accountId, "admin");
    await expectError(await close(admin.token, PASSWORD), 403, "insufficient_role");
    await expectError(await call("/api/account/close", { method: "POST", token: account.token, json: {} }), 400, "invalid_request");
    await expectError(await call("/api/account/close/cancel", { method: "POST", token: account.token }), 409, "account_not_closing");
  });

  it("deletes credentials and secrets at once, ends tokens and sessions, voids invitations, and keeps the rest for 14 days", async () => {
    const account = await seedClosable();
    const before = Date.now();
    const response = await close(account.token, PASSWORD);
    expect(response.status).toBe(202);
    const closure = (await response.json()) as { closingAt: string; closesAt: string };
    expect(Date.parse(closure.closesAt) - Date.parse(closure.closingAt)).toBe(14 * DAY);
    expect(Date.parse(closure.closingAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);

    const site = await siteRow(account.site.id);
    expect(site).toMatchObject({
      blogAppPasswordEncrypted: null,
      webhookSecretEncrypted: null,
      forumApiKeyEncrypted: null,
      blogUsername: "writer",
    });
    expect(await db().select().from(byokKeys).where(eq(byokKeys.accountId, account.accountId))).toEqual([]);
    const tokens = await db().select().from(apiTokens).where(eq(apiTokens.accountId, account.accountId));
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
    await expectError(await call("/api/auth/me", { token: account.token }), 401, "unauthorized");
    await expectError(await call("/api/auth/me", { token: account.editor.token }), 401, "unauthorized");
    await expectError(await call("/api/auth/me", { headers: { Cookie: account.ownerSession } }), 401, "unauthorized");
    expect(await db().select().from(sessions).where(eq(sessions.accountId, account.accountId))).toEqual([]);
    expect(await db().select().from(memberInvitations).where(eq(memberInvitations.accountId, account.accountId))).toEqual([]);
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.action, "account.close_requested"));
    expect(event).toMatchObject({
      accountId: account.accountId,
      actor: account.email,
      detail: { sitesCleared: 1, closesAt: closure.closesAt },
    });

    // The data stays through the grace: the owner signs in again, reads, exports; changes are refused.
    const cookie = await signIn(account.email);
    const me = (await (await call("/api/auth/me", { headers: { Cookie: cookie } })).json()) as { closesAt: string };
    expect(me.closesAt).toBe(closure.closesAt);
    expect((await call("/api/autopilot/articles", { headers: { Cookie: cookie } })).status).toBe(200);
    await expectError(
      await call("/api/tokens", { method: "POST", headers: { Cookie: cookie, ...sameOrigin }, json: { name: "again", scope: "manage" } }),
      409,
      "account_closing",
    );
    await expectError(
      await call(`/api/sites/${account.site.id}`, {
        method: "PATCH",
        headers: { Cookie: cookie, ...sameOrigin },
        json: { language: "tr" },
      }),
      409,
      "account_closing",
    );
    expect((await call("/api/account/export", { method: "POST", headers: { Cookie: cookie, ...sameOrigin } })).status).toBe(202);

    // A tick within the grace deletes nothing.
    await runCronTick(testServices(), new Date(Date.now() + 13 * DAY));
    expect(await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.accountId))).toHaveLength(1);
  });

  it("refuses every change through /mcp while closing, and still reads", async () => {
    const account = await seedClosable();
    expect((await close(account.token, PASSWORD)).status).toBe(202);
    // A connector allowed after the closure (a new grant needs the owner's session): a fresh token stands in for it.
    const { secret } = await createToken(db(), {
      accountId: account.accountId,
      memberId: account.memberId,
      name: "mcp",
      scope: "manage",
      now: new Date(),
    });
    const client = await connect(secret);
    expect((await tool<{ sites: unknown[] }>(client, "list_sites")).sites).toHaveLength(1);
    expect(await toolError(client, "update_brief", { siteId: account.site.id, brief: { business: "x" } })).toContain("account_closing");
    await client.close();
  });

  it("is cancelled within the grace: the account works again, its credentials stay deleted", async () => {
    const account = await seedClosable();
    expect((await close(account.token, PASSWORD)).status).toBe(202);
    const cookie = await signIn(account.email);
    const cancelled = await call("/api/account/close/cancel", { method: "POST", headers: { Cookie: cookie, ...sameOrigin } });
    expect(cancelled.status).toBe(204);
    const me = (await (await call("/api/auth/me", { headers: { Cookie: cookie } })).json()) as { closesAt: string | null };
    expect(me.closesAt).toBeNull();
    const made = await call("/api/tokens", {
      method: "POST",
      headers: { Cookie: cookie, ...sameOrigin },
      json: { name: "again", scope: "manage" },
    });
    expect(made.status).toBe(201);
    expect((await siteRow(account.site.id)).blogAppPasswordEncrypted).toBeNull();
    await expectError(await call("/api/auth/me", { token: account.token }), 401);
    const actions = (await db().select().from(auditEvents).where(eq(auditEvents.accountId, account.accountId))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["account.close_requested", "account.close_cancelled"]));
    // And no tick deletes it later.
    await runCronTick(testServices(), new Date(Date.now() + 30 * DAY));
    expect(await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.accountId))).toHaveLength(1);
  });

  it("is purged by the cron after 14 days: only the anonymised ledger and the record of the erasure stay", async () => {
    const account = await seedClosable();
    // The editor belongs to another account too: their sign-in stays, the owner's goes.
    const other = await seedAccount();
    await db()
      .insert(members)
      .values({ id: newId("mem"), accountId: other.accountId, userId: account.editor.userId, role: "viewer" });
    await db()
      .update(creditLedger)
      .set({ note: "Signup credit for owner@example.com" })
      .where(eq(creditLedger.accountId, account.accountId));
    expect((await close(account.token, PASSWORD)).status).toBe(202);
    // An export asked for during the grace is deleted with the rest.
    const cookie = await signIn(account.email);
    await call("/api/account/export", { method: "POST", headers: { Cookie: cookie, ...sameOrigin } });
    await runExportSteps();
    const ledgerBefore = await db().select().from(creditLedger).where(eq(creditLedger.accountId, account.accountId));

    await runCronTick(testServices(), new Date(Date.now() + 15 * DAY));

    expect(await db().select().from(accounts).where(eq(accounts.id, account.accountId))).toEqual([]);
    expect(await db().select().from(sites).where(eq(sites.accountId, account.accountId))).toEqual([]);
    expect(await db().select().from(members).where(eq(members.accountId, account.accountId))).toEqual([]);
    expect(await db().select().from(auditEvents).where(eq(auditEvents.accountId, account.accountId))).toEqual([]);
    expect(await db().select().from(creditLedger).where(eq(creditLedger.accountId, account.accountId))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.id, account.userId))).toEqual([]);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, account.editor.userId))).toHaveLength(1);
    expect(await testEnv.MEDIA.head(account.key)).toBeNull();
    expect((await testEnv.MEDIA.list({ prefix: "exports/" })).objects.filter((o) => o.key.includes(account.accountId))).toEqual([]);

    const kept = await db().select().from(retainedLedger).where(eq(retainedLedger.accountRef, account.accountId));
    expect(kept.map((row) => [row.id, row.kind, row.amountKurus, row.reference])).toEqual(
      ledgerBefore.map((row) => [row.id, row.kind, row.amountKurus, row.reference]),
    );
    const year = Number(ledgerBefore[0]!.createdAt.slice(0, 4));
    expect(kept[0]!.retainUntil).toBe(`${year + 11}-01-01T00:00:00Z`);
    expect(JSON.stringify(kept)).not.toContain("@");
    const [record] = await db().select().from(closedAccounts).where(eq(closedAccounts.accountRef, account.accountId));
    expect(record).toMatchObject({ ledgerRows: ledgerBefore.length });
    await expectError(
      await call("/api/session", { method: "POST", headers: sameOrigin, json: { email: account.email, password: PASSWORD } }),
      401,
    );
  });
});

describe("the purge of a large account", () => {
  it("goes on over several ticks when one tick's pages do not reach the end", async () => {
    const account = await seedClosable();
    await seedSite(account.accountId);
    expect((await close(account.token, PASSWORD)).status).toBe(202);
    const later = new Date(Date.now() + 15 * DAY);
    let ticks = 0;
    while ((await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.accountId))).length > 0) {
      expect(ticks).toBeLessThan(20);
      await purgeClosedAccounts(testServices(), later, 1);
      ticks += 1;
    }
    // The upload, the article and the audit log are a page each before the last batch.
    expect(ticks).toBeGreaterThan(3);
    expect(await db().select().from(retainedLedger).where(eq(retainedLedger.accountRef, account.accountId))).toHaveLength(1);
    expect(await testEnv.MEDIA.head(account.key)).toBeNull();
  });
});
