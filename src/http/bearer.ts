import type { Context } from "hono";
import { AppError } from "../core/errors";
import type { AppEnv } from "./context";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The secret of `Authorization: Bearer <token>`; 401 when the header is missing or not of that form. */
export function bearerSecret(c: Context<AppEnv>): string {
  const header = c.req.header("Authorization");
  if (!header) throw new AppError("unauthorized", "Missing Authorization header; send 'Authorization: Bearer <API_TOKEN>'");
  const match = BEARER.exec(header);
  if (!match) throw new AppError("unauthorized", "Malformed Authorization header; expected 'Bearer <API_TOKEN>'");
  return match[1]!;
}
