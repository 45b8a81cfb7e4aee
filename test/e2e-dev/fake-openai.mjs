// A fake OpenAI-compatible Chat Completions server on 127.0.0.1, for proving the README's recipe
// for real articles locally (`TEXT_PROVIDER=openai` with `OPENAI_BASE_URL`) without a key or a
// model: scripts/dev-smoke.sh starts it and points `npm run dev` at it.
//
//   node test/e2e-dev/fake-openai.mjs <api key> <model>
//
// prints `fake-openai: listening on http://127.0.0.1:<port>/v1`, then one line per request. It
// checks what src/adapters/text-model/openai.ts sends (POST /v1/chat/completions, the bearer key,
// the model, a system and a user message, a strict json_schema response format, a token limit)
// and answers the tasks of a plan and an article: seed_keywords, plan_titles, write_article and
// fact_check, with JSON that passes the article checks (src/pipeline/checks.ts) for an English site
// and follows the research the prompt gives, as a good model would: the shared subtopics as
// sections, what the top pages say in short quotations (never a list of their terms), each source
// cited with its link and each quotation listed as a claim; the fact check supports a claim whose words stand in one of its passages. Every
// article says MARKER in its first paragraph, so the smoke can tell who wrote it. Plain Node, no
// project code.
import http from "node:http";

const MARKER = "Written by fake-openai.mjs";

const [apiKey, model] = process.argv.slice(2);
if (!apiKey || !model) {
  console.error("usage: node test/e2e-dev/fake-openai.mjs <api key> <model>");
  process.exit(2);
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const { status, body, task } = answer(req, Buffer.concat(chunks).toString("utf8"));
    console.log(`fake-openai: ${req.method} ${req.url} ${task ?? "-"} → ${status}${status === 200 ? "" : ` ${body.error.message}`}`);
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
});
server.listen(0, "127.0.0.1", () => console.log(`fake-openai: listening on http://127.0.0.1:${server.address().port}/v1`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));

const failure = (status, code, message, task) => ({ status, task, body: { error: { code, type: code, message } } });

function answer(req, raw) {
  if (req.method !== "POST" || req.url !== "/v1/chat/completions") return failure(404, "not_found", `no route ${req.method} ${req.url}`);
  if (req.headers.authorization !== `Bearer ${apiKey}`)
    return failure(401, "invalid_api_key", "the Authorization header does not carry the expected key");
  let request;
  try {
    request = JSON.parse(raw);
  } catch {
    return failure(400, "invalid_json", "the body is not JSON");
  }
  const format = request.response_format;
  const task = format?.json_schema?.name;
  if (request.model !== model) return failure(400, "model_not_found", `model ${request.model} is not ${model}`, task);
  if (format?.type !== "json_schema" || !format.json_schema.strict || typeof format.json_schema.schema !== "object")
    return failure(400, "invalid_request", "response_format is not a strict json_schema", task);
  if (!Number.isInteger(request.max_tokens ?? request.max_completion_tokens))
    return failure(400, "invalid_request", "no max_tokens or max_completion_tokens", task);
  const [system, user] = request.messages ?? [];
  if (system?.role !== "system" || user?.role !== "user" || typeof user.content !== "string")
    return failure(400, "invalid_request", "messages are not a system and a user message", task);

  const write = TASKS[task];
  if (!write) return failure(400, "unsupported_task", `fake-openai answers ${Object.keys(TASKS).join(", ")}, not ${task}`, task);
  const content = JSON.stringify(write(user.content));
  return {
    status: 200,
    task,
    body: {
      id: `chatcmpl-fake-${Date.now()}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, refusal: null } }],
      usage: { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: Math.ceil(content.length / 4) },
    },
  };
}

const TASKS = { seed_keywords: seedKeywords, plan_titles: planTitles, write_article: writeArticle, fact_check: factCheck };

/** The research block of the writing prompt: shared subtopics, terms and the numbered sources with their passages. */
function researchOf(prompt) {
  const block = (title) => [...(prompt.split(title)[1]?.split("\n\n")[0] ?? "").matchAll(/^- (.+)$/gm)].map((match) => match[1].trim());
  const terms = line(prompt, /^Terms most top pages use: (.+)\.$/m, "");
  const sources = [...prompt.matchAll(/^\[(\d+)\] (.+) — (\S+)\n((?: {4}".*"\n?)*)/gm)].map((match) => ({
    id: Number(match[1]),
    title: match[2],
    url: match[3],
    passages: [...match[4].matchAll(/^ {4}"(.*)"$/gm)].map((passage) => passage[1]),
  }));
  return {
    subtopics: block("Subtopics the top pages share (cover each, in your own headings):"),
    terms: terms ? terms.split(", ") : [],
    sources,
  };
}

/** Supported when 60 % of a claim's words of 4+ letters stand in one passage, else unsupported. */
function factCheck(prompt) {
  const words = (text) => text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  const claims = [...prompt.matchAll(/^Claim (\d+): (.+)\n((?: {2}.*\n?)*)/gm)].map((match) => ({
    n: Number(match[1]),
    text: match[2],
    passages: [...match[3].matchAll(/^ {2}- (.*)$/gm)].map((passage) => passage[1]),
  }));
  return {
    verdicts: claims.map((claim) => {
      const wanted = words(claim.text);
      const passage = claim.passages.find((text) => {
        const have = new Set(words(text));
        return wanted.length > 0 && wanted.filter((word) => have.has(word)).length >= 0.6 * wanted.length;
      });
      return { claim: claim.n, verdict: passage ? "supported" : "unsupported", passage: passage ?? "" };
    }),
  };
}

const line = (prompt, pattern, fallback = "") => (pattern.exec(prompt)?.[1] ?? fallback).trim();
const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const escapeHtml = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The brief's business, cut into short phrases: "Home baking: sourdough bread, rye bread" → three seeds. */
function seedKeywords(prompt) {
  const business = line(prompt, /^Business: (.+)$/m, "home baking");
  const seeds = business
    .toLowerCase()
    .split(/[:,;.]|\s+and\s+/)
    .map((part) => part.trim())
    .filter((part) => part.length >= 2 && part.length <= 60 && part.split(/\s+/).length <= 3);
  return { seeds: [...new Set(seeds)].slice(0, 10).concat(seeds.length === 0 ? ["home baking"] : []) };
}

/** One title per numbered keyword, in order. */
function planTitles(prompt) {
  const list = prompt.split("Target keywords, in order:")[1] ?? "";
  const keywords = [...list.matchAll(/^\d+\. (.+)$/gm)].map((match) => match[1].trim());
  return { titles: keywords.map((keyword) => `${capitalize(keyword)}: a practical guide for every week`) };
}

const HEADINGS = ["What you need before you start", "Step by step", "Mistakes to avoid", "Keeping it going"];
const OPENERS = [
  "",
  "In practice,",
  "Over time,",
  "As a rule,",
  "Later on,",
  "Either way,",
  "For most readers,",
  "Above all,",
  "In short,",
  "Once again,",
  "Even so,",
  "Step by step,",
];
const SENTENCES = [
  (x) => `Anyone who is new to ${x} can start with a few simple steps and build on them over the coming weeks.`,
  (x) => `The most useful thing to know about ${x} is that small and regular efforts work better than one big push.`,
  (x) => `Before you begin, write down what you want from ${x} and how you will know that it is working.`,
  (x) => `Good notes about ${x} show you which changes helped and which ones only cost you time.`,
  () => "It is better to change one thing at a time, so that you can see what made the difference.",
  (x) => `Ask people who have done ${x} for years, and compare what they say with your own results.`,
  (x) => `When something goes wrong with ${x}, look for the cause before you try a completely new approach.`,
  (x) => `The right tools make ${x} easier, but they are no substitute for practice and patience.`,
  (x) => `Set aside a regular time for ${x} in your week, even if it is only half an hour.`,
  (x) => `Quality matters more than speed, and that is as true for ${x} as for anything else.`,
  (x) => `Check your progress with ${x} every few weeks and adjust the plan when the results tell you to.`,
  (x) => `Sharing what you learn about ${x} with others is one of the best ways to understand it.`,
];

/**
 * The n-th sentence: the list in order, naming the keyword in one sentence of six; each round
 * through the list starts with another opener, so no sentence is said twice.
 */
function sentence(n, keyword) {
  const text = SENTENCES[n % SENTENCES.length](n % 6 === 0 ? keyword : "this craft");
  const opener = OPENERS[Math.floor(n / SENTENCES.length) % OPENERS.length];
  return opener ? `${opener} ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

const wordCount = (text) => text.split(/\s+/).filter(Boolean).length;

/** `start` with pads added while they fit, until it has `min` characters; cut at a word when `start` alone is over `max`. */
function fitLength(start, pads, min, max) {
  let text = start;
  while (text.length > max)
    text = text
      .slice(0, text.lastIndexOf(" "))
      .replace(/[,;:–-]$/, "")
      .trim();
  for (const pad of pads) {
    if (text.length >= min) break;
    if (text.length + pad.length <= max) text += pad;
  }
  return text;
}

/** An article that follows the prompt's rules: keyword, minimum words, internal links, FAQ. */
function writeArticle(prompt) {
  const keyword = line(prompt, /^Target keyword: (.+)$/m, "home baking");
  const planTitle = line(prompt, /^Article title from the plan: (.+)$/m, keyword);
  const minWords = Number(line(prompt, /at least (\d+) words of article text/, "800"));
  const faqHeading = /End the html with an FAQ section: <h2>(.+?)<\/h2>/.exec(prompt)?.[1];
  const linkList = prompt.split(/^Internal links: link to/m)[1]?.split("\n\n")[0] ?? "";
  const links = [...linkList.matchAll(/^- (.+): (https?:\/\/\S+)$/gm)].slice(0, 3).map((match) => ({ title: match[1], url: match[2] }));
  const K = capitalize(keyword);

  const faq = faqHeading
    ? `<h2>${escapeHtml(faqHeading)}</h2>` +
      [
        [
          `How long does it take to get good at ${keyword}?`,
          "Most people feel sure of themselves after a few weeks of regular practice, although the exact time depends on how often they practise.",
        ],
        [
          "Do I need expensive equipment to begin?",
          "No. Start with what you already own, and buy more only when you know which gap a new purchase would fill.",
        ],
        [
          "What should I do when my first attempts fail?",
          "Write down what happened, change a single variable and try again; early failures are the quickest teachers.",
        ],
      ]
        .map(([question, answer]) => `<h3>${escapeHtml(question)}</h3><p>${escapeHtml(answer)}</p>`)
        .join("")
    : "";
  const opening = `<p>${MARKER}: the fake OpenAI-compatible server of the dev smoke wrote this guide to ${escapeHtml(keyword)}, and the service checked it like any other article.</p>`;
  const related =
    links.length > 0
      ? `<p>Related reading on this site: ${links.map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.title)}</a>`).join(", ")}.</p>`
      : "";
  const research = researchOf(prompt);
  const headings = [`${K}: where to begin`, ...research.subtopics.slice(0, 3), ...HEADINGS];
  // What the top pages cover, in sentences as the prompt asks (never a list of its terms): short
  // quotations of the sources' passages, eight words at most so hyphen-joined words stay under the
  // copy limit, each followed by its attribution and listed as a claim; sources take turns.
  const claims = [];
  const queues = research.sources.map((source) => ({
    source,
    quotes: source.passages
      .flatMap((passage) => passage.split(/(?<=[.!?…])\s+/u))
      .map((sentence) =>
        sentence
          .split(/\s+/)
          .slice(0, 8)
          .join(" ")
          .replace(/[.,;:!?…]+$/u, ""),
      )
      .filter((quote) => quote.split(" ").length >= 4),
  }));
  const cited = [];
  while (cited.length < 12 && queues.some((queue) => queue.quotes.length > 0)) {
    for (const { source, quotes } of queues) {
      let quote = quotes.shift();
      while (quote !== undefined && claims.some((claim) => claim.text === quote)) quote = quotes.shift();
      if (quote === undefined || cited.length === 12) continue;
      claims.push({ text: quote, source: source.id });
      cited.push(`<p>“${escapeHtml(quote)}”, as <a href="${escapeHtml(source.url)}">${escapeHtml(source.title)}</a> puts it.</p>`);
    }
  }
  const researchParagraphs = cited;

  const paragraphs = [];
  let words = wordCount(`${opening} ${headings.join(" ")} ${faq}`.replace(/<[^>]+>/g, " "));
  for (let n = 0; words < minWords + 20 || paragraphs.length < headings.length; n += 4) {
    const paragraph = [0, 1, 2, 3].map((offset) => sentence(n + offset, keyword)).join(" ");
    paragraphs.push(paragraph);
    words += wordCount(paragraph);
  }
  const share = (i) => Math.floor((i * paragraphs.length) / headings.length);
  const sections = headings.map((heading, i) => {
    const body = paragraphs.slice(share(i), share(i + 1)).map((text) => `<p>${escapeHtml(text)}</p>`);
    if (i === 1) body.push(related);
    if (i > 0) body.push(...researchParagraphs.filter((_, n) => n % (headings.length - 1) === i - 1));
    return `<h2>${escapeHtml(heading)}</h2>${body.join("")}`;
  });

  const title = planTitle.toLowerCase().includes(keyword.toLowerCase()) ? planTitle : `${K}: ${planTitle}`;
  return {
    outline: headings.concat(faqHeading ? [faqHeading] : []),
    title: title.slice(0, 200),
    seoTitle: fitLength(`${K} – a practical guide`, [" with simple steps", " for beginners", " and tips", " at home"], 50, 70),
    seoDesc: fitLength(
      `${K}: what you need, how to start step by step, which mistakes to avoid and how to keep going.`,
      [
        " Written for curious home readers who want clear answers.",
        " With practical tips you can use this week.",
        " For beginners.",
        " Start today.",
        " Read on.",
      ],
      150,
      160,
    ),
    excerpt: `A practical guide to ${keyword}: where to begin, what you need, the steps, the mistakes to avoid and how to keep going.`,
    html: opening + sections.join("") + faq,
    tags: [
      ...new Set([
        keyword.toLowerCase(),
        ...keyword
          .toLowerCase()
          .split(/\s+/)
          .filter((word) => word.length >= 4),
      ]),
    ].slice(0, 8),
    categories: ["Guides"],
    heroImagePrompt: `A bright, realistic photograph of ${keyword}, natural light, no text or lettering in the image.`,
    heroImageAlt: `A photograph of ${keyword}`,
    claims,
  };
}
