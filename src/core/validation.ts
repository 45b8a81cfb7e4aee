import type { Hook } from "@hono/zod-openapi";
import type { ZodError } from "zod";
import { AppError, type ValidationIssue } from "./errors";

const TARGET_LABEL: Record<string, string> = {
  query: "query parameter",
  param: "path parameter",
  json: "body field",
  form: "form field",
  header: "header",
};

/** Names and messages echo what the client sent (an unknown key of 4 MiB…): they are cut to this. */
const MAX_ECHOED_CHARS = 100;
/** And only the first issues are listed. */
const MAX_ISSUES = 20;

function cut(text: string): string {
  const characters = [...text];
  return characters.length <= MAX_ECHOED_CHARS ? text : `${characters.slice(0, MAX_ECHOED_CHARS).join("")}…`;
}

export function zodIssues(error: ZodError): ValidationIssue[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => {
    // An unknown field is named by the field itself, not by the object that holds it.
    const path = issue.code === "unrecognized_keys" && issue.keys.length === 1 ? [...issue.path, issue.keys[0]!] : issue.path;
    return { path: cut(path.map(String).join(".") || "(root)"), message: cut(issue.message) };
  });
}

/** Turns a failed request validation into our 400, naming the parameter in the message. */
// biome-ignore lint/suspicious/noExplicitAny: one hook serves every route, whatever its input and environment types
export const validationHook: Hook<any, any, any, any> = (result) => {
  if (result.success) return;
  const issues = zodIssues(result.error as ZodError);
  const first = issues[0];
  const label = TARGET_LABEL[result.target] ?? result.target;
  const message = first ? `Invalid ${label} '${first.path}': ${first.message}` : "Invalid request";
  throw new AppError("invalid_request", message, issues);
};
