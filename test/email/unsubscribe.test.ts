import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountDisplayNameOf } from "../../src/accounts/display-name";
import { members, users } from "../../src/db/schema";
import { notifyMembers } from "../../src/email/outbox";
import { unsubscribeToken } from "../../src/email/unsubscribe-token";
import { createToken } from "../../src/tokens/service";
import { call, callAt, db, expectError, testServices } from "../harness";
import { deliverAllEmails, memberToken, seedMember, seedTeamAccount, sentTo, useEmail } from "./helpers";

const siteData = { siteId: "site_unsub", siteUrl: "https://blog.example.org", reason: "revoked" };

/** A Turkish editor who was sent a site_error e-mail; its unsubscribe link as the mail client sees it. */
async function editorWithEmail() {
  const fake = useEmail();
  const team = await seedTeamAccount();
  const editor = await seedMember(team.accountId, { role: "editor", locale: "tr" });
  await notifyMembers(testServices(), team.accountId, "site_error", "site_unsub:1", siteData);
  await deliverAllEmails();
  const message = sentTo(fake, editor.email)[0]!;
  const header = message.headers["List-Unsubscribe"]!;
  const link = new URL(/^<(.+)>$/.exec(header)![1]!);
  expect(link.origin).toBe("https://autopilot.example.com");
  expect(message.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(message.html).toContain(`href="${link.href.replaceAll("&", "&#38;")}"`);
  expect(message.text).toContain(link.href);
  const path = link.pathname + link.search;
  const offOf = async () => (await db().select({ off: members.emailOff }).from(members).where(eq(members.id, editor.memberId)))[0]!.off;
  return { ...team, fake, editor, path, token: link.searchParams.get("token")!, offOf };
}

const oneClick = (path: string, headers: Record<string, string> = {}) =>
  callAt("https://autopilot.example.com", path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
  });

describe("the one-click unsubscribe link, without signing in", () => {
  it("GET shows a page in the member's language that asks, and changes nothing", async () => {
    const { path, offOf, editor, ownerEmail, accountId } = await editorWithEmail();
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'; style-src 'sha256-/);
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    const html = await res.text();
    expect(html).toContain('<html lang="tr">');
    // The account by its display name, as its e-mails call it, never by the address it was made with.
    const account = await accountDisplayNameOf(db(), accountId);
    expect(html).toContain(`${account} hesabının site sorunu e-postaları artık ${editor.email} adresine gönderilmesin mi?`);
    expect(html).not.toContain(ownerEmail);
    expect(html).toContain(`<form method="post" action="${path.replaceAll("&", "&#38;")}">`);
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(html).not.toMatch(/<script|<img|https?:\/\/(?!autopilot)/);
    expect(await offOf()).toEqual([]);
  });

  it("POST (RFC 8058, from the mail provider's servers or the page's button) turns that one kind off; again changes nothing", async () => {
    const { fake, accountId, path, offOf, editor } = await editorWithEmail();
    const res = await oneClick(path, { Origin: "https://mail.example.net" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Tamam: ${editor.email} artık`);
    expect(await offOf()).toEqual(["site_error"]);
    expect((await oneClick(path)).status).toBe(200);
    expect(await offOf()).toEqual(["site_error"]);
    expect(await (await call(path)).text()).toContain("Tamam:");

    // The next site problem skips them; other kinds still come.
    await notifyMembers(testServices(), accountId, "site_error", "site_unsub:2", siteData);
    await notifyMembers(testServices(), accountId, "item_failed", "item_unsub:a1", {
      ...siteData,
      planId: "plan_x",
      itemId: "item_x",
      title: "Rye",
    });
    await deliverAllEmails();
    expect(sentTo(fake, editor.email).map((message) => message.subject)).toEqual([
      "blog.example.org yeniden bağlanmalı",
      "Bir makale yazılamadı: Rye",
    ]);
  });

  it("a forged, altered, truncated or missing token is 400 unsubscribe_link_invalid, and nothing changes", async () => {
    const { token, offOf, ownerId } = await editorWithEmail();
    const [memberId, kind, signature] = token.split(".") as [string, string, string];
    const flipped = signature[0] === "A" ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const forged = [
      `${memberId}.${kind}.${flipped}`,
      `${ownerId}.${kind}.${signature}`, // another member with this member's signature
      `${memberId}.item_failed.${signature}`, // another kind
      `${memberId}.invitation.${signature}`,
      `${memberId}.${kind}.${signature.slice(0, 20)}`,
      await unsubscribeToken("AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=", memberId, "site_error"), // signed with another key
      "",
      "x".repeat(5000),
    ];
    for (const bad of forged) {
      for (const method of ["GET", "POST"]) {
        const res = await call(`/api/email/unsubscribe?token=${encodeURIComponent(bad)}`, {
          method,
          body: method === "POST" ? "" : undefined,
        });
        await expectError(res, 400, "unsubscribe_link_invalid");
      }
    }
    await expectError(await call("/api/email/unsubscribe"), 400, "unsubscribe_link_invalid");
    expect(await offOf()).toEqual([]);
    const [owner] = await db().select({ off: members.emailOff }).from(members).where(eq(members.id, ownerId));
    expect(owner!.off).toEqual([]);
  });

  it("the link of a member who was removed is 400", async () => {
    const { path, editor } = await editorWithEmail();
    await db().delete(members).where(eq(members.id, editor.memberId));
    await expectError(await oneClick(path), 400, "unsubscribe_link_invalid");
  });
});

describe("PUT /api/members/me/notifications", () => {
  it("sets the member's own choices and language, for any role", async () => {
    useEmail();
    const { accountId } = await seedTeamAccount();
    const viewer = await seedMember(accountId, { role: "viewer" });
    const token = await memberToken(accountId, viewer.memberId);
    const put = (json: unknown) => call("/api/members/me/notifications", { method: "PUT", token, json });

    const res = await put({ off: ["payment_received", "review_digest", "review_digest"], locale: "tr" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ off: ["review_digest", "payment_received"], locale: "tr" });
    const [stored] = await db()
      .select({ off: members.emailOff, locale: users.locale })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(eq(members.id, viewer.memberId));
    expect(stored).toEqual({ off: ["review_digest", "payment_received"], locale: "tr" });

    expect(await (await put({ off: [] })).json()).toEqual({ off: [], locale: "tr" });
  });

  it("refuses invitations (they always go), unknown kinds and fields, and an unsigned caller", async () => {
    const { accountId, token } = await seedTeamAccount();
    const put = (json: unknown, auth: string | undefined = token) =>
      call("/api/members/me/notifications", { method: "PUT", token: auth, json });
    for (const body of [
      { off: ["invitation"] },
      { off: ["nope"] },
      { off: "review_digest" },
      {},
      { off: [], locale: "de" },
      { off: [], extra: 1 },
    ])
      await expectError(await put(body), 400);
    await expectError(await put({ off: [] }, "sap_notARealToken"), 401);
    const { secret: operatorToken } = await createToken(db(), { accountId, name: "operator", scope: "manage", now: new Date() });
    const refused = await expectError(await put({ off: [] }, operatorToken), 409, "conflict");
    expect(refused.message).toMatch(/issued by the operator/);
  });
});
