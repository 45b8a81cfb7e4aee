import { z } from "@hono/zod-openapi";
import { chatWithSiteAgent } from "../../agent/chat";
import { ChatReplySchema, ChatRequestSchema } from "../../agent/schemas";
import { syncExistingPosts } from "../../existing-posts/sync";
import { SyncResultSchema } from "../../existing-posts/schemas";
import { BriefSchema, getBrief, saveBrief, SiteBriefSchema, toSiteBrief } from "../../sites/brief";
import { SiteSchema, toSite } from "../../sites/schemas";
import { getSite, listSites } from "../../sites/service";
import { defineTool, describeFields } from "../tool";

const siteId = z.string().min(1).max(64).describe("A site id from list_sites, e.g. site_b8Zq0Ls2Kd93Hw1P");

/** Each brief field, optional and without its default: what update_brief is given is merged over the brief. */
const briefChanges = describeFields(
  Object.fromEntries(
    Object.entries(BriefSchema.shape).map(([name, schema]) => [
      name,
      (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema).optional(),
    ]),
  ) as { [K in keyof typeof BriefSchema.shape]: z.ZodOptional<z.ZodType<z.output<typeof BriefSchema>[K]>> },
  {
    business: "What the business does, sells or offers",
    audience: "Who reads the site",
    tone: "How the articles sound (for example: warm, practical, no jargon)",
    topicsToAvoid: "Topics never to write about: the whole new list, replacing the old one",
    notes: "Anything else the writer should know",
    authorName:
      'The articles\' author in their structured data; "" for none (a WordPress blog then names the byline WordPress shows, its connected user; other sites the organisation)',
    organizationName: "The publisher in the articles' structured data; \"\" for the site's host name",
    logoUrl: 'The organisation\'s logo for the structured data: an absolute http(s) URL, or "" for none',
    faq: "Whether articles end with an FAQ section (with FAQPage structured data)",
    minContentScore:
      "The quality gate: an article whose content score (0–100) stays under this waits in review instead of going live; 0 turns it off",
    maxSimilarity: "The quality gate: an article more alike one of the site's own pages than this (0–1) waits in review; 1 turns it off",
    requireFactCheck: "The quality gate: whether an article with a claim its source does not support waits in review",
    citationRel: 'The rel of the links to cited sources: "noopener" or "nofollow noopener"',
  },
);

export const siteTools = [
  defineTool({
    name: "list_sites",
    title: "List sites",
    description:
      "The account's connected sites (WordPress blogs, XenForo forums, custom sites), newest first, with status, language, SEO connector state and warnings.",
    input: {},
    output: z.object({ sites: z.array(SiteSchema) }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (_, { services, accountId, siteIds }) => ({
      sites: (await listSites(services.db, accountId)).filter((site) => !siteIds || siteIds.includes(site.id)).map(toSite),
    }),
  }),
  defineTool({
    name: "get_site",
    title: "Get a site",
    description: "One site of the account: address, platform, status (and why it is ERROR), language, SEO connector state and warnings.",
    input: { siteId },
    output: SiteSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId }, { services, accountId }) => toSite(await getSite(services.db, accountId, siteId)),
  }),
  defineTool({
    name: "get_brief",
    title: "Get a site's brief",
    description:
      "The site's brief: what the business is, its audience, tone, topics never to write about, notes, the author and publisher of the articles' structured data, and whether articles end with an FAQ.",
    input: { siteId },
    output: SiteBriefSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async ({ siteId }, { services, accountId }) => toSiteBrief(await getBrief(services.db, accountId, siteId)),
  }),
  defineTool({
    name: "update_brief",
    title: "Update a site's brief",
    description:
      "Changes the fields given and keeps the others (unlike PUT /api/sites/{siteId}/brief, which replaces the whole brief). topicsToAvoid, when given, is the whole new list. The brief feeds keyword research, plan titles and every article.",
    input: { siteId, ...briefChanges },
    output: SiteBriefSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    run: async ({ siteId, ...changes }, { services, accountId }) => {
      const { brief } = await getBrief(services.db, accountId, siteId);
      const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      return toSiteBrief(await saveBrief(services.db, accountId, siteId, BriefSchema.parse({ ...brief, ...given })));
    },
  }),
  defineTool({
    name: "sync_existing_posts",
    title: "Sync a blog's posts",
    description:
      "Reads every published post of a WordPress site as its existing posts (internal links and the posts to improve come from them) and looks for the SEO connector plugin again. Blog sites only.",
    input: { siteId },
    output: SyncResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async ({ siteId }, { services, accountId }) => syncExistingPosts(services, accountId, siteId),
  }),
  defineTool({
    name: "chat_with_site_agent",
    title: "Talk with the site's agent",
    description:
      "Sends a message to the site's agent, which knows its brief, posts and plans. Facts about the business, audience, tone or topics to avoid update the brief (briefUpdated says so); questions change nothing. Free unless the operator set a chat price.",
    input: {
      siteId,
      message: ChatRequestSchema.shape.message.describe(
        "What you tell or ask the site's agent: facts about the business, audience, tone or topics to avoid, or a question",
      ),
    },
    output: ChatReplySchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    run: async ({ siteId, message }, { services, accountId }) => chatWithSiteAgent(services, accountId, siteId, message),
  }),
];
