import { z } from "zod";

// DataForSEO's Google Organic live/advanced `result[0]` (EXTERNAL_APIS-2 §1.3). Every field is
// optional or null, and items are read one at a time by their `type`: an unknown type or a
// malformed item is skipped, never a failure of the whole answer.

/** `tasks[0].result[0]`: the page of results. `items` may be null when Google found nothing. */
export const SerpPageSchema = z
  .object({
    keyword: z.string().nullish(),
    items: z.array(z.unknown()).nullish(),
  })
  .loose();

export const OrganicItemSchema = z
  .object({
    type: z.literal("organic"),
    rank_group: z.number().nullish(),
    rank_absolute: z.number().nullish(),
    url: z.string().nullish(),
    title: z.string().nullish(),
    description: z.string().nullish(),
  })
  .loose();

export const PeopleAlsoAskItemSchema = z
  .object({
    type: z.literal("people_also_ask"),
    items: z
      .array(z.object({ title: z.string().nullish() }).loose())
      .nullish()
      .catch(null),
  })
  .loose();

export const RelatedSearchesItemSchema = z
  .object({
    type: z.literal("related_searches"),
    items: z.array(z.unknown()).nullish().catch(null),
  })
  .loose();

export type SerpPage = z.infer<typeof SerpPageSchema>;
