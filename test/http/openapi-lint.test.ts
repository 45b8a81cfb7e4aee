import { describe, expect, it } from "vitest";
import { call } from "../harness";

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { description?: string }>;
}
interface Document {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options"];

/** What a standard OpenAPI linter (and a client generator) needs of every operation. */
function lint(doc: Document): string[] {
  const problems: string[] = [];
  const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
  const ids = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item).filter(([key]) => METHODS.includes(key))) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!op.operationId) problems.push(`${where}: no operationId`);
      else if (!/^[a-z][A-Za-z0-9]+$/.test(op.operationId)) problems.push(`${where}: operationId ${op.operationId} is not camelCase`);
      else if (ids.has(op.operationId)) problems.push(`${where}: operationId ${op.operationId} also names ${ids.get(op.operationId)}`);
      else ids.set(op.operationId, where);
      if (op.tags?.length !== 1) problems.push(`${where}: ${op.tags?.length ?? 0} tags, expected exactly one`);
      for (const tag of op.tags ?? [])
        if (!declared.has(tag)) problems.push(`${where}: tag "${tag}" is not declared in the document's tags`);
      if (!op.summary?.trim()) problems.push(`${where}: no summary`);
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)) {
        if (!op.parameters?.some((p) => p.in === "path" && p.name === name))
          problems.push(`${where}: path parameter {${name}} is not declared`);
      }
      for (const [status, response] of Object.entries(op.responses ?? {}))
        if (!response.description?.trim()) problems.push(`${where}: response ${status} has no description`);
      if (Object.keys(op.responses ?? {}).length === 0) problems.push(`${where}: no responses`);
    }
  }
  for (const tag of declared)
    if (![...Object.values(doc.paths)].some((item) => Object.values(item).some((op) => op.tags?.includes(tag))))
      problems.push(`tag "${tag}" is declared but unused`);
  return problems;
}

describe("the OpenAPI document, linted", () => {
  it("gives every operation a unique camelCase operationId, one declared tag, a summary, its path parameters and described responses", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as Document;
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect(lint(doc)).toEqual([]);
  });

  it("keeps the names client generators rely on", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as Document;
    const idOf = (method: string, path: string) => doc.paths[path]?.[method]?.operationId;
    expect(idOf("get", "/api/v1/public/articles")).toBe("listPublicArticles");
    expect(idOf("get", "/api/v1/public/articles/{id}")).toBe("getPublicArticle");
    expect(idOf("post", "/api/autopilot/items/{itemId}/run")).toBe("runPlanItem");
    expect(idOf("post", "/api/sites/{siteId}/webhooks/deliveries/{deliveryId}/redeliver")).toBe("redeliverWebhookDelivery");
  });

  it("finds the problems it is meant to find", () => {
    const broken: Document = {
      tags: [{ name: "A" }],
      paths: {
        "/x/{id}": {
          get: { operationId: "Bad-name", tags: ["A", "B"], responses: { 200: {} } },
          post: {
            operationId: "dup",
            tags: ["A"],
            summary: "s",
            parameters: [{ name: "id", in: "path" }],
            responses: { 200: { description: "ok" } },
          },
        },
        "/y": { get: { operationId: "dup", tags: ["A"], summary: "s", responses: { 200: { description: "ok" } } } },
      },
    };
    const problems = lint(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        "GET /x/{id}: operationId Bad-name is not camelCase",
        "GET /x/{id}: 2 tags, expected exactly one",
        'GET /x/{id}: tag "B" is not declared in the document\'s tags',
        "GET /x/{id}: no summary",
        "GET /x/{id}: path parameter {id} is not declared",
        "GET /x/{id}: response 200 has no description",
        "GET /y: operationId dup also names POST /x/{id}",
      ]),
    );
  });
});
