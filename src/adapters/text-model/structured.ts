import { z } from "zod";
import { log } from "../../core/logger";
import { ProviderError } from "../provider-error";
import { addUsage, type ProviderUsage } from "../provider-usage";
import { withoutMetaSchema } from "./json-schema";
import type { ChatMessage, JsonReply, JsonRequest, StructuredTask, TextModel } from "./port";
import { TEXT_PROVIDER_LABEL } from "./upstream";

/** A validation error as the model is told it: where, and what is wrong. */
interface AnswerError {
  path: string;
  message: string;
}

const LISTED_ERRORS = 10;
const ERROR_MESSAGE_CHARS = 200;
const ERRORS_IN_FAILURE = 3;

/**
 * Asks `model` the task's question and returns the answer validated by the task's schema. An
 * answer that is not JSON or does not fit gets one repair request naming what is wrong; a second
 * misfit is an `invalid_output` ProviderError. The usage of every call made is summed.
 */
export async function generateStructured<I, O>(
  model: TextModel,
  task: StructuredTask<I, O>,
  input: I,
): Promise<{ value: O; usage: ProviderUsage }> {
  const request: JsonRequest = {
    name: schemaName(task.name),
    system: task.system(input),
    messages: [{ role: "user", content: task.prompt(input) }],
    jsonSchema: withoutMetaSchema(z.toJSONSchema(task.schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>),
    maxTokens: task.maxTokens,
    temperature: task.temperature,
    offlineAnswer: () => task.offline(input),
  };
  const first = await model.completeJson(request);
  const firstCheck = validate(task.schema, first);
  if (firstCheck.ok) return { value: firstCheck.value, usage: first.usage };

  log("warn", "text_model_repair", { task: task.name, provider: model.provider, model: model.model, errors: firstCheck.errors.length });
  const second = await model.completeJson({ ...request, messages: [...request.messages, ...repairMessages(first, firstCheck.errors)] });
  const usage = addUsage(first.usage, second.usage);
  const secondCheck = validate(task.schema, second);
  if (secondCheck.ok) return { value: secondCheck.value, usage };

  log("warn", "text_model_invalid_output", {
    task: task.name,
    provider: model.provider,
    model: model.model,
    errors: secondCheck.errors.length,
  });
  const label = TEXT_PROVIDER_LABEL[model.provider];
  const listed = secondCheck.errors.slice(0, ERRORS_IN_FAILURE).map(describe).join("; ");
  throw new ProviderError(
    "invalid_output",
    label,
    `The ${label} model ${model.model} answered the '${task.name}' task with JSON that does not fit its schema, also after a repair request: ${listed}`,
  );
}

type Validation<O> = { ok: true; value: O } | { ok: false; errors: AnswerError[] };

function validate<O>(schema: z.ZodType<O>, reply: JsonReply): Validation<O> {
  if (reply.json === undefined) return { ok: false, errors: [{ path: "(root)", message: "the answer was not valid JSON" }] };
  const parsed = schema.safeParse(reply.json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message.slice(0, ERROR_MESSAGE_CHARS) })),
  };
}

/** The model's own answer, then what is wrong with it and what to send instead. */
function repairMessages(reply: JsonReply, errors: AnswerError[]): ChatMessage[] {
  const listed = errors.slice(0, LISTED_ERRORS).map((error) => `- ${describe(error)}`);
  if (errors.length > LISTED_ERRORS) listed.push(`- and ${errors.length - LISTED_ERRORS} more`);
  const opening = reply.text.trim()
    ? "Your answer does not fit the required JSON schema:"
    : "Your previous attempt produced no JSON that fits the required schema:";
  const repair: ChatMessage = {
    role: "user",
    content: [opening, ...listed, "Reply with the complete corrected JSON only: the whole object, no explanation, no code fence."].join(
      "\n",
    ),
  };
  return reply.text.trim() ? [{ role: "assistant", content: reply.text }, repair] : [repair];
}

const describe = (error: AnswerError) => `${error.path}: ${error.message}`;

/** `sections[2].heading`; the answer itself is `(root)`. */
function pathOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(root)";
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`)).join("");
}

/** Providers accept `a-zA-Z0-9_-`, at most 64 characters, as the schema's or tool's name. */
function schemaName(taskName: string): string {
  return taskName.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "answer";
}
