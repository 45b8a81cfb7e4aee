import { z } from "@hono/zod-openapi";

/**
 * A path or query parameter that is a whole number written in plain decimal digits. Number()
 * would also take "0x10", "1e3", " 1" or "+1"; those are 400 naming the parameter.
 */
export const wholeNumberParam = (name: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : value),
    z.number({ error: `${name} must be a whole number (decimal digits)` }),
  );

/** An optional query parameter: a whole number from 1 to `max`, `fallback` when absent; the messages name it. */
export const positiveIntParam = (name: string, max: number, fallback: number, description: string) =>
  wholeNumberParam(name)
    .pipe(z.number().int(`${name} must be a whole number`).min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`))
    .default(fallback)
    // The document shows the number it takes, not the text check in front of it.
    .openapi({ type: "integer", minimum: 1, maximum: max, default: fallback, param: { description }, example: fallback });

/** `page` (from 1) and `per_page` (1–100, default 10), as the public API and WordPress take them. */
export const PageQuerySchema = z.object({
  page: positiveIntParam("page", 100_000, 1, "Page number, from 1"),
  per_page: positiveIntParam("per_page", 100, 10, "Items per page, 1 to 100"),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A management list page: `{items, page, perPage, total, totalPages}`; a page past the end has no items. */
export function pageSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      page: z.number().int(),
      perPage: z.number().int(),
      total: z.number().int().openapi({ description: "Items in the whole list" }),
      totalPages: z.number().int(),
    })
    .openapi(name);
}

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}
