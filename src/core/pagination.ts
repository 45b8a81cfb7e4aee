import { z } from "@hono/zod-openapi";

/** A query parameter that must be a whole number from 1 to `max`; the messages name it. */
export const positiveIntParam = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`);

/** `page` (from 1) and `per_page` (1–100, default 10), as the public API and WordPress take them. */
export const PageQuerySchema = z.object({
  page: positiveIntParam("page", 100_000).default(1).openapi({ param: { description: "Page number, from 1" }, example: 1 }),
  per_page: positiveIntParam("per_page", 100).default(10).openapi({ param: { description: "Items per page, 1 to 100" }, example: 10 }),
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
