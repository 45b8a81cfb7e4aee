import { describe, expect, it } from "vitest";
import openapi from "../src/api/openapi.json";
import { planMessages } from "../src/screens/plans/messages";

// The stages come from the API's OpenAPI document (PlanItem.stage, one enum in src/db/schema/plans.ts),
// never from a list copied into the panel: a stage added to the pipeline without words fails here.
describe("the pipeline's stages", () => {
  const stage = openapi.components.schemas.PlanItem.properties.stage as { enum: (string | null)[] };
  const stages = stage.enum.filter((value): value is string => value !== null);

  it("are an enum in the OpenAPI document", () => {
    expect(stages).toContain("write article");
    expect(stages).toContain("publish");
    // Issue 29's stages: the keyword's live results, the fact check and the content score.
    expect(stages).toEqual(expect.arrayContaining(["research", "fact check", "score article"]));
  });

  it.each(stages)("'%s' has words in English and Turkish", (name) => {
    const key = `stage.${name}` as keyof typeof planMessages.en;
    expect(planMessages.en[key], `en ${key}`).toBeTruthy();
    expect(planMessages.tr[key], `tr ${key}`).toBeTruthy();
  });
});
