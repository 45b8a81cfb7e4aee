// `npm run bench:quality` (SOURCES=5 OTHER_PAGES=4000 by default): how long scoreArticle takes on an
// article of about 2,000 words against SOURCES sources of about 3,000 words and the stored MinHash
// signatures of OTHER_PAGES other pages of the site (what the service compares: 2,000 existing
// posts and 2,000 articles at most), and what one signature costs to make. Prints the median and
// the worst of a few runs, after a warm-up run.
import { storedSignatureOf } from "../src/content/quality/minhash.ts";
import { scoreArticle } from "../src/content/quality/score.ts";

const VOCABULARY = Array.from({ length: 3000 }, (_, i) => `word${i.toString(36)}`);
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const text = (words: number) =>
  Array.from({ length: words }, (_, i) => `${VOCABULARY[Math.floor(random() ** 2 * VOCABULARY.length)]}${i % 12 === 11 ? "." : ""}`).join(
    " ",
  );

const SOURCES = Number(process.env.SOURCES ?? 5);
const OTHER_PAGES = Number(process.env.OTHER_PAGES ?? 4000);
const sources = Array.from({ length: SOURCES }, (_, i) => ({
  id: `s${i}`,
  url: `https://example${i}.com/page`,
  title: `Source ${i}`,
  text: text(3000),
  headings: Array.from({ length: 8 }, () => text(4)),
}));
const signatureStart = performance.now();
const signatures = Array.from({ length: 200 }, () => storedSignatureOf(text(1500)));
const signatureMs = (performance.now() - signatureStart) / signatures.length;
const html = Array.from({ length: 20 }, () => `<h2>${text(4)}</h2><p>${text(100)}</p>`).join("");
const input = {
  article: { html, language: "en" },
  sources,
  otherTexts: [],
  // A few hundred distinct signatures repeated: making 4,000 would take longer than the bench.
  otherSignatures: Array.from({ length: OTHER_PAGES }, (_, i) => signatures[i % signatures.length]!),
  factCheck: { supported: 0, unsupported: 0, contradicted: 0 },
};

scoreArticle(input);
// Wall time moves with whatever else the machine runs; the main thread's CPU time is what a Worker's
// CPU limit counts (the garbage collector's helper threads are not the isolate's).
const RUNS = 21;
const times: number[] = [];
const cpu: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  const startCpu = process.threadCpuUsage();
  scoreArticle(input);
  const used = process.threadCpuUsage(startCpu);
  times.push(performance.now() - start);
  cpu.push((used.user + used.system) / 1000);
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
console.log(
  `scoreArticle: median ${cpu[RUNS >> 1]!.toFixed(1)} ms CPU (worst ${cpu[RUNS - 1]!.toFixed(1)}), ${times[RUNS >> 1]!.toFixed(1)} ms wall (worst ${times[RUNS - 1]!.toFixed(1)}), ${RUNS} runs (article ~2,000 words, ${SOURCES} sources × 3,000, ${OTHER_PAGES} stored signatures)`,
);
console.log(`one signature of a 1,500-word page: ${signatureMs.toFixed(2)} ms`);
