import { z } from "@hono/zod-openapi";
import { plainText } from "../core/plain-text";
import { DEFAULT_SEARCH_SETTINGS, SEARCH_CONSOLE_STATES, SEO_PLUGINS, SITE_PLATFORMS, SITE_STATUSES } from "../db/schema";
import { bylineWarnings } from "./byline";
import { siteDisplayName } from "./display-name";
import { siteWarnings } from "./seo-connector";
import type { SiteRow } from "./service";

const SiteSeoSchema = z
  .object({
    connector: z.string().nullable().openapi({
      description: "The version of the connector plugin found on the site; null when it is not installed or not active",
      example: "1.0.0",
    }),
    plugin: z.enum(SEO_PLUGINS).nullable().openapi({
      description:
        "The SEO plugin the connector writes the SEO fields into; null when none is active (the connector prints the tags itself)",
    }),
    byline: z.string().nullable().openapi({
      description:
        "The author WordPress shows on the posts the service publishes: the display name of the user the site is connected with. The structured data names it as the author unless the brief names another; null until read",
      example: "Ayşe Yılmaz",
    }),
  })
  .openapi("SiteSeo", {
    description:
      "Blog sites: how SEO titles, descriptions and structured data reach the pages (read at connect, on new credentials and at every sync); null for forums and custom sites",
  });

const SiteSearchConsoleSchema = z
  .object({
    property: z.string().nullable().openapi({
      description:
        "The Search Console property the site's figures come from (`https://host/` or `sc-domain:host`): chosen automatically from the connected Google account's properties, or by the owner (PUT /api/sites/{siteId}/search-console); null until chosen",
      example: "sc-domain:example.com",
    }),
    propertyChosen: z.boolean().openapi({ description: "The owner chose the property (otherwise every sync chooses it again)" }),
    state: z.enum(SEARCH_CONSOLE_STATES).openapi({
      description:
        "pending (not synced yet), synced, property_missing (no property of the Google account covers the site's URL), property_ambiguous (several do: choose one), property_forbidden (the account cannot read it), grant_broken (Google revoked or expired the connection: reconnect)",
    }),
    message: z.string().nullable().openapi({ description: "Why the state is not synced, in words; null otherwise" }),
    syncedAt: z.string().nullable().openapi({ description: "When the last sync finished" }),
    syncedThrough: z.string().nullable().openapi({ description: "The last complete day read (YYYY-MM-DD, Pacific time as Google counts)" }),
    refreshDecaying: z.boolean().openapi({
      description: "Run the improvement for decaying posts automatically (charged like improve; each waits for approval unless autoApply)",
    }),
    autoApply: z.boolean().openapi({ description: "Apply the automatic refreshes without waiting for the owner" }),
    maxRefreshesPerWeek: z.number().int().openapi({ description: "At most this many automatic refreshes a week" }),
  })
  .openapi("SiteSearchConsole");

export const SiteSchema = z
  .object({
    id: z.string().openapi({ example: "site_b8Zq0Ls2Kd93Hw1P" }),
    url: z.string().openapi({ example: "https://blog.example.com" }),
    name: z.string().nullable().openapi({
      description:
        "What the site is called wherever it is named: its `displayName` when one is set, else the blog's own title (WordPress's Site Title, read at connect and at every sync); null for a forum or custom site without a display name, and for a blog until its title is read",
      example: "Example Blog",
    }),
    displayName: z.string().nullable().openapi({
      description: "The name the account gave the site (PATCH /api/sites/{siteId}); null: none, the platform's title is used",
      example: "Fırın Blogu",
    }),
    platform: z.enum(SITE_PLATFORMS),
    status: z.enum(SITE_STATUSES),
    statusMessage: z.string().nullable().openapi({ description: "Why the status is ERROR; null otherwise" }),
    language: z.string(),
    businessContext: z.string(),
    blogUsername: z
      .string()
      .nullable()
      .openapi({ description: "The WordPress user the site is connected with (blog sites); its application password is never returned" }),
    forumNodeId: z.number().int().nullable(),
    webhookUrl: z.string().nullable(),
    seo: SiteSeoSchema.nullable(),
    searchConsole: SiteSearchConsoleSchema,
    indexNow: z
      .object({
        key: z.string().openapi({ example: "5f2b6c0e9d8a4b1c8e7f6a5b4c3d2e1f" }),
        keyUrl: z.string().openapi({
          description:
            "Where the site must serve the key as plain text: the connector plugin does it on WordPress; a custom site hosts it itself",
          example: "https://blog.example.com/5f2b6c0e9d8a4b1c8e7f6a5b4c3d2e1f.txt",
        }),
      })
      .nullable()
      .openapi({ description: "The site's IndexNow key (blog and custom sites); null for forums, which cannot serve a root file" }),
    autoLinks: z.boolean().openapi({
      description:
        "Apply link suggestions (GET /api/sites/{siteId}/links/suggestions) as soon as they are made, without asking; default false",
    }),
    maxNewPerWeek: z.number().int().nullable().openapi({
      description:
        "New articles the autopilot publishes here in any 7 days; null: the default from the site's size (docs/guides/site-health.md, Pace)",
    }),
    warnings: z.array(z.string()).openapi({
      description:
        "What the owner should fix for articles to reach their pages fully (a blog site without the connector plugin; a brief naming an author other than WordPress's byline), or for Search Console figures to keep coming (a broken Google connection, a missing or unreadable property)",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Site");
export type Site = z.infer<typeof SiteSchema>;

export const SiteIdParamSchema = z.object({ siteId: z.string().min(1).max(64) });

/** Search Console stopped for the site (the grant broke, the property is missing, ambiguous or unreadable): why, in words. */
function searchConsoleWarnings(row: SiteRow): string[] {
  const stopped = row.searchConsoleState !== "pending" && row.searchConsoleState !== "synced";
  return stopped && row.searchConsoleMessage ? [`Search Console: ${row.searchConsoleMessage}`] : [];
}

/** The public view of a site: never any credential. */
export function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    url: row.url,
    name: siteDisplayName(row),
    displayName: row.displayName ?? null,
    platform: row.platform,
    status: row.status,
    statusMessage: row.statusMessage,
    language: row.language,
    businessContext: row.businessContext,
    blogUsername: row.blogUsername,
    forumNodeId: row.forumNodeId,
    webhookUrl: row.webhookUrl,
    seo: row.platform === "blog" ? { connector: row.seoConnector, plugin: row.seoPlugin, byline: row.blogAuthorName } : null,
    searchConsole: {
      property: row.searchConsoleProperty,
      propertyChosen: row.searchConsolePropertyChosen,
      state: row.searchConsoleState,
      message: row.searchConsoleMessage,
      syncedAt: row.searchSyncedAt,
      syncedThrough: row.searchSyncedThrough === null ? null : new Date(row.searchSyncedThrough * 86_400_000).toISOString().slice(0, 10),
      ...(row.searchSettings ?? DEFAULT_SEARCH_SETTINGS),
    },
    indexNow:
      row.indexNowKey && row.platform !== "forum"
        ? { key: row.indexNowKey, keyUrl: `${row.url.replace(/\/+$/, "")}/${row.indexNowKey}.txt` }
        : null,
    autoLinks: row.autoLinks,
    maxNewPerWeek: row.maxNewPerWeek ?? null,
    warnings: [...siteWarnings(row), ...bylineWarnings(row), ...searchConsoleWarnings(row)],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export const LanguageSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, "language must be a language code such as tr, en or pt-BR")
  .transform((code) => code.toLowerCase())
  .openapi({ example: "tr", description: "Language of the site's articles" });

export const BusinessContextSchema = plainText(z.string().max(5000), { multiline: true }).openapi({
  description: "What the business does, its audience and tone",
});

/** Credentials travel in a header: control characters (CR, LF, NUL…) could never be sent, so they are 400 here. */
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

const BlogUsernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(NO_CONTROL_CHARACTERS, "blogUsername must not contain control characters (line breaks, NUL)")
  .refine(
    (name) => !name.includes(":"),
    "blogUsername must not contain ':' (it separates the user from the password in Basic authentication)",
  )
  .openapi({ description: "WordPress login or e-mail", example: "admin" });
const BlogAppPasswordSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(NO_CONTROL_CHARACTERS, "blogAppPassword must not contain control characters (line breaks, NUL)")
  .openapi({
    description: "An application password of that user (Users → Profile → Application Passwords); spaces optional",
    example: "abcd EFGH 1234 ijkl MNOP 5678",
  });

export const ConnectWordPressBodySchema = z
  .object({
    url: z.string().trim().min(1).max(2048).openapi({ example: "https://blog.example.com" }),
    blogUsername: BlogUsernameSchema,
    blogAppPassword: BlogAppPasswordSchema,
    businessContext: BusinessContextSchema.default(""),
    language: LanguageSchema.default("en"),
  })
  .strict()
  .openapi("ConnectWordPressSiteRequest");

/** A name people give a thing (a site, a plan): one line of plain text, trimmed, 1–80 characters. */
export const ThingNameSchema = plainText(z.string().trim().min(1, "must not be empty").max(80, "must be at most 80 characters"), {
  noMarkup: true,
  noBidi: true,
});

export const UpdateSiteBodySchema = z
  .object({
    displayName: ThingNameSchema.nullable().optional().openapi({
      description:
        "The site's name in the panel, e-mails and the client's approval page, instead of the platform's title: 1–80 characters of plain text (trimmed); null removes it",
      example: "Fırın Blogu",
    }),
    businessContext: BusinessContextSchema.optional(),
    language: LanguageSchema.optional(),
    blogUsername: BlogUsernameSchema.optional(),
    blogAppPassword: BlogAppPasswordSchema.optional().openapi({
      description: "New application password (blog sites); verified with WordPress before it is stored",
    }),
    webhookUrl: z.string().trim().min(1).max(2048).nullable().optional().openapi({
      description: "Custom sites: where signed webhooks go from now on (checked like at connect); null stops webhooks",
      example: "https://www.example.com/hooks/autopilot",
    }),
    autoLinks: z.boolean().optional().openapi({ description: "Blog sites: apply link suggestions without asking" }),
    maxNewPerWeek: z
      .number({ error: "maxNewPerWeek must be a whole number or null" })
      .int("maxNewPerWeek must be a whole number")
      .min(1, "maxNewPerWeek must be at least 1")
      .max(50, "maxNewPerWeek must be at most 50")
      .nullable()
      .optional()
      .openapi({
        description:
          "New articles the autopilot publishes on the site in any 7 days, 1–50; null: the default from the site's size (a tenth of its posts, at least 2, at most 14)",
      }),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "Send at least one field to change" })
  .refine((body) => body.blogUsername === undefined || body.blogAppPassword !== undefined, {
    message: "blogUsername needs blogAppPassword (the pair is verified together)",
    path: ["blogAppPassword"],
  })
  .openapi("UpdateSiteRequest");
export type UpdateSiteBody = z.infer<typeof UpdateSiteBodySchema>;
