import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, sites } from "../../src/db/schema";
import { connectFakeSite, installFakeWordPress } from "../fakes/wordpress-setup";
import { call, db, seedAccount } from "../harness";
import { offlinePlan, runNow } from "../pipeline/helpers";

// The audit log names what an event concerns as it was named then (its title, its site's name),
// links to it while it exists, and carries a client's comment.

interface AuditEvent {
  id: number;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  targetExists: boolean | null;
  siteId: string | null;
  siteLabel: string | null;
  siteExists: boolean | null;
  detail: Record<string, unknown> | null;
}

async function auditLog(token: string, query = ""): Promise<AuditEvent[]> {
  const res = await call(`/api/audit${query}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: AuditEvent[] }).items;
}

const eventOf = (events: AuditEvent[], action: string) => events.find((event) => event.action === action);

async function siteWithPlan(publishMode = "review") {
  const wp = installFakeWordPress();
  const { accountId, token } = await seedAccount();
  const site = await connectFakeSite(token, wp);
  const [row] = await db().select().from(sites).where(eq(sites.id, site.id));
  const siteName = row!.blogName ?? row!.url;
  const plan = await offlinePlan(token, site.id, { articleCount: 2, publishMode });
  return { wp, accountId, token, site, siteName, plan };
}

async function writeArticle(token: string, itemId: string): Promise<string> {
  const res = await runNow(token, itemId);
  expect(res.status).toBe(200);
  return ((await res.json()) as { articleId: string }).articleId;
}

const editTitle = (token: string, articleId: string, title: string) =>
  call(`/api/autopilot/articles/${articleId}`, { method: "PATCH", token, json: { title } });

describe("labels stored with each event", () => {
  it("an article's event keeps the title and site name it had then; a rename shows only in later events", async () => {
    const { token, site, siteName, plan } = await siteWithPlan();
    const articleId = await writeArticle(token, plan.items[0]!.id);
    expect((await editTitle(token, articleId, "Sourdough at home")).status).toBe(200);
    expect((await editTitle(token, articleId, "Rye bread at home")).status).toBe(200);

    const edits = (await auditLog(token, "?action=article.edited")).reverse();
    expect(edits.map((event) => event.targetLabel)).toEqual(["Sourdough at home", "Rye bread at home"]);
    expect(edits[0]).toMatchObject({ targetId: articleId, targetExists: true, siteId: site.id, siteLabel: siteName, siteExists: true });

    const created = eventOf(await auditLog(token), "plan.created");
    expect(created).toMatchObject({ targetType: "plan", targetId: plan.id, targetExists: true, siteLabel: siteName });
    expect(created!.targetLabel).toBe((plan as unknown as { name: string }).name);
  });

  it("a plan's and a site's names given in the panel are the labels of later events", async () => {
    const { token, site, plan } = await siteWithPlan();
    const renamedSite = await call(`/api/sites/${site.id}`, { method: "PATCH", token, json: { displayName: "Fırın Blogu" } });
    expect(renamedSite.status).toBe(200);
    const renamedPlan = await call(`/api/autopilot/plans/${plan.id}`, { method: "PATCH", token, json: { name: "Kış ekmekleri" } });
    expect(renamedPlan.status).toBe(200);

    expect(eventOf(await auditLog(token), "plan.renamed")).toMatchObject({
      targetId: plan.id,
      targetLabel: "Kış ekmekleri",
      siteLabel: "Fırın Blogu",
    });
  });

  it("a deleted plan topic keeps its title and site; a disconnected site keeps its name but is no longer linked", async () => {
    const { token, site, siteName, plan } = await siteWithPlan();
    const item = plan.items[1]!;
    expect((await call(`/api/autopilot/items/${item.id}`, { method: "DELETE", token })).status).toBe(204);
    await db().update(sites).set({ blogName: "A new name" }).where(eq(sites.id, site.id));
    expect((await call(`/api/sites/${site.id}`, { method: "DELETE", token })).status).toBe(200);

    const events = await auditLog(token);
    expect(eventOf(events, "item.deleted")).toMatchObject({
      targetId: item.id,
      targetLabel: item.title,
      targetExists: null,
      siteId: site.id,
      siteLabel: siteName,
      siteExists: false,
    });
    expect(eventOf(events, "site.disconnected")).toMatchObject({
      targetLabel: "A new name",
      targetExists: false,
      siteLabel: "A new name",
    });
    expect(eventOf(events, "site.connected")).toMatchObject({ targetLabel: siteName, targetExists: false });
  });

  it("a client's answer names the article and keeps the comment, for changes and for an approval", async () => {
    const { token, plan } = await siteWithPlan();
    const answered: Record<string, { articleId: string; title: string }> = {};
    for (const [index, decision] of (["changes", "approve"] as const).entries()) {
      const item = plan.items[index]!;
      const articleId = await writeArticle(token, item.id);
      const made = await call(`/api/autopilot/articles/${articleId}/approval-link`, { method: "POST", token });
      expect(made.status).toBe(201);
      const secret = ((await made.json()) as { url: string }).url.split("/approve/")[1]!;
      const res = await call(`/api/approvals/${secret}`, { method: "POST", json: { decision, comment: `Comment on ${decision}` } });
      expect(res.status, await res.clone().text()).toBe(200);
      const article = (await (await call(`/api/autopilot/articles/${articleId}`, { token })).json()) as { title: string };
      answered[decision] = { articleId, title: article.title };
    }
    const events = await auditLog(token);
    expect(eventOf(events, "article.changes_requested")).toMatchObject({
      targetId: answered.changes!.articleId,
      targetLabel: answered.changes!.title,
      detail: { comment: "Comment on changes" },
    });
    expect(eventOf(events, "article.approved_by_client")).toMatchObject({
      targetId: answered.approve!.articleId,
      targetLabel: answered.approve!.title,
      detail: { comment: "Comment on approve" },
    });
  });

  it("an event written before labels answers null labels and still says whether its thing exists", async () => {
    const { accountId, token, site, plan } = await siteWithPlan();
    await db()
      .insert(auditEvents)
      .values([
        { accountId, actor: "system", via: "system", action: "plan.approved", targetType: "plan", targetId: plan.id, siteId: site.id },
        { accountId, actor: "system", via: "system", action: "plan.approved", targetType: "plan", targetId: "plan_gone", siteId: null },
      ]);
    const [gone, old] = await auditLog(token, "?action=plan.approved");
    expect(old).toMatchObject({ targetLabel: null, siteLabel: null, targetExists: true, siteExists: true });
    expect(gone).toMatchObject({ targetId: "plan_gone", targetLabel: null, targetExists: false, siteId: null, siteExists: null });
  });
});
