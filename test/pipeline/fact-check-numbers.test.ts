import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { claimPassageFinder } from "../../src/content/claim-passages";
import { itemRuns, planItems, serpResearch } from "../../src/db/schema";
import { checkClaimsOffline, type FactCheckClaim, numberVerdict } from "../../src/pipeline/fact-check-task";
import { factCheckDraft } from "../../src/pipeline/steps/fact-check";
import { createFakeOpenAiChat } from "../fakes/openai-chat";
import { db, seedAccount, seedSite, testServices, useFakeFetch, useVars } from "../harness";
import { OPERATOR_OPENAI_KEY } from "../plans/helpers";
import { itemRow, offlinePlan, runNow, runRecord } from "./helpers";

// Issue 41 §5: numbers are checked by the service, not trusted to a model. A claim is judged by
// windows of its source around the sentences nearest it; a number the window does not state
// decides the verdict before any model reads the claim.

const IRA = "For 2024, the IRA contribution limit is $7,000 ($8,000 if you are 50 or older).";

/** A claim checked as the step checks it: its source's windows, the service's verdict, the offline answer. */
function check(claim: string, source: string | null, language = "en") {
  const passages = source === null ? [] : claimPassageFinder({ text: source, headings: [] }, language)(claim);
  const asked: FactCheckClaim = { n: 1, text: claim, source: source === null ? null : "1", passages };
  return {
    passages,
    service: numberVerdict(asked, language),
    offline: checkClaimsOffline({ language, claims: [asked] }).verdicts[0]!,
  };
}

describe("the service's number verdict and the offline check", () => {
  it("a wrong amount beside a matching year is contradicted; the same amount written otherwise is supported", () => {
    const wrong = check("For 2024, the contribution limit is $6,500", IRA);
    expect(wrong.service).toEqual({ claim: 1, verdict: "contradicted", passage: IRA });
    expect(wrong.offline.verdict).toBe("contradicted");

    const same = check("For 2024, the contribution limit is $7000", IRA);
    expect(same.service).toBeNull();
    expect(same.offline).toEqual({ claim: 1, verdict: "supported", passage: IRA });
  });

  it("a changed duration is contradicted though the temperature beside it matches", () => {
    const { service, offline } = check("Proof the dough for 12 hours at 24°C", "Cover the bowl and proof it for 24 hours at 24°C.");
    expect(service?.verdict).toBe("contradicted");
    expect(offline.verdict).toBe("contradicted");
  });

  it("a changed age is contradicted", () => {
    // "62" stands in the passage, but not as the age "62½".
    const source = "You can take money out of a traditional IRA without penalty at age 59½. Social Security can start at 62.";
    const { service, offline } = check("You can withdraw from an IRA without penalty at age 62½", source);
    expect(service?.verdict).toBe("contradicted");
    expect(offline.verdict).toBe("contradicted");
  });

  it("a changed duration in Turkish is contradicted", () => {
    const { service, offline } = check(
      "Hamur 24 derecede 12 saat mayalanır",
      "Hamuru 24 derecede 24 saat mayalandırın. Sonra fırına verin.",
      "tr",
    );
    expect(service?.verdict).toBe("contradicted");
    expect(offline.verdict).toBe("contradicted");
  });

  it("a number without a source is unsupported; a number of a unit the passage never gives is unsupported", () => {
    const naked = check("Sourdough keeps for 5 days", null);
    expect(naked.service).toEqual({ claim: 1, verdict: "unsupported", passage: "" });
    expect(naked.offline.verdict).toBe("unsupported");
    // Without numbers, the service leaves the claim to the model.
    expect(check("Sourdough keeps well", null).service).toBeNull();

    const silent = check("The starter doubles in 6 hours", "The starter doubles when it is fed with rye flour.");
    expect(silent.service?.verdict).toBe("unsupported");
  });

  it("a range claim needs the same range; a value inside the passage's range is not enough (strict)", () => {
    const source = "Let the dough rise for 4–6 hours in a warm kitchen.";
    expect(check("Let the dough rise for 4 to 6 hours", source).offline.verdict).toBe("supported");
    expect(check("Let the dough rise for 5 hours", source).service?.verdict).toBe("contradicted");
  });

  it("a true sentence deep in a long paragraph is shown whole and supported", () => {
    const filler = [
      "Sourdough bread has a long history in many baking traditions across Europe and beyond.",
      "Bakers often keep their starters for years and share them with friends and neighbours.",
      "The flavour of the loaf depends on the flour, the water and the temperature of the kitchen.",
      "Many home bakers begin with a simple recipe and adjust it as they learn how their dough behaves.",
      "A kitchen scale makes the measurements repeatable from one bake to the next.",
    ];
    const sentence = "Rye flour makes the starter more active because it carries more wild yeast and enzymes than white flour.";
    const before = [...filler, ...filler.slice(0, 4)].join(" ");
    const after = [
      "Some bakers prefer a stiff starter while others like a liquid one.",
      ...filler.slice(1),
      "A warm spot in the kitchen speeds up the fermentation of the dough noticeably.",
      "Whatever the method, patience matters more than any tool.",
    ].join(" ");
    const paragraph = `${before} ${sentence} ${after}`;
    // The sentence starts near character 800 of a 1,500-character paragraph: past a 600-character cut.
    expect(paragraph.indexOf(sentence)).toBeGreaterThan(750);
    expect(paragraph.length).toBeGreaterThan(1450);

    const { passages, offline } = check("Rye flour makes a starter more active because it carries more wild yeast", paragraph);
    expect(passages[0]).toContain(sentence);
    expect(passages[0]!.length).toBeLessThanOrEqual(1200);
    expect(offline.verdict).toBe("supported");
  });
});

describe("the fact check step", () => {
  it("overrides the model's 'supported' for a claim with a wrong number, and asks the model only about the rest", async () => {
    const { accountId, token } = await seedAccount({ creditKurus: 10_000 });
    const site = await seedSite(accountId, { platform: "custom", language: "en", businessContext: "Retirement savings" });
    const plan = await offlinePlan(token, site.id, { articleCount: 1 });
    const itemId = plan.items[0]!.id;
    expect((await runNow(token, itemId)).status).toBe(200);

    // The run's research and draft, as a model might have written it: one wrong amount, one right.
    const { researchId } = await itemRow(itemId);
    const [research] = await db().select().from(serpResearch).where(eq(serpResearch.id, researchId!));
    const sources = research!.sources.map((source, index) => (index === 0 ? { ...source, text: `${source.text}\n${IRA}` } : source));
    await db().update(serpResearch).set({ sources }).where(eq(serpResearch.id, researchId!));
    const run = (await runRecord(itemId, 1))!;
    const claims = [
      { text: "For 2024, the contribution limit is $6,500", source: 1 },
      { text: "For 2024, the contribution limit is $7000", source: 1 },
    ];
    const ofRun = and(eq(itemRuns.itemId, itemId), eq(itemRuns.attempt, 1));
    await db()
      .update(itemRuns)
      .set({ draft: { ...(run.draft as object), claims }, factCheckRound: 0 })
      .where(ofRun);
    await db().update(planItems).set({ status: "GENERATING" }).where(eq(planItems.id, itemId));

    const openai = createFakeOpenAiChat({ keys: [OPERATOR_OPENAI_KEY] });
    useVars({ TEXT_PROVIDER: "openai", TEXT_MODEL: "gpt-4o-mini" });
    useFakeFetch(openai.fetch);
    openai.script({
      answer: {
        verdicts: [
          { claim: 1, verdict: "supported", passage: IRA },
          { claim: 2, verdict: "supported", passage: IRA },
        ],
      },
    });

    await factCheckDraft(testServices(), { accountId, itemId, attempt: 1 });

    expect((await runRecord(itemId, 1))!.claims).toEqual([
      { text: claims[0]!.text, source: "1", verdict: "contradicted", passage: IRA },
      { text: claims[1]!.text, source: "1", verdict: "supported", passage: IRA },
    ]);
    // The model saw the open claim beside the window holding its sentence, and never the decided one.
    expect(openai.requests).toHaveLength(1);
    const prompt = openai.requests[0]!.body.messages.map((message: { content: string }) => message.content).join("\n");
    expect(prompt).toContain(`Claim 2: ${claims[1]!.text}`);
    expect(prompt).toContain(IRA);
    expect(prompt).not.toContain("$6,500");
  });
});
