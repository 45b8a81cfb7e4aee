import { describe, expect, it } from "vitest";
import type { Schemas } from "../src/api/client";
import type { Language } from "../src/i18n/format";
import { lookup } from "../src/i18n/language";
import { auditMessages } from "../src/screens/settings/audit-messages";
import { auditSite, auditTarget } from "../src/screens/settings/audit-target";

// The audit log's "About" column: names as they were when the event was written, linked while the
// thing exists, plain once it is gone; older events without names read as before.

const event = (fields: Partial<Schemas["AuditEvent"]>): Schemas["AuditEvent"] => ({
  id: 1,
  at: "2026-11-28T10:00:00Z",
  actor: "editor@example.com",
  memberId: "mem_1",
  via: "session",
  action: "article.edited",
  targetType: "article",
  targetId: "10",
  targetLabel: null,
  targetExists: null,
  siteId: null,
  siteLabel: null,
  siteExists: null,
  detail: null,
  ...fields,
});

const sayIn = (language: Language) => (key: keyof typeof auditMessages.en, params?: Record<string, string>) =>
  lookup(auditMessages, language, key, params);
const target = (fields: Partial<Schemas["AuditEvent"]>, language: Language = "en") =>
  auditTarget(event(fields), sayIn(language), auditMessages.en);

describe("what an audit event is about", () => {
  it("names an article by its title then, linked while it exists, in both languages", () => {
    const fields = { targetLabel: "Sourdough at home", targetExists: true };
    expect(target(fields)).toEqual({ text: "Article “Sourdough at home”", href: "/articles/10" });
    expect(target(fields, "tr")).toEqual({ text: "“Sourdough at home” makalesi", href: "/articles/10" });
  });

  it("shows a thing that is gone as plain text under its old name", () => {
    expect(target({ targetType: "plan", targetId: "plan_1", targetLabel: "Demo Blog · 2026-11-01", targetExists: false })).toEqual({
      text: "Plan “Demo Blog · 2026-11-01”",
      href: null,
    });
  });

  it("names a site stored by its address by its host, and a member by their email", () => {
    expect(target({ targetType: "site", targetId: "site_1", targetLabel: "https://blog.example.com/", targetExists: true })).toEqual({
      text: "Site “blog.example.com”",
      href: "/sites/site_1",
    });
    expect(target({ targetType: "member", targetId: "mem_2", targetLabel: "writer@example.com" })).toEqual({
      text: "writer@example.com",
      href: null,
    });
  });

  it("falls back to today's words for an event written before names, linked unless known gone", () => {
    expect(target({})).toEqual({ text: "Article 10", href: "/articles/10" });
    expect(target({ targetExists: false })).toEqual({ text: "Article 10", href: null });
    expect(target({ targetType: "widget", targetId: "w1" })).toEqual({ text: "widget w1", href: null });
    expect(target({ targetType: null, targetId: null })).toBeNull();
  });

  it("adds the site the event concerns by its name, linked while connected; none for older events or the site itself", () => {
    const on = { siteId: "site_1", siteLabel: "Demo Blog", siteExists: true };
    expect(auditSite(event(on), sayIn("en"))).toEqual({ text: "on Demo Blog", href: "/sites/site_1" });
    expect(auditSite(event({ ...on, siteExists: false }), sayIn("tr"))).toEqual({ text: "Site: Demo Blog", href: null });
    expect(auditSite(event({ siteId: "site_1" }), sayIn("en"))).toBeNull();
    expect(auditSite(event({ ...on, targetType: "site", targetId: "site_1" }), sayIn("en"))).toBeNull();
  });
});
