import { describe, expect, it } from "vitest";
import { call } from "../harness";

describe("OpenAPI document: plans and the brief", () => {
  it("lists every plan, item and brief route with its schemas and limits", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, any>>;
      components: { schemas: Record<string, any> };
    };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        "POST /api/autopilot/plans",
        "GET /api/autopilot/plans",
        "GET /api/autopilot/plans/{planId}",
        "POST /api/autopilot/plans/{planId}/approve",
        "POST /api/autopilot/plans/{planId}/pause",
        "PATCH /api/autopilot/items/{itemId}",
        "DELETE /api/autopilot/items/{itemId}",
        "GET /api/sites/{siteId}/brief",
        "PUT /api/sites/{siteId}/brief",
      ]),
    );
    const create = doc.components.schemas.CreatePlanRequest;
    expect(create.properties.articleCount).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(create.properties.cadencePerWeek).toMatchObject({ type: "integer", minimum: 1, maximum: 21 });
    expect(create.properties.publishMode.enum).toEqual(["publish", "draft", "review"]);
    expect(create.required).toEqual(expect.arrayContaining(["siteId", "articleCount", "cadencePerWeek"]));
    const item = doc.components.schemas.PlanItem;
    expect(item.properties.status.enum).toEqual(["PLANNED", "SCHEDULED", "QUEUED", "GENERATING", "REVIEW", "PUBLISHED", "FAILED"]);
    expect(item.properties.competition.enum).toEqual(["LOW", "MEDIUM", "HIGH"]);
    expect(doc.components.schemas.Plan.properties.status.enum).toEqual(["DRAFT", "ACTIVE", "PAUSED", "COMPLETED"]);
    expect(Object.keys(doc.paths["/api/autopilot/plans/{planId}/pause"]!.post.responses)).toEqual(
      expect.arrayContaining(["200", "404", "409"]),
    );
    expect(doc.components.schemas.BriefRequest.properties.business).toMatchObject({ type: "string", maxLength: 5000 });
  });
});
