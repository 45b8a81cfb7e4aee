import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import type { Env } from "../env";
import { buildServices, type Services } from "../services/container";
import type { ItemRunParams } from "./run-params";
import { claimRun, reserveRunCharge } from "./steps/claim";
import { failRun, settleRun } from "./steps/finish";
import { drawHeroImage, storeHeroImage } from "./steps/hero";
import { publishRun } from "./steps/publish";
import { recordArticle } from "./steps/record";
import { failureOf, permanentFailureAsValue, recordStruggle, type RunFailure, type StepOutcome } from "./steps/run-state";
import { checkDraft, writeDraft } from "./steps/write";
import { factCheckDraft } from "./steps/fact-check";
import { researchRun } from "./steps/research";
import { scoreDraft } from "./steps/score";
import { applyItemImprovement, improveItemPost } from "./steps/improve-item";

/**
 * A step's retry policy: the numbers the item's "next try at" is counted from, and the engine's
 * config derived from them here, once.
 */
interface StepPolicy {
  limit: number;
  delayMs: number;
  exponential: boolean;
  config: WorkflowStepConfig;
}

function stepPolicy(limit: number, delaySeconds: number, timeout: WorkflowStepConfig["timeout"]): StepPolicy {
  return {
    limit,
    delayMs: delaySeconds * 1000,
    exponential: true,
    config: { retries: { limit, delay: `${delaySeconds} seconds`, backoff: "exponential" }, timeout },
  };
}

/** Database work: quick, retried quickly. */
const DATABASE_STEP = stepPolicy(5, 2, "1 minute");
/** Model calls: slow, and outages or rate limits last a while, so the waits grow from 30 s. */
const MODEL_STEP = stepPolicy(4, 30, "10 minutes");
/** Settling a committed article's charge: a database write that must happen, so it is retried longer. */
const SETTLE_STEP = stepPolicy(10, 5, "1 minute");
/** Calls to the user's platform. */
const PLATFORM_STEP = stepPolicy(5, 30, "5 minutes");

export type ItemRunOutput =
  | { outcome: "published"; articleId: number; url: string | null }
  | { outcome: "improved"; postId: string; applied: boolean }
  | { outcome: "skipped"; reason: string };

/** A failure that ends the run: recorded on the item, then the instance errors with its message. */
class RunFailed extends Error {
  constructor(readonly failure: RunFailure) {
    super(failure.message);
  }
}

function outcomeValue<T>(outcome: StepOutcome<T>): T {
  if (!outcome.ok) throw new RunFailed(outcome.failure);
  return outcome.value;
}

type Attempt = <T>(name: string, policy: StepPolicy, body: () => Promise<T>) => Promise<T>;

/**
 * Writes the article, checks it against the rules, fact checks its claims and scores it; one
 * rewrite names everything that fell short. After it, a draft that still breaks a rule fails the
 * run; one that only falls short of the gate or the fact check goes on and waits in REVIEW with
 * its reasons (stored by the score step; the publish step reads them).
 */
async function writeAndCheck(attempt: Attempt, services: Services, run: ItemRunParams): Promise<void> {
  await attempt("write article", MODEL_STEP, () => writeDraft(services, run, 1));
  const { failures } = await attempt("check article", DATABASE_STEP, () => checkDraft(services, run));
  let shortfalls = failures;
  if (failures.length === 0) {
    await attempt("fact check article", MODEL_STEP, () => factCheckDraft(services, run));
    shortfalls = (await attempt("score article", DATABASE_STEP, () => scoreDraft(services, run))).shortfalls;
  }
  if (shortfalls.length === 0) return;
  await attempt("rewrite article", MODEL_STEP, () => writeDraft(services, run, 2, shortfalls));
  const recheck = await attempt("check rewritten article", DATABASE_STEP, () => checkDraft(services, run));
  if (recheck.failures.length > 0) {
    throw new RunFailed({
      code: "article_failed_checks",
      status: 422,
      message: `The article failed its checks twice: ${recheck.failures.join("; ")}`,
    });
  }
  await attempt("fact check rewritten article", MODEL_STEP, () => factCheckDraft(services, run));
  await attempt("score rewritten article", DATABASE_STEP, () => scoreDraft(services, run));
}

/**
 * One run of one plan item, from the charge to the published article (docs/guides/autopilot.md).
 * The engine memoises each named step and retries it with backoff; the steps
 * (steps/) are idempotent and keep their results in D1 and R2. A permanent failure, or a
 * transient one that outlasts its retries, marks the item FAILED and refunds the charge.
 */
export class ItemPipeline extends WorkflowEntrypoint<Env, ItemRunParams> {
  /** The services the steps use; the test Worker hands its fakes in here. */
  protected pipelineServices(): Services {
    return buildServices(this.env);
  }

  override async run(event: Readonly<WorkflowEvent<ItemRunParams>>, step: WorkflowStep): Promise<ItemRunOutput> {
    const services = this.pipelineServices();
    const run = event.payload;
    const claim = await step.do("claim item", DATABASE_STEP.config, () => claimRun(services, run));
    if (!claim.claimed) return { outcome: "skipped", reason: claim.reason ?? "the item is not queued" };

    // Each step answers its permanent failure as a value (memoised like any result); the engine
    // retries only what is thrown.
    const attempt: Attempt = async <T>(name: string, policy: StepPolicy, body: () => Promise<T>): Promise<T> => {
      const struggled = (error: unknown) => recordStruggle(services, run, error, policy);
      const outcome = await step.do(
        name,
        policy.config,
        async () => (await permanentFailureAsValue(body, struggled)) as unknown as Record<string, string>,
      );
      return outcomeValue(outcome as unknown as StepOutcome<T>);
    };
    if (claim.improvePostId) return this.improveInstead(step, attempt, services, run, claim.improvePostId);
    let article: { articleId: number; url: string | null };
    try {
      const { amountKurus } = await attempt("reserve charge", DATABASE_STEP, () => reserveRunCharge(services, run));
      await attempt("research", PLATFORM_STEP, () => researchRun(services, run));
      await writeAndCheck(attempt, services, run);
      await attempt("draw hero image", MODEL_STEP, () => drawHeroImage(services, run));
      await attempt("store hero image", DATABASE_STEP, () => storeHeroImage(services, run));
      const published = await attempt("publish", PLATFORM_STEP, () => publishRun(services, run, claim.startedAt));
      article = await attempt("record article", DATABASE_STEP, () => recordArticle(services, run, published, amountKurus));
    } catch (error) {
      const failure = error instanceof RunFailed ? error.failure : failureOf(error);
      await step.do("record failure", DATABASE_STEP.config, () => failRun(services, run, failure));
      throw new NonRetryableError(failure.message);
    }
    // The article is committed: settling is retried on its own and never turns into a refund
    // (should it still fail, the reservation sweep settles it, src/jobs/stale-reservations.ts).
    await step.do("settle charge", SETTLE_STEP.config, () => settleRun(services, run));
    return { outcome: "published", articleId: article.articleId, url: article.url };
  }

  /**
   * An item on `improve`: the overlapped post is improved (and applied in publish mode) instead
   * of writing an article, charged the improvement price once under the run's reference.
   */
  private async improveInstead(
    step: WorkflowStep,
    attempt: Attempt,
    services: Services,
    run: ItemRunParams,
    postId: string,
  ): Promise<ItemRunOutput> {
    let applied: boolean;
    try {
      await attempt("reserve charge", DATABASE_STEP, () => reserveRunCharge(services, run, new Date(), "improvement"));
      await attempt("improve post", MODEL_STEP, () => improveItemPost(services, run, postId));
      ({ applied } = await attempt("apply improvement", PLATFORM_STEP, () => applyItemImprovement(services, run, postId)));
    } catch (error) {
      const failure = error instanceof RunFailed ? error.failure : failureOf(error);
      await step.do("record failure", DATABASE_STEP.config, () => failRun(services, run, failure));
      throw new NonRetryableError(failure.message);
    }
    await step.do("settle charge", SETTLE_STEP.config, () => settleRun(services, run));
    return { outcome: "improved", postId, applied };
  }
}
