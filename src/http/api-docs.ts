import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context";

/** Where the rendered API reference is; public, like the document it renders (src/http/management-auth.ts). */
const API_DOCS_PATH = "/api/docs";
/** Swagger UI's files, copied from the swagger-ui-dist package into the panel's static assets by web/vite.config.ts. */
const SWAGGER_UI = "/vendor/swagger-ui";

/**
 * The page: Swagger UI's stylesheet and script from this origin, then the script that starts it;
 * no inline script or style, nothing from another site.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Content Autopilot API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${SWAGGER_UI}/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${SWAGGER_UI}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`;

/**
 * Starts Swagger UI on the service's own document. `validatorUrl: "none"`: Swagger UI would
 * otherwise send the document's address to validator.swagger.io for its badge.
 */
const START = `SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, validatorUrl: "none" });\n`;

/**
 * The page's own policy: scripts, styles and requests ("Try it out") to this origin only, no
 * inline script or style; Swagger UI's stylesheet draws its icons as data: images. Never framed.
 */
const PAGE_HEADERS = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cache-Control": "public, max-age=300",
};

/** Serves the API reference at /api/docs: Swagger UI rendering /api/openapi.json, with no token and no CDN. */
export function mountApiDocs(app: OpenAPIHono<AppEnv>): void {
  app.get(API_DOCS_PATH, (c) => c.html(PAGE, 200, PAGE_HEADERS));
  app.get(`${API_DOCS_PATH}/start.js`, (c) =>
    c.body(START, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=300" }),
  );
}
