import { createApp } from "./app";
import type { Env } from "./env";
import { runCronTick } from "./jobs/cron";
import { handleQueueBatch } from "./jobs/queues";
import { buildServices } from "./services/container";
import { withOAuth } from "./oauth/provider";

export { AccountState } from "./durable-objects/account-state";
export { ItemPipeline } from "./pipeline/workflow";

// OAuth for MCP connectors in front of the app: /mcp needs a token; everything else is the app's.
const fetch = withOAuth(createApp());

export default {
  fetch,
  queue: (batch, env) => handleQueueBatch(batch, buildServices(env)),
  // Awaited, not waitUntil: the tick's lifetime is the scheduled event's, and a caller of
  // /cdn-cgi/local/scheduled (the dev trigger, the cron bench) gets its answer when it is done.
  scheduled: (controller, env) => runCronTick(buildServices(env), new Date(controller.scheduledTime)),
} satisfies ExportedHandler<Env>;
