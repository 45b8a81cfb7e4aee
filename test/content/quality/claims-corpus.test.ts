import { describe, expect, it } from "vitest";
import { checkClaimsOffline, numberVerdict } from "../../../src/pipeline/fact-check-task";
import { CLAIMS } from "./corpus/claims";

// The corpus's claims (test/content/quality/corpus/claims.ts) through the fact check. The service's
// number rule decides every claim with a changed number, unit or year (contradicted) and lets a
// number written another way through to the model (the same value in the same unit, whatever the
// language's notation). The offline checker, which stands in for the model with a term-share rule,
// may call a paraphrase unsupported, but never supports a wrong claim or contradicts a right one.
const asked = ({ claim, passage }: { claim: string; passage: string }) => ({ n: 1, text: claim, source: "1", passages: [passage] });

describe("claims with changed numbers, from the corpus pages", () => {
  it.each(CLAIMS)("$language · $expected: $why", (corpusClaim) => {
    const { language, expected } = corpusClaim;
    const byService = numberVerdict(asked(corpusClaim), language);
    if (expected === "contradicted") expect(byService?.verdict).toBe("contradicted");
    if (expected === "supported") expect(byService).toBeNull();
    const offline = checkClaimsOffline({ language, claims: [asked(corpusClaim)] }).verdicts[0]!.verdict;
    if (expected === "supported") expect(offline).not.toBe("contradicted");
    else expect(offline).toBe(expected);
  });
});
