import type { Brief } from "../sites/brief";
import type { BriefUpdate, ChatAnswer, ChatTurnInput } from "./chat-task";

const LABEL = "Offline agent (no language model):";

type TextField = "business" | "audience" | "tone";

/** Sentence openings the offline agent reads as facts (English only), with the brief field each sets. */
const FACTS: { pattern: RegExp; field: TextField; keep: "rest" | "sentence" }[] = [
  { pattern: /^(?:our|my|the)\s+(?:target\s+)?(?:audience|readers|customers)\s+(?:is|are)\s+(.+)$/i, field: "audience", keep: "rest" },
  { pattern: /^(?:our|my|the)\s+tone\s+(?:is|should\s+be)\s+(.+)$/i, field: "tone", keep: "rest" },
  { pattern: /^(?:we|i)\s+(?:sell|make|offer|run|own|are|am|bake|build|provide)\s+(.+)$/i, field: "business", keep: "sentence" },
];
const AVOID = [/^(?:please\s+)?(?:never|do\s+not|don't)\s+(?:write|talk|post)\s+about\s+(.+)$/i, /^avoid\s+(?:writing\s+about\s+)?(.+)$/i];
const GREETING = /^(?:hi|hello|hey|thanks|thank\s+you|good\s+(?:morning|afternoon|evening)|merhaba|selam)\b/i;

/**
 * The offline provider's turn (local runs without a model), deterministic and labelled: a
 * question (ending in "?") or anything without a recognised fact changes nothing; "Our audience
 * is …", "Our tone is …", "We sell …"/"We are …" and "Never write about …"/"Avoid …" set the
 * matching field, and the reply lists what changed.
 */
export function offlineChatAnswer(input: ChatTurnInput): ChatAnswer {
  const message = input.message.trim();
  if (message.endsWith("?")) {
    return {
      reply: `${LABEL} I cannot answer questions without a language model, and the brief is unchanged. ${summary(input)}`,
      briefUpdate: null,
    };
  }
  const update = factsOf(message, input.brief);
  const changes = update ? describeChanges(input.brief, update) : [];
  if (changes.length > 0) return { reply: `${LABEL} I updated the brief: ${changes.join("; ")}.`, briefUpdate: update };
  if (update) return { reply: `${LABEL} The brief already says that; nothing changed.`, briefUpdate: null };
  if (GREETING.test(message)) return { reply: `${LABEL} Hello! ${summary(input)}`, briefUpdate: null };
  return {
    reply: `${LABEL} I found no fact about the business, its audience, the tone or topics to avoid in your message, so the brief is unchanged. Tell me, for example, "Our audience is …", "We sell …", "Our tone is …" or "Never write about …".`,
    briefUpdate: null,
  };
}

/** The fields the message's sentences state, or null when none does. */
function factsOf(message: string, brief: Brief): BriefUpdate | null {
  const update: BriefUpdate = {};
  const business: string[] = [];
  for (const raw of message.split(/(?<=[.!;])\s+|\n+/)) {
    const sentence = raw
      .trim()
      .replace(/[.!;]+$/, "")
      .trim();
    if (!sentence) continue;
    const avoided = AVOID.map((pattern) => pattern.exec(sentence)?.[1]).find(Boolean);
    if (avoided) {
      const topics = avoided.split(/\s*(?:,|;|\bor\b)\s*/i).filter(Boolean);
      update.topicsToAvoid = [...(update.topicsToAvoid ?? brief.topicsToAvoid), ...topics];
      continue;
    }
    for (const fact of FACTS) {
      const match = fact.pattern.exec(sentence);
      if (!match) continue;
      if (fact.field === "business") business.push(sentence);
      else update[fact.field] = match[1]!;
      break;
    }
  }
  if (business.length > 0) update.business = `${business.join(". ")}.`;
  return Object.keys(update).length > 0 ? update : null;
}

function describeChanges(brief: Brief, update: BriefUpdate): string[] {
  const changes: string[] = [];
  for (const field of ["business", "audience", "tone"] as const) {
    const value = update[field];
    if (typeof value === "string" && value.trim() !== brief[field]) changes.push(`${field} is now "${value.trim()}"`);
  }
  const known = new Set(brief.topicsToAvoid.map((topic) => topic.toLowerCase()));
  const added = [...new Set((update.topicsToAvoid ?? []).map((topic) => topic.trim()).filter((topic) => !known.has(topic.toLowerCase())))];
  if (added.length > 0) changes.push(`added ${added.map((topic) => `"${topic}"`).join(", ")} to the topics to avoid`);
  return changes;
}

function summary(input: ChatTurnInput): string {
  const published = input.planItems.filter((item) => item.status === "PUBLISHED").length;
  const brief = input.brief.business ? `the business is "${input.brief.business}"` : "the brief has no business description yet";
  return `What I know: ${brief}; the site has ${input.postCount} post${input.postCount === 1 ? "" : "s"}; ${input.planItemCount} planned article${input.planItemCount === 1 ? "" : "s"}${published > 0 ? ` (${published} of the newest published)` : ""}.`;
}
