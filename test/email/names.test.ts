import { describe, expect, it } from "vitest";
import { notifyMembers } from "../../src/email/outbox";
import { notifySiteError } from "../../src/email/events";
import { BASE, call, seedSite, testServices } from "../harness";
import { deliverAllEmails, seedMember, seedTeamAccount, sentTo, useEmail } from "./helpers";

// Every e-mail calls the account and its sites what the panel calls them: the account's display
// name (never the address it was made with), a site's display name, else its blog's title, else
// its host; both read when the e-mail is sent, so a rename made meanwhile shows.

const invite = async (token: string, email: string) => {
  const res = await call("/api/members", { method: "POST", token, json: { email, role: "viewer" } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { url: string }).url;
};
/** What the invitation page (the e-mail's button) says the link invites to. */
const previewOf = async (url: string) => {
  const res = await call("/api/session/invite/preview", {
    method: "POST",
    headers: { Origin: BASE },
    json: { token: url.split("#")[1] },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { accountName: string | null };
};
const fallAt = (site: { id: string; accountId: string; url: string }, updatedAt: string) =>
  notifySiteError(testServices(), { ...site, status: "CONNECTED", updatedAt }, "WordPress rejected the password");

describe("the account's name in e-mails", () => {
  it("an invitation names an account without a name by its display name, then by the name it is given; never by its e-mail", async () => {
    const fake = useEmail();
    const { accountId, token, ownerEmail } = await seedTeamAccount();
    await seedSite(accountId, { platform: "blog", url: "https://firin.invalid", blogName: "Fırın Blogu" });
    const url = await invite(token, "first@example.org");
    await deliverAllEmails();
    const [first] = sentTo(fake, "first@example.org");
    expect(first!.subject).toBe("You are invited to join “Fırın Blogu” on Content Autopilot");
    expect(first!.text).toContain("the Content Autopilot account “Fırın Blogu” as a viewer");
    expect(first!.subject).not.toContain(ownerEmail);
    expect(first!.text!.split(ownerEmail)).toHaveLength(2); // once: the inviter, who wrote from that address
    // The page the button opens names the account the same way.
    expect(await previewOf(url)).toMatchObject({ accountName: "Fırın Blogu" });

    expect((await call("/api/account", { method: "PATCH", token, json: { name: "Kadıköy Ajans" } })).status).toBe(200);
    await invite(token, "second@example.org");
    await deliverAllEmails();
    expect(sentTo(fake, "second@example.org")[0]!.subject).toBe("You are invited to join “Kadıköy Ajans” on Content Autopilot");
  });
});

describe("a site's name in e-mails", () => {
  it("its display name, else the blog's title, else its host; in both languages", async () => {
    const fake = useEmail();
    const { accountId, ownerEmail } = await seedTeamAccount();
    const editor = await seedMember(accountId, { role: "editor", locale: "tr" });
    const named = await seedSite(accountId, { platform: "blog", blogName: "WP Title", displayName: "Fırın Blogu" });
    const titled = await seedSite(accountId, { platform: "blog", blogName: "Ekşi Maya" });
    const bare = await seedSite(accountId, { platform: "custom", url: "https://www.shop.invalid/" });
    await fallAt(named, "2030-01-01T00:00:00Z");
    await fallAt(titled, "2030-01-01T00:00:01Z");
    await fallAt(bare, "2030-01-01T00:00:02Z");
    await deliverAllEmails();
    expect(
      sentTo(fake, ownerEmail)
        .map((message) => message.subject)
        .sort(),
    ).toEqual(["Ekşi Maya needs to be reconnected", "Fırın Blogu needs to be reconnected", "www.shop.invalid needs to be reconnected"]);
    expect(
      sentTo(fake, editor.email)
        .map((message) => message.subject)
        .sort(),
    ).toEqual(["Ekşi Maya yeniden bağlanmalı", "Fırın Blogu yeniden bağlanmalı", "www.shop.invalid yeniden bağlanmalı"]);
    expect(sentTo(fake, ownerEmail).find((m) => m.subject.startsWith("Fırın"))!.text).toContain(
      "Content Autopilot can no longer work with Fırın Blogu.",
    );
  });

  it("a site renamed after the e-mail was queued is named as it is called when it is sent; a digest names each article's site", async () => {
    const fake = useEmail();
    const { accountId, token, ownerEmail } = await seedTeamAccount();
    const site = await seedSite(accountId, { platform: "blog", blogName: "WP Title" });
    const other = await seedSite(accountId, { platform: "custom", url: "https://shop.invalid" });
    await notifyMembers(testServices(), accountId, "review_digest", "names-digest", {
      day: "2030-01-01",
      total: 2,
      articles: [
        { id: "1", title: "Rye bread", siteId: site.id, siteUrl: site.url },
        { id: "2", title: "Gift boxes", siteId: other.id, siteUrl: other.url },
      ],
    });
    expect((await call(`/api/sites/${site.id}`, { method: "PATCH", token, json: { displayName: "Fırın Blogu" } })).status).toBe(200);
    await deliverAllEmails();
    const [digest] = sentTo(fake, ownerEmail);
    expect(digest!.text).toContain("- Rye bread (Fırın Blogu)");
    expect(digest!.text).toContain("- Gift boxes (shop.invalid)");
  });
});
