import { z } from "zod";
import type { StructuredTask } from "../adapters/text-model/port";
import type { PlanItemStatus } from "../db/schema";
import { BriefSchema, briefForPrompt, type Brief } from "../sites/brief";
import { offlineChatAnswer } from "./offline-chat";

/** What the site agent is given for one turn of the conversation. */
export interface ChatTurnInput {
  siteUrl: string;
  language: string;
  brief: Brief;
  /** The existing posts: how many posts it has, and the newest of them. */
  postCount: number;
  posts: { title: string; url: string }[];
  /** How many plan items the site has, and the newest of them. */
  planItemCount: number;
  planItems: { title: string; targetKeyword: string; status: PlanItemStatus }[];
  /** The conversation so far, oldest first. */
  history: { role: "user" | "assistant"; content: string }[];
  message: string;
}

const field = (what: string) =>
  z.string().nullish().describe(`The complete new ${what}, the current text and the new facts merged; omit or null to keep it as it is`);

/** Only the brief fields a message changes, each with its whole new value; a field left out is kept. */
const BriefUpdateSchema = z.object({
  business: field("description of what the business does"),
  audience: field("description of who reads the site"),
  tone: field("description of how the articles sound"),
  topicsToAvoid: z
    .array(z.string())
    .nullish()
    .describe(
      "The complete new list of topics never to write about: the current ones still wanted plus the new ones; omit or null to keep the list",
    ),
  notes: field("notes for the writer"),
});
export type BriefUpdate = z.output<typeof BriefUpdateSchema>;

const ChatAnswerSchema = z.object({
  reply: z
    .string()
    .trim()
    .min(1)
    .max(4000)
    .describe("Your answer to the user, in the user's language; when you change the brief, say what you changed"),
  briefUpdate: BriefUpdateSchema.nullable().describe(
    "null when the message states no new fact about the business, its audience, the tone or topics to avoid (a question, a greeting, small talk); otherwise only the fields that change",
  ),
});
export type ChatAnswer = z.output<typeof ChatAnswerSchema>;

/**
 * The brief with the update's fields put over it (null and absent fields kept), before
 * validation; topics to avoid lose duplicates (case-insensitive, first spelling kept).
 */
export function mergeBrief(brief: Brief, update: BriefUpdate | null): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...brief };
  if (!update) return merged;
  for (const key of ["business", "audience", "tone", "notes"] as const) {
    const value = update[key];
    if (typeof value === "string") merged[key] = value;
  }
  if (Array.isArray(update.topicsToAvoid)) {
    const seen = new Set<string>();
    merged.topicsToAvoid = update.topicsToAvoid
      .map((topic) => topic.trim())
      .filter((topic) => topic !== "" && !seen.has(topic.toLowerCase()) && seen.add(topic.toLowerCase()));
  }
  return merged;
}

const POSTS_IN_PROMPT = 50;
const PLAN_ITEMS_IN_PROMPT = 50;

/**
 * One turn of the conversation with a site's agent: a reply, and the brief fields the message
 * states facts about. The merged brief must pass BriefSchema (its limits), or the model is sent
 * the errors once, like any answer that does not fit.
 */
export function chatTurnTask(current: Brief): StructuredTask<ChatTurnInput, ChatAnswer> {
  return {
    name: "site_agent_chat",
    schema: ChatAnswerSchema.superRefine((answer, ctx) => {
      if (!answer.briefUpdate) return;
      const merged = BriefSchema.safeParse(mergeBrief(current, answer.briefUpdate));
      if (merged.success) return;
      for (const issue of merged.error.issues)
        ctx.addIssue({ code: "custom", path: ["briefUpdate", ...issue.path], message: issue.message });
    }),
    system: (input) =>
      [
        `You are the content assistant of the website ${input.siteUrl}. You talk with its owner about the site: its brief (what the business is, who reads it, how the articles sound, what they never cover), the posts it already has, and the articles planned for it. The brief goes into every plan and article written for the site.`,
        "When the user's message states facts about the business, its audience, the tone of the articles, or topics never to write about, record them in `briefUpdate`: only the fields that change, each with its complete new value (keep what the brief already says unless the user contradicts it; for topicsToAvoid, the whole list). Other lasting instructions for the writer go to `notes`. Then say in `reply` what you changed.",
        "A question, a greeting, small talk or a request you cannot act on changes nothing: `briefUpdate` is null. Answer from what you are told about the site; never invent facts about the business.",
        "Answer in the language of the user's message, briefly. Answer with one JSON object only.",
      ].join("\n"),
    prompt: chatPrompt,
    offline: offlineChatAnswer,
    maxTokens: 2000,
    temperature: 0.3,
  };
}

function chatPrompt(input: ChatTurnInput): string {
  const posts = input.posts.slice(0, POSTS_IN_PROMPT);
  const items = input.planItems.slice(0, PLAN_ITEMS_IN_PROMPT);
  return [
    `Website: ${input.siteUrl} (language ${input.language})`,
    `The brief now:\n${briefForPrompt(input.brief)}`,
    posts.length > 0
      ? `Posts on the site (${input.postCount} existing; the ${posts.length} most recently modified):\n${posts.map((post) => `- ${post.title} (${post.url})`).join("\n")}`
      : "Posts on the site: none read yet (not synced yet, or no posts).",
    items.length > 0
      ? `Planned articles (${input.planItemCount} in the site's plans; the ${items.length} newest, with status, title and target keyword):\n${items.map((item) => `- [${item.status}] ${item.title} — keyword: ${item.targetKeyword}`).join("\n")}`
      : "Planned articles: none yet.",
    input.history.length > 0
      ? `The conversation so far (oldest first):\n${input.history.map((turn) => `${turn.role === "user" ? "User" : "You"}: ${turn.content}`).join("\n")}`
      : "This is the first message of the conversation.",
    `The user's new message:\n${input.message}`,
  ].join("\n\n");
}
