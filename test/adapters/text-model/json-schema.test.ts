import { describe, expect, it } from "vitest";
import { z } from "zod";
import { anthropicJsonSchema, dropNullsOfOptionalProperties, strictJsonSchema } from "../../../src/adapters/text-model/json-schema";

const Article = z.object({
  title: z.string().min(10).max(70),
  readingMinutes: z.number().int().min(1),
  subtitle: z.string().optional(),
  excerpt: z.string().nullable(),
  tone: z.enum(["formal", "casual"]).default("casual"),
  sections: z
    .array(z.object({ heading: z.string(), note: z.string().optional() }))
    .min(2)
    .max(8),
  author: z.object({ name: z.string(), bio: z.string().optional() }).nullable(),
});

const zodSchema = () => z.toJSONSchema(Article, { io: "input" }) as Record<string, unknown>;

describe("strictJsonSchema (OpenAI strict mode)", () => {
  const strict = strictJsonSchema(zodSchema()) as any;

  it("closes every object and requires every property, at every depth", () => {
    expect(strict.$schema).toBeUndefined();
    expect(strict.additionalProperties).toBe(false);
    expect(strict.required).toEqual(["title", "readingMinutes", "subtitle", "excerpt", "tone", "sections", "author"]);
    const section = strict.properties.sections.items;
    expect(section.additionalProperties).toBe(false);
    expect(section.required).toEqual(["heading", "note"]);
    const author = strict.properties.author.anyOf.find((branch: any) => branch.type === "object");
    expect(author.additionalProperties).toBe(false);
    expect(author.required).toEqual(["name", "bio"]);
  });

  it("makes an optional property nullable instead, and leaves a nullable one as it was", () => {
    expect(strict.properties.subtitle).toEqual({ anyOf: [{ type: "string" }, { type: "null" }] });
    expect(strict.properties.sections.items.properties.note).toEqual({ anyOf: [{ type: "string" }, { type: "null" }] });
    expect(strict.properties.excerpt).toEqual({ type: ["string", "null"] });
    expect(strict.properties.author.anyOf).toHaveLength(2);
  });

  it("moves size keywords and defaults into the description, dropping zod's safe-integer bounds", () => {
    expect(strict.properties.title).toEqual({ type: "string", description: "(minLength 10, maxLength 70)" });
    expect(strict.properties.readingMinutes).toEqual({ type: "integer", description: "(minimum 1)" });
    expect(strict.properties.sections.description).toBe("(minItems 2, maxItems 8)");
    expect(strict.properties.tone.anyOf[0]).toEqual({ type: "string", enum: ["formal", "casual"], description: '(default "casual")' });
  });

  it("keeps an existing description and rewrites shared definitions", () => {
    const schema = {
      type: "object",
      properties: { link: { $ref: "#/$defs/Link" } },
      required: ["link"],
      $defs: {
        Link: {
          type: "object",
          description: "An internal link.",
          properties: { url: { type: "string", maxLength: 200 } },
          required: ["url"],
        },
      },
    };
    const out = strictJsonSchema(schema) as any;
    expect(out.$defs.Link).toEqual({
      type: "object",
      description: "An internal link.",
      properties: { url: { type: "string", description: "(maxLength 200)" } },
      required: ["url"],
      additionalProperties: false,
    });
    expect(out.properties.link).toEqual({ $ref: "#/$defs/Link" });
  });

  it("does not change the schema it was given", () => {
    const original = zodSchema();
    const copy = structuredClone(original);
    strictJsonSchema(original);
    expect(original).toEqual(copy);
  });
});

describe("anthropicJsonSchema (Anthropic output_config.format)", () => {
  it("closes every object, keeps zod's required list and describes size keywords", () => {
    const schema = anthropicJsonSchema(zodSchema()) as any;
    expect(schema.$schema).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(["title", "readingMinutes", "excerpt", "sections", "author"]);
    expect(schema.properties.sections.items).toEqual({
      type: "object",
      properties: { heading: { type: "string" }, note: { type: "string" } },
      required: ["heading"],
      additionalProperties: false,
    });
    expect(schema.properties.title).toEqual({ type: "string", description: "(minLength 10, maxLength 70)" });
    expect(schema.properties.tone.default).toBe("casual");
  });
});

describe("dropNullsOfOptionalProperties", () => {
  const schema = zodSchema();
  const strictAnswer = {
    title: "A title long enough",
    readingMinutes: 4,
    subtitle: null,
    excerpt: null,
    tone: null,
    sections: [
      { heading: "One", note: null },
      { heading: "Two", note: "kept" },
    ],
    author: { name: "Ayşe", bio: null },
  };

  it("removes the nulls strict mode forced into optional properties, at every depth, so zod accepts the answer", () => {
    const cleaned = dropNullsOfOptionalProperties(strictAnswer, schema);
    expect(cleaned).toEqual({
      title: "A title long enough",
      readingMinutes: 4,
      excerpt: null,
      sections: [{ heading: "One" }, { heading: "Two", note: "kept" }],
      author: { name: "Ayşe" },
    });
    expect(Article.safeParse(strictAnswer).success).toBe(false);
    expect(Article.parse(cleaned)).toMatchObject({ tone: "casual", excerpt: null });
  });

  it("follows references and leaves a null author alone", () => {
    const withRef = {
      type: "object",
      properties: { link: { $ref: "#/$defs/Link" }, author: { anyOf: [{ type: "string" }, { type: "null" }] } },
      required: ["link"],
      $defs: { Link: { type: "object", properties: { url: { type: "string" }, rel: { type: "string" } }, required: ["url"] } },
    };
    expect(dropNullsOfOptionalProperties({ link: { url: "/a", rel: null }, author: null }, withRef)).toEqual({
      link: { url: "/a" },
      author: null,
    });
  });
});
