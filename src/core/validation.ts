import type { Hook } from "@hono/zod-openapi";
import type { ZodError } from "zod";
import { AppError, type IssueCode, type ValidationIssue } from "./errors";

const TARGET_LABEL: Record<string, string> = {
  query: "Query parameter",
  param: "Path parameter",
  json: "Body field",
  form: "Form field",
  header: "Header",
};

/** Names and messages echo what the client sent (an unknown key of 4 MiB…): they are cut to this. */
const MAX_ECHOED_CHARS = 100;
/** And only the first issues are listed. */
const MAX_ISSUES = 20;

function cut(text: string): string {
  const characters = [...text];
  return characters.length <= MAX_ECHOED_CHARS ? text : `${characters.slice(0, MAX_ECHOED_CHARS).join("")}…`;
}

type ZodIssue = ZodError["issues"][number];

/** The value at `path` in what the client sent (undefined when it is missing there). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Zod's issue codes folded into our small stable set, with the bound a client needs to phrase it. */
function issueCode(issue: ZodIssue, input: unknown): Pick<ValidationIssue, "code" | "minimum" | "maximum"> {
  switch (issue.code) {
    case "invalid_type":
      return { code: input !== undefined && valueAt(input, issue.path) === undefined ? "required" : "invalid_type" };
    case "too_small": {
      const minimum = Number(issue.minimum);
      const sized = issue.origin === "string" || issue.origin === "array" || issue.origin === "set";
      if (sized && minimum === 1) return { code: "required" };
      return { code: sized ? "too_short" : "too_small", minimum };
    }
    case "too_big":
      return {
        code: issue.origin === "string" || issue.origin === "array" || issue.origin === "set" ? "too_long" : "too_big",
        maximum: Number(issue.maximum),
      };
    case "invalid_format":
      return { code: "invalid_format" };
    case "unrecognized_keys":
      return { code: "unknown_field" };
    default:
      return { code: "invalid_value" };
  }
}

/** Plain English for each issue code, used when the schema gave no message of its own. */
const PLAIN: Record<IssueCode, (issue: Pick<ValidationIssue, "minimum" | "maximum">) => string> = {
  required: () => "is required",
  too_short: ({ minimum }) => `must have at least ${minimum} characters or items`,
  too_long: ({ maximum }) => `must have at most ${maximum} characters or items`,
  too_small: ({ minimum }) => `must be at least ${minimum}`,
  too_big: ({ maximum }) => `must be at most ${maximum}`,
  out_of_range: ({ minimum, maximum }) => `must be between ${minimum} and ${maximum}`,
  invalid_format: () => "is not in the expected format",
  invalid_value: () => "is not one of the accepted values",
  invalid_type: () => "has the wrong type",
  unknown_field: () => "is not a field of this request",
  not_found: () => "names something that does not exist",
  private_address: () => "points to a private or internal address",
  incorrect: () => "is not correct",
};

/** Zod's own wording ("Too small: expected string to have >=1 characters"); a schema's own message is kept. */
const ZOD_DEFAULT = /^(Invalid |Too small: |Too big: |Unrecognized keys?:)/;

/**
 * A zod failure as our issues: a dotted path, a stable code (with its bound) and a plain message.
 * `input` is what the client sent, to tell a missing field ("required") from a wrong one.
 */
export function zodIssues(error: ZodError, input?: unknown): ValidationIssue[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => {
    // An unknown field is named by the field itself, not by the object that holds it.
    const single = issue.code === "unrecognized_keys" && issue.keys.length === 1;
    const path = single ? [...issue.path, issue.keys[0]!] : issue.path;
    const coded = issueCode(issue, input);
    const message =
      issue.code === "unrecognized_keys" && !single
        ? `unknown fields: ${issue.keys.join(", ")}`
        : ZOD_DEFAULT.test(issue.message)
          ? PLAIN[coded.code](coded)
          : issue.message;
    return { path: cut(path.map(String).join(".") || "(root)"), ...coded, message: cut(message) };
  });
}

/** Turns a failed request validation into our 400, naming the parameter in the message. */
// biome-ignore lint/suspicious/noExplicitAny: one hook serves every route, whatever its input and environment types
export const validationHook: Hook<any, any, any, any> = (result) => {
  if (result.success) return;
  // The validator hands the hook what the client sent as `data` (its Hook type omits it on failure).
  const sent = (result as { data?: unknown }).data;
  const issues = zodIssues(result.error as ZodError, sent ?? {});
  const first = issues[0];
  const label = TARGET_LABEL[result.target] ?? result.target;
  const message = first ? `${label} '${first.path}': ${first.message}` : "The request is not valid";
  throw new AppError("invalid_request", message, issues);
};
