import { OpenAPIHono } from "@hono/zod-openapi";
import { cors } from "hono/cors";
import { accountRoutes, adminAccountRoutes } from "./accounts/routes";
import { billingRoutes } from "./billing/routes";
import { validationHook } from "./core/validation";
import type { AppEnv } from "./http/context";
import { handleError, handleNotFound } from "./http/errors";
import { managementAuth } from "./auth/management-auth";
import { mediaRoutes } from "./media/routes";
import { mountOpenApiDocument } from "./http/openapi";
import { mountApiDocs } from "./http/api-docs";
import { publicGate } from "./auth/public-gate";
import { servicesMiddleware } from "./http/services";
import { buildServices, type Services } from "./services/container";
import type { Env } from "./env";
import { blogAdminRoutes } from "./blog-admin/routes";
import { existingPostsRoutes } from "./existing-posts/routes";
import { improvementRoutes } from "./improvements/routes";
import { linkRoutes } from "./links/routes";
import { agentRoutes } from "./agent/routes";
import { reportRoutes } from "./report/routes";
import { siteRoutes } from "./sites/routes";
import { briefRoutes } from "./sites/brief-routes";
import { planRoutes } from "./plans/routes";
import { planEstimateRoutes } from "./plans/estimate-routes";
import { runNowRoutes } from "./pipeline/routes";
import { sessionRoutes } from "./sessions/routes";
import { articleRoutes } from "./articles/management-routes";
import { approvalRoutes } from "./approvals/routes";
import { customSiteRoutes } from "./sites/custom-routes";
import { connectorRoutes } from "./sites/connector-routes";
import { forumSiteRoutes } from "./sites/forum-routes";
import { publicRoutes } from "./public/routes";
import { publicCache } from "./public/cache";
import { tokenRoutes } from "./tokens/routes";
import { memberRoutes } from "./members/routes";
import { webhookRoutes } from "./webhooks/routes";
import { securityHeaders } from "./http/security-headers";
import { bodyLimits } from "./http/body-limits";
import { mcpRoutes } from "./mcp/routes";
import { consentRoutes } from "./oauth/consent";
import { grantRoutes } from "./oauth/grant-routes";
import { searchConsoleRoutes } from "./search-console/routes";
import { searchAnalyticsRoutes } from "./search-console/analytics-routes";
import { opportunityRoutes } from "./search-console/opportunity-routes";
import { siteHealthRoutes } from "./site-health/routes";
import { emailRoutes } from "./email/routes";
import { closeRoutes } from "./account-data/close-routes";
import { exportRoutes } from "./account-data/export-routes";

export interface AppOptions {
  /** How each request's services are built; tests hand in fakes of the outside world here. */
  services?: (env: Env) => Services;
}

/** Assembles the whole HTTP surface: middleware order matters and is set here only. */
export function createApp(options: AppOptions = {}) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(handleError);
  app.notFound(handleNotFound);
  app.use("*", securityHeaders);
  app.use("/api/*", bodyLimits);
  app.use("/mcp", bodyLimits);
  app.use("/oauth/*", bodyLimits);
  app.use("*", servicesMiddleware(options.services ?? ((env) => buildServices(env))));

  // Public read API: CORS first so browsers can read even the 401s and 429s.
  app.use(
    "/api/v1/public/*",
    cors({
      origin: "*",
      allowMethods: ["GET", "HEAD", "OPTIONS"],
      allowHeaders: ["Authorization", "If-None-Match"],
      exposeHeaders: ["ETag", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After"],
      maxAge: 86400,
    }),
    publicGate,
    async (c, next) => {
      await next();
      c.header("Cache-Control", "private, no-cache");
      c.header("Vary", "Authorization", { append: true });
    },
    // ETags from the content version, 304s and repeated reads without the database.
    publicCache,
  );
  app.route("/api/v1/public", publicRoutes);

  app.use("/api/*", managementAuth);
  app.route("/api", adminAccountRoutes);
  app.route("/api", accountRoutes);
  app.route("/api", tokenRoutes);
  // Before the members' routes: DELETE /api/members/me is not a member called "me".
  app.route("/api", closeRoutes);
  app.route("/api", memberRoutes);
  app.route("/api", exportRoutes);
  app.route("/api", billingRoutes);
  app.route("/api", siteRoutes);
  app.route("/api", briefRoutes);
  app.route("/api", planRoutes);
  app.route("/api", planEstimateRoutes);
  app.route("/api", runNowRoutes);
  app.route("/api", sessionRoutes);
  app.route("/api", articleRoutes);
  app.route("/api", approvalRoutes);
  app.route("/api", existingPostsRoutes);
  app.route("/api", improvementRoutes);
  app.route("/api", linkRoutes);
  app.route("/api", agentRoutes);
  app.route("/api", reportRoutes);
  app.route("/api", blogAdminRoutes);
  app.route("/api", forumSiteRoutes);
  app.route("/api", customSiteRoutes);
  app.route("/api", connectorRoutes);
  app.route("/api", grantRoutes);
  app.route("/", mcpRoutes);
  app.route("/", consentRoutes);
  app.route("/api", webhookRoutes);
  app.route("/api", mediaRoutes);
  app.route("/api", searchConsoleRoutes);
  app.route("/api", searchAnalyticsRoutes);
  app.route("/api", opportunityRoutes);
  app.route("/api", siteHealthRoutes);
  app.route("/api", emailRoutes);

  mountOpenApiDocument(app);
  mountApiDocs(app);
  return app;
}
