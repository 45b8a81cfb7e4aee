import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { ROLES, type Role } from "../../src/db/schema";
import { isManagementPath } from "../../src/http/route-families";
import { TOOL_PERMISSIONS } from "../../src/mcp/permissions";
import { MCP_TOOLS } from "../../src/mcp/server";
import { leastRoleFor, type Permission, ROUTE_PERMISSIONS, roleMay, ruleFor } from "../../src/members/roles";
import { call, expectError, seedAccount, seedSite } from "../harness";
import { connect } from "../mcp/client";
import { seedMember } from "./helpers";

// Every management route the app registers × every role: allowed (anything but 403
// insufficient_role) or refused (403 insufficient_role, before the route runs). The routes come
// from the app itself, so a route added without a line in src/members/roles.ts fails here.

const registered = createApp()
  .routes.filter((route) => route.method !== "ALL" && route.path.startsWith("/api/") && isManagementPath(route.path))
  .map((route) => ({ method: route.method, path: route.path }))
  .filter((route, index, all) => all.findIndex((other) => other.method === route.method && other.path === route.path) === index);

/** A path of the route with made-up ids: the role is decided before any id is looked up. */
const concrete = (path: string) =>
  path.replace(/:articleId/g, "999999").replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_, name: string) => `${name.toLowerCase()}_nothing`);

describe("the role table covers every management route", () => {
  it("names each route the app registers, and no route it does not", () => {
    expect(registered.length).toBeGreaterThan(80);
    const missing = registered.filter((route) => !(`${route.method} ${route.path}` in ROUTE_PERMISSIONS));
    expect(missing).toEqual([]);
    const known = new Set(registered.map((route) => `${route.method} ${route.path}`));
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !known.has(key))).toEqual([]);
  });

  it("matches a concrete path to its own route, not a neighbour with a parameter in its place", () => {
    expect(ruleFor("GET", "/api/sites/posts/post_1/improvement")?.permission).toBe("read");
    expect(ruleFor("POST", "/api/sites/posts/post_1/apply")?.permission).toBe("publish");
    expect(ruleFor("DELETE", "/api/members/invitations/inv_1")?.permission).toBe("admin");
    expect(ruleFor("PUT", "/api/members/me/notifications")?.permission).toBe("read");
    expect(ruleFor("GET", "/api/nowhere")).toBeNull();
  });
});

describe("every management route × every role", () => {
  it("refuses a role below the route's with 403 insufficient_role and lets the others through", async () => {
    const { accountId, token: ownerToken } = await seedAccount();
    const tokens: Record<Role, string> = { owner: ownerToken } as Record<Role, string>;
    for (const role of ROLES.filter((r) => r !== "owner")) tokens[role] = (await seedMember(accountId, role)).token;
    // Issue 40 §2: admin and writer call through tokens made by tokens (the owner's, with a role), which must hold as a member's own.
    for (const role of ["admin", "writer"] as const) {
      const made = await call("/api/tokens", { method: "POST", token: ownerToken, json: { name: `made by a token: ${role}`, role } });
      expect(made.status).toBe(201);
      tokens[role] = ((await made.json()) as { token: string }).token;
    }

    const outcomes: string[] = [];
    for (const route of registered) {
      const rule = ruleFor(route.method, concrete(route.path));
      expect(rule, `${route.method} ${route.path}`).not.toBeNull();
      for (const role of ROLES) {
        const response = await call(concrete(route.path), {
          method: route.method,
          token: tokens[role],
          ...(route.method === "GET" || route.method === "DELETE" ? {} : { json: {} }),
        });
        const body = response.status === 403 ? ((await response.json()) as { code: string }) : null;
        const refused = body?.code === "insufficient_role";
        if (refused === roleMay(role, rule!.permission))
          outcomes.push(`${role} ${route.method} ${route.path}: ${response.status} ${body?.code ?? ""}`);
        if (response.status === 500) outcomes.push(`${role} ${route.method} ${route.path}: 500`);
      }
    }
    expect(outcomes).toEqual([]);
  }, 120_000);

  it("names the role needed in the refusal, and changes nothing", async () => {
    const { accountId } = await seedAccount();
    const viewer = await seedMember(accountId, "viewer");
    const response = await call("/api/autopilot/plans", {
      method: "POST",
      token: viewer.token,
      json: { siteId: "site_x", keywords: ["a"] },
    });
    const body = await expectError(response, 403, "insufficient_role");
    expect(body.message).toContain("'viewer'");
    expect(body.message).toContain("'editor'");
    const plans = (await (await call("/api/autopilot/plans", { token: viewer.token })).json()) as { items: unknown[] };
    expect(plans.items).toEqual([]);
  });
});

describe("every MCP tool × every role", () => {
  it("names each tool in the tool table", () => {
    expect(MCP_TOOLS.map((tool) => tool.name).filter((name) => !(name in TOOL_PERMISSIONS))).toEqual([]);
  });

  it("refuses a tool the role may not use, before it runs, and runs the others", async () => {
    const { accountId, token: ownerToken } = await seedAccount();
    const outcomes: string[] = [];
    for (const role of ROLES) {
      const token = role === "owner" ? ownerToken : (await seedMember(accountId, role)).token;
      const client = await connect(token);
      for (const tool of MCP_TOOLS) {
        const rule = TOOL_PERMISSIONS[tool.name]!;
        const permission: Permission = typeof rule === "string" ? rule : rule[0];
        const result = (await client.callTool({ name: tool.name, arguments: {} })) as CallToolResult;
        const text = result.isError ? (result.content[0] as { text: string }).text : "";
        const refused = text.includes("insufficient_role");
        if (refused === roleMay(role, permission)) outcomes.push(`${role} ${tool.name}: ${text.slice(0, 120)}`);
        if (refused && !text.includes(`'${leastRoleFor(permission)}'`)) outcomes.push(`${role} ${tool.name}: no role named`);
      }
      await client.close();
    }
    expect(outcomes).toEqual([]);
  }, 120_000);
});

describe("a site-limited admin × every route that names a site", () => {
  it("is refused another site (403 site_not_allowed) on every such route, and never gets a 500", async () => {
    const { accountId } = await seedAccount();
    const mine = await seedSite(accountId);
    const other = await seedSite(accountId);
    const admin = await seedMember(accountId, "admin", { siteIds: [mine.id] });
    const outcomes: string[] = [];
    for (const route of registered.filter((r) => r.path.includes(":siteId"))) {
      const path = concrete(route.path.replace(":siteId", other.id));
      const response = await call(path, {
        method: route.method,
        token: admin.token,
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { json: {} }),
      });
      const body = response.status === 403 ? ((await response.json()) as { code: string }) : null;
      if (body?.code !== "site_not_allowed") outcomes.push(`${route.method} ${route.path}: ${response.status} ${body?.code ?? ""}`);
    }
    // Connecting a new site, and naming another site in a body, are refused too.
    for (const [path, json] of [
      ["/api/sites", { platform: "custom", url: "https://new.invalid" }],
      ["/api/platforms/custom/connect", { url: "https://new.invalid" }],
      ["/api/autopilot/plans", { siteId: other.id, keywords: ["a"] }],
    ] as const) {
      const response = await call(path, { method: "POST", token: admin.token, json });
      const body = (await response.json()) as { code: string };
      if (response.status !== 403 || body.code !== "site_not_allowed") outcomes.push(`POST ${path}: ${response.status} ${body.code}`);
    }
    expect(outcomes).toEqual([]);
  }, 60_000);
});
