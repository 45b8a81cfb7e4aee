import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { publicArticleUrl } from "../articles/urls";
import { validationHook } from "../core/validation";
import type { AppEnv } from "../http/context";
import { errorResponses, jsonContent } from "../http/openapi";
import { ItemIdParamSchema } from "../plans/schemas";
import { runItemNow } from "./start";

/** POST /autopilot/items/{itemId}/run: one item through the pipeline now. */
export const runNowRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const ItemRunResultSchema = z
  .object({
    articleId: z.string().openapi({ example: "1042" }),
    url: z.string().openapi({
      description:
        "Where the article was published; for a custom site (or an article waiting in review) its address in the public read API",
      example: "https://blog.example.com/eksi-maya-ekmegi/",
    }),
  })
  .openapi("ItemRunResult");

runNowRoutes.openapi(
  createRoute({
    method: "post",
    operationId: "runPlanItem",
    path: "/autopilot/items/{itemId}/run",
    tags: ["Plans"],
    summary: "Run one item end to end now: write, check, illustrate, publish (takes 2–5 minutes)",
    description:
      "Reserves the price first (402 when the balance is short, 403 for a BYOK licence or quota problem, before any work), then runs the item's pipeline and answers when it ends. An item already queued or generating is joined, not run twice. A PUBLISHED item is 409 naming its article. A site in ERROR is 409 before any work. A failed run answers its error with the charge refunded and leaves the item FAILED (or SCHEDULED for an automatic retry when its plan is ACTIVE); running it again charges once when it succeeds.",
    request: { params: ItemIdParamSchema },
    responses: {
      200: jsonContent(ItemRunResultSchema, "The published article"),
      ...errorResponses(401, 402, 403, 404, 409, 422, 502, 504),
    },
  }),
  async (c) => {
    const services = c.get("services");
    const { articleId, url } = await runItemNow(services, c.get("caller").accountId, c.req.valid("param").itemId);
    return c.json({ articleId: String(articleId), url: url ?? publicArticleUrl(services.config, articleId) }, 200);
  },
);
