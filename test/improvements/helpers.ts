import { expect } from "vitest";
import { fakeNetwork } from "../fakes/network";
import { createFakeOpenAiChat } from "../fakes/openai-chat";
import { connectFakeSite } from "../fakes/wordpress-setup";
import { createFakeWordPress } from "../fakes/wordpress";
import { call, seedAccount, useFakeFetch, useVars } from "../harness";
import { OPERATOR_OPENAI_KEY } from "../plans/helpers";

// The post, the model's answers and the calls the improvement tests share.

export const ORIGINAL_TITLE = "Feeding a sourdough starter";
export const ORIGINAL_HTML =
  '<!-- wp:paragraph --><p>A starter needs flour and water every day. See <a href="https://blog.example.com/post-2/">our rye notes</a> and the <a href="https://flour.example.org/guide">mill guide</a>.</p><!-- /wp:paragraph -->\n' +
  '<!-- wp:image --><figure><img src="https://blog.example.com/wp-content/uploads/jar.jpg" alt="A jar"></figure><!-- /wp:image -->\n' +
  "<p>Keep the jar warm, stir it, and watch the bubbles rise before you bake. Most bakers feed in the morning and bake in the evening when the starter peaks.</p>";

export const SEO_TITLE = "Feeding a sourdough starter: a daily routine that works"; // 55
export const SEO_DESC =
  "How much flour and water to give a sourdough starter, when to feed it, and how to tell it is ready to bake with: a simple daily routine for home bakers."; // 155

/** What a good model answers: the post kept whole, a section added, SEO fields in range. */
export function goodSuggestion() {
  return {
    title: "How to feed a sourdough starter every day",
    html: `${ORIGINAL_HTML.replace(/<!--[^>]*-->/g, "")}<h2>A simple routine</h2><p>Feed one part starter, one part flour and one part water. Discard the rest, or bake pancakes with it.</p>`,
    seoTitle: SEO_TITLE,
    seoDesc: SEO_DESC,
    changes: [
      { change: "Clearer title", reason: "Says what the reader will learn" },
      { change: "Added a routine section", reason: "Answers the most common question" },
    ],
  };
}

/** The parts of a quality the tests read. */
export interface Scored {
  contentScore: number | null;
  longestSourceRun: number;
  similarity: number;
  citations: number;
  sources: { id: string; url: string; title: string }[];
}

export interface Improvement {
  postId: string;
  status: string;
  credits?: string;
  suggestion: {
    title: string;
    html: string;
    seoTitle: string;
    seoDesc: string;
    changes: { change: string; reason: string }[];
    researchId: string | null;
    qualityBefore: Scored | null;
    qualityAfter: Scored | null;
  } | null;
  source?: { title: string; html: string } | null;
  suggestedAt: string | null;
  appliedAt: string | null;
  revertedAt: string | null;
  post: { title: string; improvementStatus: string; suggestedAt: string | null; modifiedAt: string };
}

/** A synced fake WordPress whose newest post has links and an image; the operator's text model is the OpenAI fake. */
export async function syncedPost() {
  const { accountId, token } = await seedAccount();
  const wp = createFakeWordPress({ postCount: 5 });
  const target = wp.content.posts.find((post) => post.id === 100)!;
  Object.assign(target, { title: ORIGINAL_TITLE, content: ORIGINAL_HTML });
  const openai = createFakeOpenAiChat({ keys: [OPERATOR_OPENAI_KEY] });
  useVars({ TEXT_PROVIDER: "openai", TEXT_MODEL: "gpt-4o-mini" });
  useFakeFetch(fakeNetwork(wp.peer, openai.peer));
  const site = await connectFakeSite(token, wp, { businessContext: "A family bakery that sells rye sourdough" });
  expect((await call(`/api/sites/${site.id}/sync`, { method: "POST", token })).status).toBe(200);
  const list = (await (await call(`/api/sites/${site.id}/posts?per_page=100`, { token })).json()) as {
    items: { id: string; remoteId: number }[];
  };
  const postId = list.items.find((item) => item.remoteId === 100)!.id;
  return { accountId, token, wp, openai, site, target, postId };
}

export const post = (token: string, postId: string, action: "improve" | "apply" | "revert") =>
  call(`/api/sites/posts/${postId}/${action}`, { method: "POST", token });
export const promptOf = (request: { body: { messages: { content: string }[] } }) => request.body.messages.map((m) => m.content).join("\n");
