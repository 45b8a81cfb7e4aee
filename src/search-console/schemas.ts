import { z } from "@hono/zod-openapi";
import { panelPathOf } from "../core/panel-path";
import { GOOGLE_CONNECTION_STATUSES } from "../db/schema";

/**
 * A page of the panel to come back to: a path of this origin ("/settings", "/sites/site_…"),
 * never one that normalises to "//host" or "/\host", which browsers read as another origin.
 */
const PanelPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\\\s]*$/, "returnTo must be a path of the panel starting with a single '/'")
  .refine((path) => panelPathOf(path) !== null, "returnTo must stay on the panel once normalised ('/..//host' leaves it)")
  .openapi({ description: "The panel page to return to after Google (default /settings)", example: "/sites/site_b8Zq0Ls2Kd93Hw1P" });

export const StartGoogleAuthBodySchema = z
  .object({ returnTo: PanelPathSchema.optional() })
  .strict()
  .openapi("StartGoogleConnectionRequest");

export const GoogleAuthUrlSchema = z
  .object({
    url: z.string().openapi({
      description: "Google's consent page: send the owner's browser there. Google brings it back to the callback within 10 minutes",
      example:
        "https://accounts.google.com/o/oauth2/v2/auth?client_id=…&redirect_uri=https%3A%2F%2Fapp.example.com%2Fapi%2Fintegrations%2Fgoogle%2Fcallback&response_type=code&scope=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fwebmasters.readonly+openid+email&access_type=offline&prompt=consent&state=…&code_challenge=…&code_challenge_method=S256",
    }),
  })
  .openapi("GoogleAuthorizationUrl");

/** What Google appends to the redirect URI; anything else it adds (authuser, prompt, scope) is ignored. */
export const GoogleCallbackQuerySchema = z.object({
  code: z.string().optional().openapi({ description: "The single-use authorization code" }),
  state: z.string().optional().openapi({ description: "The state the connection was started with" }),
  error: z
    .string()
    .optional()
    .openapi({ description: "Why there is no code, e.g. access_denied when the owner declined", example: "access_denied" }),
});

const GooglePropertySchema = z
  .object({
    siteUrl: z.string().openapi({
      description: "`https://host/` (URL-prefix property) or `sc-domain:host` (Domain property)",
      example: "sc-domain:example.com",
    }),
    permissionLevel: z.string().openapi({
      description: "As Google names it: siteOwner or siteFullUser can be read; siteRestrictedUser and siteUnverifiedUser cannot",
      example: "siteOwner",
    }),
  })
  .openapi("GoogleSearchConsoleProperty");

export const GoogleIntegrationSchema = z
  .object({
    configured: z
      .boolean()
      .openapi({ description: "The operator set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET; without them nothing can be connected" }),
    connected: z
      .boolean()
      .openapi({ description: "A Google grant is stored for the account (see status for whether Google still accepts it)" }),
    offline: z.boolean().openapi({
      description: "SEARCH_CONSOLE_PROVIDER=offline (local runs): every site counts as connected and the figures are invented",
    }),
    email: z.string().nullable().openapi({ description: "The Google account connected", example: "owner@example.com" }),
    status: z.enum(GOOGLE_CONNECTION_STATUSES).nullable().openapi({
      description: "CONNECTED, or ERROR when Google revoked or expired the grant (reconnect); null when not connected",
    }),
    message: z.string().nullable().openapi({ description: "Why the status is ERROR; null otherwise" }),
    properties: z
      .array(GooglePropertySchema)
      .openapi({ description: "The Search Console properties the Google account can see, as last read" }),
    connectedAt: z.string().nullable().openapi({ description: "When the owner last connected", example: "2026-11-20T09:30:00Z" }),
  })
  .openapi("GoogleIntegration");

export const SiteSearchConsoleBodySchema = z
  .object({
    property: z.string().trim().min(1).max(2048).nullable().optional().openapi({
      description:
        "The property the site's figures come from: one GET /api/integrations/google lists that covers the site's URL. null hands the choice back to the automatic one",
      example: "sc-domain:example.com",
    }),
    refreshDecaying: z.boolean().optional().openapi({
      description: "Run the improvement for decaying posts automatically (charged like improve)",
    }),
    autoApply: z.boolean().optional().openapi({ description: "Apply those improvements without waiting for the owner" }),
    maxRefreshesPerWeek: z
      .number()
      .int()
      .min(1)
      .max(50)
      .optional()
      .openapi({ description: "At most this many automatic refreshes a week", example: 3 }),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "Send at least one field to change" })
  .openapi("UpdateSiteSearchConsoleRequest");
export type SiteSearchConsoleBody = z.infer<typeof SiteSearchConsoleBodySchema>;
