import { randomBase62 } from "./crypto";

/** Management ids are strings: a short type prefix and 16 random base62 characters (`acc_…`). */
export function newId(
  prefix:
    | "acc"
    | "tok"
    | "site"
    | "plan"
    | "item"
    | "pay"
    | "up"
    | "post"
    | "whd"
    | "res"
    | "usr"
    | "mem"
    | "inv"
    | "apl"
    | "eml"
    | "exp"
    | "sil"
    | "rev"
    | "sup"
    | "lnk",
): string {
  return `${prefix}_${randomBase62(16)}`;
}
