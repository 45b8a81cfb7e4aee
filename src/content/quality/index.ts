// The quality score of an article (issue 29 §4): scoreArticle composes the measures; each has its file.
export { countCitations } from "./citations";
export { readabilityOf, readabilityOfText } from "./readability";
export { CONTENT_WEIGHTS, contentScore, lengthScore, scoreArticle } from "./score";
export { decodeSignature, estimatedJaccard, highestEstimatedSimilarity, signatureOf, storedSignatureOf } from "./minhash";
export { highestSimilarity, longestSourceRun } from "./shingles";
export { headingCoverage, termCoverage } from "./terms";
export type { FactCheckTally, Quality, QualityInput, QualitySource, Readability, ReadabilityFormula } from "./types";
