import type { ReviewReason } from "./research";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ErrorCode } from "../../core/errors";
import { accounts } from "./accounts";
import { articles } from "./articles";
import { createdAt, updatedAt } from "./columns";
import { sites } from "./sites";

export const PLAN_STATUSES = ["DRAFT", "ACTIVE", "PAUSED", "COMPLETED"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const PLAN_ITEM_STATUSES = ["PLANNED", "SCHEDULED", "QUEUED", "GENERATING", "REVIEW", "PUBLISHED", "FAILED"] as const;
export type PlanItemStatus = (typeof PLAN_ITEM_STATUSES)[number];
/** The stages of an item's run, in order (the pipeline marks each on the item; the panel names them). */
export const PIPELINE_STAGES = [
  "queued",
  "claim",
  "reserve charge",
  "research",
  "write article",
  "check article",
  "fact check",
  "score article",
  "rewrite article",
  "draw hero image",
  "store hero image",
  "publish",
  "record article",
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
/** `publish`: live on the platform; `draft`: posted as a draft there; `review`: waits as `pending` for a publish call. */
export const PUBLISH_MODES = ["publish", "draft", "review"] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];
export const COMPETITION_LEVELS = ["LOW", "MEDIUM", "HIGH"] as const;

/** What a planned keyword overlaps (docs/guides/site-health.md, "Update or write new"). */
export const OVERLAP_KINDS = ["page", "item"] as const;
/** `improve`: approving runs an improvement of the overlapped page instead of writing a new article; `new`: write it. */
export const ITEM_SUGGESTIONS = ["improve", "new"] as const;
export type ItemSuggestion = (typeof ITEM_SUGGESTIONS)[number];
export const CLUSTER_ROLES = ["pillar", "spoke"] as const;
/** Why a SCHEDULED item waits past its time: `pace`, the site's maxNewPerWeek is reached. */
export const WAIT_REASONS = ["pace"] as const;

/**
 * A page of the site already earning impressions for the keyword (a close variant, average
 * position ≤ 30), or another item or article of the site on the same topic (their top 10
 * results share ≥ 4 URLs).
 */
export interface PlanItemOverlap {
  kind: (typeof OVERLAP_KINDS)[number];
  url: string | null;
  articleId?: number;
  postId?: string;
  itemId?: string;
  query?: string;
  position?: number;
  impressions?: number;
  sharedResults?: number;
}

/** What a plan's keyword research used and cost; kept so the cost of a plan is known. */
/**
 * Why a plan deserves a second look, as a stable code: `fewer_keywords` (params found, wanted, ideas, covered), `offline_research`,
 * `offline_writer`, `no_search_console_data` (a plan from Search Console without synced queries), `search_console_keywords`
 * (params items, opportunities: the items that target a Search Console query, named in the message), `review_by_default`
 * (the writer is offline and the site is real: the plan waits for review unless a mode was chosen).
 */
export const PLAN_WARNING_CODES = [
  "fewer_keywords",
  "offline_research",
  "offline_writer",
  "no_search_console_data",
  "search_console_keywords",
  "review_by_default",
] as const;
export interface PlanWarning {
  code: (typeof PLAN_WARNING_CODES)[number];
  params: Record<string, number>;
  /** The same in English, as `warnings` lists it. */
  message: string;
}

/** Why a plan from Search Console took none of the site's opportunities. */
export const SEARCH_CONSOLE_NONE_REASONS = ["no_sync", "none_in_range", "all_targeted", "outranked"] as const;
export type SearchConsoleNoneReason = (typeof SEARCH_CONSOLE_NONE_REASONS)[number];
/** What "Plan from Search Console" found and used: `opportunities` offered, `used` items made from them, and why none when none. */
export interface PlanSearchConsoleUse {
  opportunities: number;
  used: number;
  noneBecause: SearchConsoleNoneReason | null;
}

export interface PlanResearch {
  keywordProvider: string;
  textProvider: string;
  textModel: string;
  /** True when the volumes are offline estimates, not measurements. */
  volumesAreEstimates: boolean;
  seeds: string[];
  /** Ideas the research returned, and how many were left after removing what the site covers. */
  ideasFound: number;
  ideasUsable: number;
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
}

/** A content plan of one site: keywords chosen from research, each an item to write and publish. */
export const plans = sqliteTable(
  "plans",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    status: text("status", { enum: PLAN_STATUSES }).notNull().default("DRAFT"),
    /** What the owner calls the plan; new plans get "<site name> · <month year>"; null for plans made before plans had names. */
    name: text("name"),
    articleCount: integer("article_count").notNull(),
    cadencePerWeek: integer("cadence_per_week").notNull(),
    publishMode: text("publish_mode", { enum: PUBLISH_MODES }).notNull().default("publish"),
    /** Plain strings in plans made before warnings carried a code. */
    warnings: text("warnings", { mode: "json" }).$type<(PlanWarning | string)[]>().notNull().default([]),
    research: text("research", { mode: "json" }).$type<PlanResearch>().notNull(),
    /** A topic cluster plan: its pillar keyword (the pillar is the item with cluster_role 'pillar'). */
    cluster: text("cluster", { mode: "json" }).$type<{ pillarKeyword: string }>(),
    /** A plan made with "Plan from Search Console": what it found and used; null when the option was off. */
    searchConsole: text("search_console", { mode: "json" }).$type<PlanSearchConsoleUse>(),
    approvedAt: text("approved_at"),
    completedAt: text("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("plans_account_created_idx").on(t.accountId, t.createdAt, t.id)],
);

/**
 * One article to be: a keyword, its title, and where it stands. `keywordKey` is the keyword's
 * normalised form (src/plans/keyword-key.ts), so later plans can skip what this one covers.
 */
export const planItems = sqliteTable(
  "plan_items",
  {
    id: text("id").primaryKey(),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    targetKeyword: text("target_keyword").notNull(),
    keywordKey: text("keyword_key").notNull(),
    monthlyVolume: integer("monthly_volume").notNull(),
    competition: text("competition", { enum: COMPETITION_LEVELS }).notNull(),
    status: text("status", { enum: PLAN_ITEM_STATUSES }).notNull().default("PLANNED"),
    scheduledAt: text("scheduled_at"),
    failureReason: text("failure_reason"),
    /** The HTTP status the last failure answers with (402, 403, 502…), for the run route. */
    failureStatus: integer("failure_status"),
    /** The error code of the last failure: the run route answers a failed run with it. */
    failureCode: text("failure_code").$type<ErrorCode>(),
    /** Runs started so far; the Workflow instance of run N is `<item id>-a<N>`. */
    attempts: integer("attempts").notNull().default(0),
    /** The pipeline step the current (or last) run is in, and when it last moved. */
    stage: text("stage", { enum: PIPELINE_STAGES }),
    progressAt: text("progress_at"),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
    /** When a run of the item first claimed it: an earlier post of the item is looked for from then on, across reruns. */
    firstClaimedAt: text("first_claimed_at"),
    /** The platform's id of the item's post or thread, stored the moment the platform answered the create call. */
    remoteId: text("remote_id"),
    /** A run that is struggling: the last transient error, the current step's try, and when the next try is due. */
    lastError: text("last_error"),
    stageTry: integer("stage_try").notNull().default(0),
    nextTryAt: text("next_try_at"),
    /** Runs the clock started again after a failure (src/pipeline/steps/finish.ts); the item stays FAILED after the last. */
    autoRetries: integer("auto_retries").notNull().default(0),
    /** The research of the item's keyword (serp_research): every run of the item writes from it. */
    researchId: text("research_id"),
    /** Why the item's article waits in REVIEW when the quality gate or the fact check sent it there; null otherwise. */
    reviewReasons: text("review_reasons", { mode: "json" }).$type<ReviewReason[]>(),
    /** What the keyword overlaps at planning, and whether approving improves that page or writes new (null: no overlap). */
    overlap: text("overlap", { mode: "json" }).$type<PlanItemOverlap>(),
    suggestion: text("suggestion", { enum: ITEM_SUGGESTIONS }),
    /** A topic cluster's pillar or spoke; a spoke names its pillar item (src/plans/cluster.ts). */
    clusterRole: text("cluster_role", { enum: CLUSTER_ROLES }),
    pillarItemId: text("pillar_item_id"),
    /** Why a SCHEDULED item was moved past its time (the clock's pace hold); null once it starts. */
    waitReason: text("wait_reason", { enum: WAIT_REASONS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("plan_items_plan_idx").on(t.planId, t.position),
    index("plan_items_site_idx").on(t.siteId),
    // The panel's overview: an account's items by status (GET /api/autopilot/items).
    index("plan_items_account_status_idx").on(t.accountId, t.status, t.scheduledAt),
    // The autopilot clock: due items by time, without reading finished ones.
    index("plan_items_due_idx").on(t.scheduledAt).where(sql`${t.status} = 'SCHEDULED'`),
    // Runs that may be stuck: started items by their last progress.
    index("plan_items_running_idx").on(t.progressAt).where(sql`${t.status} IN ('QUEUED', 'GENERATING')`),
  ],
);
