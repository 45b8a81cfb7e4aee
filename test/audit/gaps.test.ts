import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "../../src/db/schema";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { BASE, call, db, seedAccount } from "../harness";
import { offlinePlan, runNow } from "../pipeline/helpers";
import { encodePng } from "../media/images";
import { upload } from "../media/media-harness";
import { seedMember } from "../members/helpers";
import { decide, openConsent, register } from "../oauth/helpers";
import { connectGoogle, useGoogle } from "../search-console/google-connection";

// Issue 40 §11: every state change leaves an audit event; these left none before.

const eventsOf = async (accountId: string, action: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, action)));

describe("audit gaps", () => {
  it("a password change is recorded against the member", async () => {
    const { accountId } = await seedAccount();
    const member = await seedMember(accountId, "editor");
    const changed = await call("/api/session/password", {
      method: "POST",
      headers: { Origin: BASE, Cookie: member.cookie },
      json: { currentPassword: "", newPassword: "a brand new password" },
    });
    expect(changed.status).toBe(200);
    const [event] = await eventsOf(accountId, "member.password_set");
    expect(event).toMatchObject({ memberId: member.memberId, actor: member.email, targetId: member.memberId });
    await call("/api/session/password", {
      method: "POST",
      headers: { Origin: BASE, Cookie: changed.headers.getSetCookie()[0]!.split(";")[0]! },
      json: { currentPassword: "a brand new password", newPassword: "another new password" },
    });
    expect(await eventsOf(accountId, "member.password_changed")).toHaveLength(1);
  });

  it("an upload is recorded with its id", async () => {
    const { token, accountId } = await seedAccount();
    const uploaded = await upload(token, await encodePng(8, 8), "hero.png", "image/png");
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const [event] = await eventsOf(accountId, "upload.created");
    expect(event).toMatchObject({ targetType: "upload", targetId: expect.stringMatching(/^up_/), detail: { url } });
  });

  it("a new approval link records the revocation of the one it replaces", async () => {
    const wp = installFakeWordPress();
    const { token, accountId } = await seedAccount();
    const site = await connectFakeSite(token, wp);
    const plan = await offlinePlan(token, site.id, { articleCount: 1, publishMode: "review" });
    const run = await runNow(token, plan.items[0]!.id);
    const { articleId } = (await run.json()) as { articleId: string };
    const first = (await (await call(`/api/autopilot/articles/${articleId}/approval-link`, { method: "POST", token })).json()) as {
      id: string;
    };
    const second = (await (await call(`/api/autopilot/articles/${articleId}/approval-link`, { method: "POST", token })).json()) as {
      id: string;
    };
    const revoked = await eventsOf(accountId, "approval_link.revoked");
    expect(revoked.map((e) => e.detail)).toEqual([{ linkId: first.id, reason: "superseded", by: second.id }]);
  });

  it("a new OAuth grant is recorded", async () => {
    const { accountId } = await seedAccount();
    const member = await seedMember(accountId, "editor");
    const clientId = await register("An assistant");
    const consent = await openConsent(member.cookie, clientId);
    const approved = await decide(member.cookie, consent, "approve");
    expect(approved.status).toBe(302);
    const [event] = await eventsOf(accountId, "oauth_grant.created");
    expect(event).toMatchObject({ memberId: member.memberId, targetId: clientId, detail: { clientName: "An assistant" } });
  });

  it("the completed Google connection is recorded", async () => {
    const { google } = useGoogle();
    const { token, accountId } = await seedAccount();
    await connectGoogle(token, google);
    const [event] = await eventsOf(accountId, "google.connected");
    expect(event).toMatchObject({ actor: "Google", via: "system", detail: { googleEmail: expect.stringContaining("@") } });
  });
});
