import {
  ExternalTokenError,
  getOAuthApi,
  OAuthProvider,
  type OAuthHelpers,
  type OAuthProviderOptions,
} from "@cloudflare/workers-oauth-provider";
import { parseConfig } from "../config";
import { AppError } from "../core/errors";
import { createDb } from "../db/client";
import type { Env } from "../env";
import { withNosniff } from "../http/security-headers";
import type { Caller } from "../http/context";
import { authenticateToken } from "../tokens/service";
import { guardClientRegistration, guardRefreshTokenReuse, OAUTH_BODY_LIMIT, oauthErrorResponse, readLimitedBody } from "./guards";

// OAuth 2.1 for MCP connectors that cannot send a header (Cloudflare's workers-oauth-provider):
// authorization code with PKCE, dynamic client registration, RFC 8414 and RFC 9728 metadata,
// tokens and grants in KV (OAUTH_KV). It sits in front of the OAuth and MCP paths only: /mcp
// needs a token (an OAuth access token, or one of our own `manage` API tokens); the consent page
// at /oauth/authorize and the grant routes are the app's (src/oauth/consent.ts, grant-routes.ts).
// Every other path, the public read API first, never meets it.

export const MCP_PATH = "/mcp";
export const OAUTH_SCOPE = "autopilot";
export const AUTHORIZE_PATH = "/oauth/authorize";
const TOKEN_PATH = "/oauth/token";
const REGISTER_PATH = "/oauth/register";

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

/** The paths the OAuth provider serves, or whose app routes use its helpers. */
export function isOAuthPath(path: string): boolean {
  return (
    path === MCP_PATH ||
    path.startsWith("/oauth/") ||
    path.startsWith("/.well-known/oauth-") ||
    path === "/api/oauth/grants" ||
    path.startsWith("/api/oauth/grants/")
  );
}

/**
 * OAuth is https-only, except on a loopback host (`wrangler dev` on http://localhost): the
 * library refuses any other cleartext issuer, and so do we, with an answer instead of a throw.
 */
function acceptedScheme(resource: URL): boolean {
  if (resource.protocol === "https:") return true;
  const host = resource.hostname.replace(/^\[|\]$/g, "");
  return resource.protocol === "http:" && (host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host));
}

interface CachedProvider {
  provider: OAuthProvider<Env>;
  options: OAuthProviderOptions<Env>;
}

/** One provider per resource (origin); a few at most, so a stream of Host headers cannot grow it. */
const PROVIDER_CACHE_SIZE = 8;
const providers = new Map<string, CachedProvider>();

function providerFor(app: FetchHandler, resource: string): CachedProvider {
  let cached = providers.get(resource);
  if (!cached) {
    const options = providerOptions(app, resource);
    cached = { provider: new OAuthProvider<Env>(options), options };
    providers.set(resource, cached);
    if (providers.size > PROVIDER_CACHE_SIZE) providers.delete(providers.keys().next().value!);
  }
  return cached;
}

/** How many providers are cached (for the test that bounds it). */
export const cachedProviderCount = () => providers.size;

/** The fetch handler of the Worker (and of the test harness): the OAuth provider in front of the OAuth paths, the app behind. */
export function withOAuth(app: FetchHandler) {
  return async (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> => {
    const path = new URL(request.url).pathname;
    if (!isOAuthPath(path)) return app.fetch(request, env, ctx);
    // The provider's own answers (metadata, token, registration, the /mcp challenge) skip the app's middleware.
    return withNosniff(await oauthFetch(app, request, env, ctx, path));
  };
}

async function oauthFetch(app: FetchHandler, request: Request, env: Env, ctx: ExecutionContext, path: string): Promise<Response> {
  const resource = mcpResource(env, request);
  if (!acceptedScheme(new URL(resource))) {
    return oauthErrorResponse(
      400,
      "invalid_request",
      "OAuth and the MCP server need HTTPS: call this service at its https:// address (or set PUBLIC_BASE_URL to it)",
    );
  }
  if (path === MCP_PATH) {
    const refused = refuseForeignOrigin(request, env, resource);
    if (refused) return refused;
  }
  const { provider, options } = providerFor(app, resource);
  if (request.method === "POST" && (path === TOKEN_PATH || path === REGISTER_PATH)) {
    const body = await readLimitedBody(request, OAUTH_BODY_LIMIT);
    if (body === null) return oauthErrorResponse(413, "invalid_request", `The request body is larger than ${OAUTH_BODY_LIMIT / 1024} KB`);
    const refused =
      path === TOKEN_PATH
        ? await guardRefreshTokenReuse(request, body, env, getOAuthApi(options, env))
        : await guardClientRegistration(request, body, env);
    if (refused) return refused;
    return provider.fetch(new Request(request, { body }), env, ctx);
  }
  return provider.fetch(request, env, ctx);
}

/**
 * /mcp from a browser page: only the service's own origin and MCP_ALLOWED_ORIGINS may call it
 * (the MCP transport requires servers to validate Origin, against DNS rebinding). Clients that
 * are not browsers send no Origin.
 */
function refuseForeignOrigin(request: Request, env: Env, resource: string): Response | null {
  const origin = request.headers.get("Origin");
  if (origin === null) return null;
  if (origin === new URL(resource).origin || parseConfig(env).mcpAllowedOrigins.includes(origin)) return null;
  return new Response(
    JSON.stringify({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: `Origin ${origin.slice(0, 200)} may not call this MCP server; the operator lists browser origins in MCP_ALLOWED_ORIGINS`,
      },
      id: null,
    }),
    {
      status: 403,
      headers: { "Content-Type": "application/json", "X-Content-Type-Options": "nosniff", Vary: "Origin" },
    },
  );
}

function providerOptions(app: FetchHandler, resource: string): OAuthProviderOptions<Env> {
  const issuer = new URL(resource).origin;
  return {
    apiRoute: MCP_PATH,
    apiHandler: { fetch: (request, env, ctx) => app.fetch(request, env as Env, ctx) },
    defaultHandler: { fetch: (request, env, ctx) => app.fetch(request as Request, env as Env, ctx) },
    authorizeEndpoint: AUTHORIZE_PATH,
    tokenEndpoint: TOKEN_PATH,
    clientRegistrationEndpoint: REGISTER_PATH,
    scopesSupported: [OAUTH_SCOPE],
    resourceMetadata: { resource, authorization_servers: [issuer], resource_name: "Content Autopilot" },
    accessTokenTTL: 3600,
    // Our own API tokens work at /mcp too (clients that take a header): a `manage` token is the caller.
    resolveExternalToken: async ({ token, env }) => {
      if (!token.startsWith("sap_")) return null;
      try {
        const { caller } = await authenticateToken(createDb(env.DB), token, new Date());
        if (caller.scope !== "manage")
          throw new ExternalTokenError("insufficient_scope", {
            statusCode: 403,
            description: "This token's scope is 'public:read'; the MCP server needs a token with scope 'manage'",
          });
        return { props: { caller, via: "api-token" } satisfies McpProps, audience: resource };
      } catch (error) {
        if (error instanceof AppError && error.code === "unauthorized") return null;
        throw error;
      }
    },
  };
}
