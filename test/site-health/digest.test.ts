import { describe, expect, it } from "vitest";
import { siteHealthActions } from "../../src/db/schema";
import { runCronTick } from "../../src/jobs/cron";
import { db, seedSite, testServices } from "../harness";
import { outboxOf, seedMember, seedTeamAccount, sentTo, takeEmailMessagesOf, deliverEmailMessages, useEmail } from "../email/helpers";
import { pageWithQueries, publishedArticle } from "./helpers";

// Pages without traction in the daily review e-mail: listed until someone acts on them, each
// member seeing their sites' only, and no digest for an account with nothing to say.

const DIGEST_TIME = new Date("2026-11-25T07:05:00Z");

describe("the daily review e-mail: pages without traction", () => {
  it("lists the none pages of synced sites (not those acted on, not unsynced sites), to each member for their sites", async () => {
    const fake = useEmail();
    const { accountId, ownerEmail } = await seedTeamAccount();
    const site = await seedSite(accountId, {
      platform: "blog",
      url: "https://blog.example.invalid",
      searchSyncedAt: "2026-11-24T06:00:00Z",
    });
    const other = await seedSite(accountId, {
      platform: "blog",
      url: "https://other.example.invalid",
      searchSyncedAt: "2026-11-24T06:00:00Z",
    });
    const unsynced = await seedSite(accountId, { platform: "blog", url: "https://unsynced.example.invalid" });
    const editorTr = await seedMember(accountId, { role: "editor", locale: "tr", siteIds: [other.id] });

    await publishedArticle(accountId, site.id, { title: "Nobody saw this", url: "https://blog.example.invalid/a/", ageDays: 60 });
    const earning = await publishedArticle(accountId, site.id, { title: "Earning", url: "https://blog.example.invalid/b/", ageDays: 60 });
    await pageWithQueries(site.id, "https://blog.example.invalid/b/", { clicks: 30, impressions: 900, articleId: earning.id }, []);
    const handled = await publishedArticle(accountId, site.id, {
      title: "Noindexed",
      url: "https://blog.example.invalid/c/",
      ageDays: 60,
      remoteId: 3,
    });
    await db().insert(siteHealthActions).values({
      id: "sha_digesttest000001",
      accountId,
      siteId: site.id,
      kind: "noindex",
      actionKey: "noindex:3",
      state: "applied",
      remoteId: 3,
      url: "https://blog.example.invalid/c/",
      articleId: handled.id,
    });
    await publishedArticle(accountId, other.id, { title: "Other site's quiet page", url: "https://other.example.invalid/q/", ageDays: 40 });
    await publishedArticle(accountId, unsynced.id, { title: "No figures yet", url: "https://unsynced.example.invalid/x/", ageDays: 90 });

    await runCronTick(testServices(), DIGEST_TIME);
    const bodies = await takeEmailMessagesOf(accountId);
    await deliverEmailMessages(bodies);
    const owner = sentTo(fake, ownerEmail)[0]!;
    expect(owner.subject).toBe("2 pages have no search traction");
    expect(owner.text).toContain("- Nobody saw this (blog.example.invalid)");
    expect(owner.text).toContain("- Other site's quiet page (other.example.invalid)");
    expect(owner.text).not.toContain("Earning");
    expect(owner.text).not.toContain("Noindexed");
    expect(owner.text).not.toContain("No figures yet");
    // The button opens the site of the first page listed (sites made in the same second sort by id).
    expect(owner.html).toMatch(new RegExp(`/sites/(${site.id}|${other.id})"`));
    const editor = sentTo(fake, editorTr.email)[0]!;
    expect(editor.subject).toBe("Arama çekişi olmayan 1 sayfa var");
    expect(editor.text).toContain("Other site's quiet page");
    expect(editor.text).not.toContain("Nobody saw this");

    // Once a day.
    await runCronTick(testServices(), new Date("2026-11-25T09:00:00Z"));
    expect(await takeEmailMessagesOf(accountId)).toEqual([]);
  });

  it("an account whose pages all earn or were acted on gets no digest", async () => {
    useEmail();
    const { accountId } = await seedTeamAccount();
    const site = await seedSite(accountId, {
      platform: "blog",
      url: "https://blog.example.invalid",
      searchSyncedAt: "2026-11-24T06:00:00Z",
    });
    const young = await publishedArticle(accountId, site.id, { title: "Young", url: "https://blog.example.invalid/y/", ageDays: 20 });
    await pageWithQueries(site.id, "https://blog.example.invalid/y/", { articleId: young.id }, []);
    await runCronTick(testServices(), DIGEST_TIME);
    expect((await outboxOf(accountId)).filter((row) => row.kind === "review_digest")).toEqual([]);
  });
});
