import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { storedZip } from "../core/zip";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { CONNECTOR_FILES, CONNECTOR_VERSION } from "./connector-files.generated";
import { CONNECTOR_ZIP_PATH } from "./seo-connector";

/** The WordPress connector plugin as a zip: public, so docs/guides/wordpress.md and the site's warning can link it. */
export const connectorRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const FOLDER = "content-autopilot-connector";
// One archive per version, made once per isolate; its date is fixed so every download is the same bytes.
let archive: { bytes: Uint8Array<ArrayBuffer>; etag: string } | null = null;

function connectorZip() {
  if (!archive) {
    const encoder = new TextEncoder();
    const bytes = storedZip(
      CONNECTOR_FILES.map((file) => ({ path: `${FOLDER}/${file.path}`, bytes: encoder.encode(file.text) })),
      new Date("2026-11-24T00:00:00Z"),
    );
    archive = { bytes, etag: `"connector-${CONNECTOR_VERSION}-${bytes.length}"` };
  }
  return archive;
}

connectorRoutes.openapi(
  createRoute({
    method: "get",
    operationId: "downloadWordPressConnector",
    path: CONNECTOR_ZIP_PATH.replace(/^\/api/, ""),
    tags: ["Sites"],
    summary: "Download the WordPress connector plugin (public, no token)",
    description:
      "The plugin that makes SEO titles, meta descriptions and structured data reach a WordPress site's pages: upload it in WordPress (Plugins → Add New → Upload Plugin), activate it, then sync the site. With Yoast SEO, Rank Math, SEOPress or All in One SEO active it writes into that plugin's fields; otherwise it prints the tags itself. `X-Connector-Version` names the version.",
    security: [],
    responses: {
      200: {
        description: "The plugin as a zip archive",
        content: { "application/zip": { schema: z.any().openapi({ type: "string", format: "binary" }) } },
      },
      304: { description: "The client's copy (If-None-Match) is current" },
    },
  }),
  (c) => {
    const { bytes, etag } = connectorZip();
    const headers = { ETag: etag, "Cache-Control": "public, max-age=3600", "X-Connector-Version": CONNECTOR_VERSION };
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
    return c.body(bytes, 200, {
      ...headers,
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${FOLDER}-${CONNECTOR_VERSION}.zip"`,
    });
  },
);
