import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { log, errorFields } from "../core/logger";
import { AppError } from "../core/errors";
import type { Services } from "../services/container";
import { assertResourceSite, assertRoleMay, type SiteResource } from "../auth/role-gate";
import type { Caller } from "../http/context";
import { TOOL_PERMISSIONS } from "./permissions";
import { assertAccountOpen } from "../account-data/close";
import { type AuditEntry, recordAudit } from "../audit/audit";
import { readLabels } from "../audit/labels";
import { toolError, toolResult, type Tool, type ToolContext, type ToolExtra } from "./tool";
import { accountTools } from "./tools/account";
import { articleTools } from "./tools/articles";
import { linkTools } from "./tools/links";
import { planTools } from "./tools/plans";
import { planEstimateTools } from "./tools/plan-estimate";
import { planListTools } from "./tools/plan-list";
import { searchTools } from "./tools/search";
import { siteTools } from "./tools/sites";
import { siteHealthTools } from "./tools/site-health";

export const MCP_TOOLS: Tool[] = [
  ...siteTools,
  ...planTools,
  ...planEstimateTools,
  ...planListTools,
  ...articleTools,
  ...searchTools,
  ...accountTools,
  ...linkTools,
  ...siteHealthTools,
];

export const MCP_SERVER_INFO = { name: "content-autopilot", version: "1.0.0" };

/** One MCP server for one request of one account: the tools, each calling the area functions as that account. */
export function createMcpServer(services: Services, caller: Caller): McpServer {
  const { accountId } = caller;
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      "Content Autopilot plans, writes, illustrates and publishes articles for the user's sites, billed in Turkish lira credits. Start with list_sites; create_plan then approve_plan schedules articles; run_item writes one now (charged). Money-spending tools say so in their descriptions.",
  });
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (input: Record<string, unknown>, extra: ToolExtra) => {
        try {
          const audit = await assertToolAllowed(services, caller, tool.name, input);
          const result = toolResult(await tool.run(input as never, contextFor(services, caller, extra)));
          if (audit) await recordAudit(services.db, accountId, caller, { ...audit, detail: { tool: tool.name } });
          return result;
        } catch (error) {
          if (!(error instanceof AppError)) log("error", "mcp_tool_failed", { tool: tool.name, accountId, ...errorFields(error) });
          return toolError(error);
        }
      },
    );
  }
  return server;
}

const RESOURCE_ARGUMENTS: [string, SiteResource][] = [
  ["siteId", "site"],
  ["postId", "post"],
  ["planId", "plan"],
  ["itemId", "item"],
  ["articleId", "article"],
];

/**
 * The caller's role against the tool's permission, a closing account against any change, and a
 * site-limited member's sites against the ids it names; returns the audit event a successful call records, if any.
 */
async function assertToolAllowed(
  services: Services,
  caller: Caller,
  name: string,
  input: Record<string, unknown>,
): Promise<AuditEntry | null> {
  const rule = TOOL_PERMISSIONS[name] ?? "billing";
  const [permission, action] = typeof rule === "string" ? [rule, undefined] : rule;
  assertRoleMay(caller, permission);
  // A closing account reads and changes nothing (src/account-data/close.ts).
  if (permission !== "read") await assertAccountOpen(services.db, caller.accountId);
  let target: { targetType: string; targetId: string } | undefined;
  for (const [argument, kind] of RESOURCE_ARGUMENTS) {
    const id = input[argument];
    if (id === undefined || id === null) continue;
    await assertResourceSite(services.db, caller, kind, String(id));
    target = { targetType: kind, targetId: String(id) };
  }
  if (!action) return null;
  // A deletion's event cannot read the thing's name after it: read it now (src/audit/labels.ts).
  const labelled = target && action.endsWith(".deleted") ? await readLabels(services.db, caller.accountId, target) : target;
  return { action, ...labelled };
}

function contextFor(services: Services, caller: Caller, extra: ToolExtra): ToolContext {
  const token = extra._meta?.progressToken;
  return {
    services,
    accountId: caller.accountId,
    siteIds: caller.siteIds,
    caller,
    progress: async (message, progress, total) => {
      if (token === undefined) return;
      await extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken: token, progress, ...(total === undefined ? {} : { total }), message },
      });
    },
  };
}
