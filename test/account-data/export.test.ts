import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runCronTick } from "../../src/jobs/cron";
import { accountExports, articles as articlesTable, auditEvents, emailOutbox, uploads } from "../../src/db/schema";
import { EXPORT_AREAS } from "../../src/account-data/export-areas";
import { newId } from "../../src/core/ids";
import { call, db, expectError, seedAccount, seedArticle, seedSite, testEnv, testServices } from "../harness";
import { seedMember } from "../members/helpers";
import { sendQueuedEmail } from "../../src/email/send";
import { useEmail } from "../email/helpers";
import { exportLinkOf, runExportSteps } from "./helpers";
import { jsonOf, readZip } from "./read-zip";

// Issue 40 §17: the owner's export of everything the account holds.

const DAY = 24 * 60 * 60_000;
const PICTURE = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5, 6, 7, 8, 0, 255, 128]);

/** An account with a site holding secrets, articles, an uploaded picture in R2 and an editor. */
async function seedFullAccount() {
  const owner = await seedAccount();
  const site = await seedSite(owner.accountId, {
    platform: "blog",
    url: "https://blog-export.invalid",
    blogUsername: "writer",
    blogAppPasswordEncrypted: "SECRET-APP-PASSWORD-CIPHERTEXT",
    webhookSecretEncrypted: "SECRET-WEBHOOK-CIPHERTEXT",
    brief: "We sell tea to people who like tea.",
  });
  const articles = [];
  for (let i = 1; i <= 3; i += 1)
    articles.push(await seedArticle(owner.accountId, { title: `Article ${i}`, html: `<p>Body ${i}</p>`, siteId: site.id }));
  const key = `uploads/picture-${newId("up").slice(3)}.webp`;
  await testEnv.MEDIA.put(key, PICTURE);
  await db()
    .insert(uploads)
    .values({
      id: newId("up"),
      accountId: owner.accountId,
      fileName: key.slice("uploads/".length),
      objectKey: key,
      contentType: "image/webp",
      bytes: PICTURE.length,
      width: 1,
      height: 1,
      originalType: "image/webp",
      originalBytes: PICTURE.length,
    });
  const editor = await seedMember(owner.accountId, "editor");
  return { ...owner, site, articles, key, editor };
}

async function exportState(token: string) {
  const response = await call("/api/account/export", { token });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("POST /api/account/export", () => {
  it("builds the archive in steps with moving progress, e-mails the owner a link, and the archive holds the account without secrets", async () => {
    const account = await seedFullAccount();
    const started = await call("/api/account/export", { method: "POST", token: account.token });
    expect(started.status).toBe(202);
    const job = (await started.json()) as { id: string; status: string; progress: { done: number } };
    expect(job).toMatchObject({ id: expect.stringMatching(/^exp_/), status: "queued", progress: { done: 0 }, downloadUrl: null });

    // A second request while it is built answers the same export.
    const again = await call("/api/account/export", { method: "POST", token: account.token });
    expect(((await again.json()) as { id: string }).id).toBe(job.id);

    // Progress moves step by step.
    await runExportSteps(1);
    const first = await exportState(account.token);
    expect(first.body).toMatchObject({ id: job.id, status: "building", progress: { done: 1, stage: "members" } });
    expect(first.body.progress.total).toBeGreaterThan(8);
    await runExportSteps(3);
    const later = await exportState(account.token);
    expect(later.body.progress.done).toBeGreaterThan(first.body.progress.done);

    await runExportSteps();
    const ready = await exportState(account.token);
    expect(ready.body).toMatchObject({ status: "ready", downloadUrl: "/api/account/export/download", progress: { stage: "ready" } });
    expect(ready.body.progress.done).toBe(ready.body.progress.total);
    expect(Date.parse(ready.body.expiresAt) - Date.parse(ready.body.readyAt)).toBe(7 * DAY);

    // The owner who asked gets one e-mail with the link, in their language; nobody else.
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.accountId, account.accountId));
    expect(mails.map((m) => [m.kind, m.toEmail, m.dedupeKey])).toEqual([["export_ready", account.email, `export_ready:${job.id}`]]);
    expect(JSON.stringify(mails[0]!.data)).not.toContain("key=");

    const download = await call("/api/account/export/download", { token: account.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/zip");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.length).toBe(ready.body.sizeBytes);
    const files = readZip(bytes);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        "account.json",
        "sites.json",
        "briefs.json",
        "articles.json",
        "ledger.json",
        "audit.json",
        "members.json",
        `media/${account.key}`,
      ]),
    );
    const text = new TextDecoder().decode(bytes);
    expect(text).not.toContain("SECRET-APP-PASSWORD");
    expect(text).not.toContain("SECRET-WEBHOOK");
    expect(text).not.toContain("pbkdf2");

    const sites = jsonOf(files.get("sites.json")) as Record<string, unknown>[];
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({ id: account.site.id, url: "https://blog-export.invalid", blogUsername: "writer" });
    expect(Object.keys(sites[0]!).filter((k) => /encrypted|secret/i.test(k))).toEqual([]);
    expect(jsonOf(files.get("briefs.json"))).toEqual([
      expect.objectContaining({ siteId: account.site.id, brief: "We sell tea to people who like tea." }),
    ]);
    const articles = jsonOf(files.get("articles.json")) as { id: number; title: string; html: string }[];
    expect(articles.map((a) => [a.title, a.html])).toEqual([
      ["Article 1", "<p>Body 1</p>"],
      ["Article 2", "<p>Body 2</p>"],
      ["Article 3", "<p>Body 3</p>"],
    ]);
    expect(jsonOf(files.get("ledger.json"))).toEqual([
      expect.objectContaining({ kind: "signup", amountKurus: 10_000, reference: "signup" }),
    ]);
    const members = jsonOf(files.get("members.json")) as { email: string; role: string }[];
    expect(members.map((m) => [m.email, m.role])).toEqual([
      [account.email, "owner"],
      [account.editor.email, "editor"],
    ]);
    expect(jsonOf(files.get("audit.json"))).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: "account.export_started" })]),
    );
    expect(jsonOf(files.get("account.json"))).toMatchObject({ account: { id: account.accountId, email: account.email } });
    expect([...files.get(`media/${account.key}`)!.bytes]).toEqual([...PICTURE]);

    const events = await db().select().from(auditEvents).where(eq(auditEvents.accountId, account.accountId));
    expect(events.filter((e) => e.action.startsWith("account.")).map((e) => [e.action, e.actor])).toEqual([
      ["account.export_started", account.email],
      ["account.export_ready", "system"],
    ]);

    // The pieces it was built from are gone; the archive stays until it expires.
    const left = await testEnv.MEDIA.list({ prefix: `exports/${job.id}/` });
    expect(left.objects.map((o) => o.key)).toEqual([`exports/${job.id}/archive.zip`]);
  });

  it("opens the archive with the e-mailed link, refuses a wrong key, and answers 410 once it expired", async () => {
    const mail = useEmail();
    const account = await seedFullAccount();
    await call("/api/account/export", { method: "POST", token: account.token });
    await runExportSteps();
    const link = new URL(await exportLinkOf(account.accountId));
    expect(link.pathname).toMatch(/^\/api\/exports\/exp_[^/]+\/archive$/);

    // The sender writes the link as the button, to the owner, with no unsubscribe (they asked for it);
    // an account without a name of its own is called after its first site, never the owner's address.
    const [outboxRow] = await db().select().from(emailOutbox).where(eq(emailOutbox.accountId, account.accountId));
    await sendQueuedEmail(testServices(), { emailId: outboxRow!.id });
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({ to: [account.email], subject: "Your export of blog-export.invalid is ready" });
    expect(mail.sent[0]!.text).toContain(`Download the archive: ${link.href}`);
    expect(mail.sent[0]!.headers["List-Unsubscribe"]).toBeUndefined();

    // No token: the link's key is the permission.
    const byLink = await call(link.pathname + link.search);
    expect(byLink.status).toBe(200);
    expect(readZip(new Uint8Array(await byLink.arrayBuffer())).has("account.json")).toBe(true);
    await expectError(await call(`${link.pathname}?key=not-the-key`), 404, "export_link_unknown");
    await expectError(await call(link.pathname), 404, "export_link_unknown");

    // Eight days later the cron deleted it: the link and the owner's download say so.
    await runCronTick(testServices(), new Date(Date.now() + 8 * DAY));
    await expectError(await call(link.pathname + link.search), 410, "export_expired");
    await expectError(await call("/api/account/export/download", { token: account.token }), 410, "export_expired");
    expect((await exportState(account.token)).body).toMatchObject({ status: "expired", downloadUrl: null });
    const [row] = await db().select().from(accountExports).where(eq(accountExports.accountId, account.accountId));
    expect(await testEnv.MEDIA.head(`exports/${row!.id}/archive.zip`)).toBeNull();
  });

  it("is the owners': an admin or an editor is refused 403, and nothing starts", async () => {
    const account = await seedFullAccount();
    const admin = await seedMember(account.accountId, "admin");
    await expectError(await call("/api/account/export", { method: "POST", token: admin.token }), 403, "insufficient_role");
    await expectError(await call("/api/account/export", { method: "POST", token: account.editor.token }), 403, "insufficient_role");
    await expectError(await call("/api/account/export", { token: admin.token }), 403, "insufficient_role");
    await expectError(await call("/api/account/export/download", { token: admin.token }), 403, "insufficient_role");
    expect(await db().select().from(accountExports).where(eq(accountExports.accountId, account.accountId))).toEqual([]);
    await expectError(await call("/api/account/export", { token: account.token }), 404, "not_found");
    await expectError(await call("/api/account/export/download", { token: account.token }), 409, "export_not_ready");
    await expectError(await call("/api/account/export"), 401);
  });

  it("writes an area longer than one step as one JSON array, in order", async () => {
    const account = await seedAccount();
    // More than one step's 50 articles (a few rows a statement: D1 binds at most 100 values).
    for (let i = 0; i < 57; i += 3)
      await db()
        .insert(articlesTable)
        .values(
          [i, i + 1, i + 2].filter((n) => n < 57).map((n) => ({ accountId: account.accountId, title: `Bulk ${n}`, slug: `bulk-${n}` })),
        );
    await call("/api/account/export", { method: "POST", token: account.token });
    expect(await runExportSteps()).toBeGreaterThan(EXPORT_AREAS.length + 2);
    const files = readZip(new Uint8Array(await (await call("/api/account/export/download", { token: account.token })).arrayBuffer()));
    const articles = jsonOf(files.get("articles.json")) as { title: string }[];
    expect(articles.map((a) => a.title)).toEqual(Array.from({ length: 57 }, (_, i) => `Bulk ${i}`));
    expect(jsonOf(files.get("plans.json"))).toEqual([]);
  });

  it("drops a redelivered step: the export moves on once", async () => {
    const account = await seedFullAccount();
    await call("/api/account/export", { method: "POST", token: account.token });
    const { runExportStep } = await import("../../src/account-data/export-build");
    const [row] = await db().select().from(accountExports).where(eq(accountExports.accountId, account.accountId));
    await runExportStep(testServices(), { exportId: row!.id, step: 0 });
    await runExportStep(testServices(), { exportId: row!.id, step: 0 });
    const [after] = await db().select().from(accountExports).where(eq(accountExports.id, row!.id));
    expect(after).toMatchObject({ step: 1, done: 1, stage: "members" });
    expect(after!.entries.map((e) => e.path)).toEqual(["account.json"]);
  });
});

describe("the export_ready e-mail", () => {
  it("says it in the member's language, with the link as its button and no unsubscribe link", async () => {
    const { renderEmail } = await import("../../src/email/templates");
    const url = "https://panel.example.invalid/api/exports/exp_1/archive?key=abc";
    const data = { kind: "export_ready" as const, data: { urlEncrypted: "x", expiresAt: "2026-12-08T10:00:00Z", sizeBytes: 3_500_000 } };
    const context = {
      account: "owner@example.com",
      actionUrl: url,
      unsubscribeUrl: null,
      settingsUrl: "https://panel.example.invalid/settings",
    };
    const tr = renderEmail(data, { ...context, locale: "tr" });
    expect(tr.subject).toBe("owner@example.com hesabının dışa aktarımı hazır");
    expect(tr.text).toContain(`Arşivi indir: ${url}`);
    expect(tr.text).toContain("8 Aralık 2026");
    expect(tr.text).not.toContain("Abonelikten");
    const en = renderEmail(data, { ...context, locale: "en" });
    expect(en.subject).toBe("Your export of owner@example.com is ready");
    expect(en.html).toContain(url.replace(/&/g, "&#38;"));
    expect(en.text).toContain("3.3 MB");
  });
});
