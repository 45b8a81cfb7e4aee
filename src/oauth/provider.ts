import { ExternalTokenError, OAuthProvider, type OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { AppError } from "../core/errors";
import { createDb } from "../db/client";
import type { Env } from "../env";
import { authenticateToken, type Caller } from "../tokens/service";

// OAuth 2.1 for MCP connectors that cannot send a header (Cloudflare's workers-oauth-provider):
// authorization code with PKCE, dynamic client registration, RFC 8414 and RFC 9728 metadata,
// tokens and grants in KV (OAUTH_KV). It sits in front of the whole app: /mcp needs a token (an
// OAuth access token, or one of our own `manage` API tokens), every other path goes to the app,
// which owns the consent page at /oauth/authorize (src/oauth/consent.ts).

export const MCP_PATH = "/mcp";
export const OAUTH_SCOPE = "autopilot";
export const AUTHORIZE_PATH = "/oauth/authorize";

/** What a request to /mcp carries in `ctx.props`, whichever way it was authenticated. */
export interface McpProps {
  caller: Caller;
  via: "oauth" | "api-token";
}

type FetchHandler = { fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> };

/** The resource /mcp is, on this deployment: PUBLIC_BASE_URL's origin, else the request's. */
export function mcpResource(env: Pick<Env, "PUBLIC_BASE_URL">, request: Request): string {
  const origin = env.PUBLIC_BASE_URL ? new URL(env.PUBLIC_BASE_URL).origin : new URL(request.url).origin;
  return `${origin}${MCP_PATH}`;
}

/** The provider's helpers, which it hands the app with each request it passes on. */
export function oauthHelpers(env: Pick<Env, "OAUTH_PROVIDER">): OAuthHelpers {
  if (!env.OAUTH_PROVIDER) throw new AppError("internal_error", "The OAuth provider is not in front of the app");
  return env.OAUTH_PROVIDER;
}

const providers = new Map<string, OAuthProvider<Env>>();

/** The app behind the OAuth provider: the fetch handler of the Worker (and of the test harness). */
export function withOAuth(app: FetchHandler) {
  return (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> => {
    const resource = mcpResource(env, request);
    let provider = providers.get(resource);
    if (!provider) {
      provider = createProvider(app, resource);
      providers.set(resource, provider);
    }
    return provider.fetch(request, env, ctx);
  };
}

function createProvider(app: FetchHandler, resource: string): OAuthProvider<Env> {
  const issuer = new URL(resource).origin;
  return new OAuthProvider<Env>({
    apiRoute: MCP_PATH,
    apiHandler: { fetch: (request, env, ctx) => app.fetch(request, env as Env, ctx) },
    defaultHandler: { fetch: (request, env, ctx) => app.fetch(request as Request, env as Env, ctx) },
    authorizeEndpoint: AUTHORIZE_PATH,
    tokenEndpoint: "/oauth/token",
    clientRegistrationEndpoint: "/oauth/register",
    scopesSupported: [OAUTH_SCOPE],
    resourceMetadata: { resource, authorization_servers: [issuer], resource_name: "Content Autopilot" },
    accessTokenTTL: 3600,
    // Our own API tokens work at /mcp too (clients that take a header): a `manage` token is the caller.
    resolveExternalToken: async ({ token, env }) => {
      if (!token.startsWith("sap_")) return null;
      try {
        const { caller } = await authenticateToken(createDb(env.DB), token, new Date());
        if (caller.scope !== "manage") throw new ExternalTokenError("insufficient_scope", { statusCode: 403, description: "This token's scope is 'public:read'; the MCP server needs a token with scope 'manage'" });
        return { props: { caller, via: "api-token" } satisfies McpProps, audience: resource };
      } catch (error) {
        if (error instanceof AppError && error.code === "unauthorized") return null;
        throw error;
      }
    },
  });
}
