import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordAudit } from "../../src/audit/audit";
import { newId } from "../../src/core/ids";
import { auditEvents, emailOutbox, members, users } from "../../src/db/schema";
import { call, db, expectError, seedAccount } from "../harness";
import { seedMember } from "../members/helpers";
import { PASSWORD, setPassword } from "./helpers";

// Issue 40 §17: a member removes themselves and their personal data (DELETE /api/members/me).

const leave = (token: string, password = PASSWORD) => call("/api/members/me", { method: "DELETE", token, json: { password } });

describe("DELETE /api/members/me", () => {
  it("removes the member and their sign-in; the audit log keeps what they did as 'former member'", async () => {
    const owner = await seedAccount();
    const invited = await call("/api/members", {
      method: "POST",
      token: owner.token,
      json: { email: `later-${newId("inv")}@example.com`, role: "editor" },
    });
    expect(invited.status).toBe(201);
    const editor = await seedMember(owner.accountId, "editor");
    await setPassword(editor.userId);
    await recordAudit(
      db(),
      owner.accountId,
      { memberId: editor.memberId, via: "token" },
      { action: "plan.created", targetType: "plan", targetId: "plan_x" },
    );
    await recordAudit(
      db(),
      owner.accountId,
      { memberId: owner.memberId, via: "token" },
      { action: "member.updated", targetType: "member", targetId: editor.memberId, detail: { email: editor.email, from: "writer" } },
    );
    await db()
      .insert(emailOutbox)
      .values({
        id: newId("eml"),
        accountId: owner.accountId,
        dedupeKey: `item_failed:x:${editor.memberId}`,
        kind: "item_failed",
        memberId: editor.memberId,
        toEmail: editor.email,
        data: {},
      });

    const response = await leave(editor.token);
    expect(response.status).toBe(204);

    expect(await db().select().from(members).where(eq(members.id, editor.memberId))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.id, editor.userId))).toEqual([]);
    await expectError(await call("/api/auth/me", { token: editor.token }), 401);
    await expectError(await call("/api/auth/me", { headers: { Cookie: editor.cookie } }), 401);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.memberId, editor.memberId))).toEqual([]);

    const events = await db().select().from(auditEvents).where(eq(auditEvents.accountId, owner.accountId));
    expect(JSON.stringify(events)).not.toContain(editor.email);
    const theirs = events.filter((event) => event.memberId === editor.memberId);
    expect(theirs.map((event) => [event.action, event.actor])).toEqual([
      ["plan.created", "former member"],
      ["member.left", "former member"],
    ]);
    expect(events.find((event) => event.action === "member.updated")).toMatchObject({
      actor: owner.email,
      detail: { email: "former member", from: "writer" },
    });
    // The rest of the account is untouched: the owner and the other invitation stay.
    const list = (await (await call("/api/members", { token: owner.token })).json()) as {
      members: { email: string }[];
      invitations: unknown[];
    };
    expect(list.members.map((m) => m.email)).toEqual([owner.email]);
    expect(list.invitations).toHaveLength(1);
  });

  it("keeps the sign-in of someone who is a member elsewhere too", async () => {
    const first = await seedAccount();
    const second = await seedAccount();
    const writer = await seedMember(first.accountId, "writer");
    await setPassword(writer.userId);
    await db()
      .insert(members)
      .values({ id: newId("mem"), accountId: second.accountId, userId: writer.userId, role: "viewer" });
    expect((await leave(writer.token)).status).toBe(204);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, writer.userId))).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(members)
        .where(and(eq(members.userId, writer.userId), eq(members.accountId, first.accountId))),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(members)
        .where(and(eq(members.userId, writer.userId), eq(members.accountId, second.accountId))),
    ).toHaveLength(1);
  });

  it("refuses the last owner with 409 last_owner and a wrong password with 400, changing nothing", async () => {
    const owner = await seedAccount();
    await setPassword(owner.userId);
    await expectError(await leave(owner.token), 409, "last_owner");
    await expectError(await leave(owner.token, "not it"), 400, "wrong_password");
    await expectError(await call("/api/members/me", { method: "DELETE", token: owner.token }), 400, "invalid_request");
    expect(await db().select({ id: members.id }).from(members).where(eq(members.id, owner.memberId))).toHaveLength(1);
    expect((await call("/api/auth/me", { token: owner.token })).status).toBe(200);
    // A member whose sign-in has no password cannot confirm.
    const viewer = await seedMember(owner.accountId, "viewer");
    await expectError(await leave(viewer.token), 409, "password_not_set");
  });

  it("lets an owner leave when another owner stays, and the account's name moves to that owner", async () => {
    const account = await seedAccount();
    await setPassword(account.userId);
    const second = await seedMember(account.accountId, "owner");
    expect((await leave(account.token)).status).toBe(204);
    const me = (await (await call("/api/auth/me", { token: second.token })).json()) as { email: string; role: string };
    expect(me).toMatchObject({ email: second.email, role: "owner" });
  });
});
