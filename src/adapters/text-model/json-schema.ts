/**
 * The JSON Schema zod writes, rewritten for each provider's structured-output mode. Strict modes
 * accept only a subset of JSON Schema (OpenAI's "Supported schemas"; Anthropic's "JSON Schema
 * limitations": every object closed with `additionalProperties: false`, no length or range
 * keywords). A keyword a mode rejects moves into the description, so the model still reads it
 * and our zod validation (with its one repair request) still enforces it.
 */

type Schema = Record<string, unknown>;

const SIZE_KEYWORDS = [
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
];

/**
 * OpenAI `strict: true`: every object closed, every property listed in `required`; a property
 * zod made optional becomes nullable instead (undo it on the answer with
 * `dropNullsOfOptionalProperties`). Defaults and size keywords move into descriptions.
 */
export function strictJsonSchema(schema: Schema): Schema {
  return rewrite(withoutMetaSchema(schema), (node) =>
    requireEveryProperty(closeObject(describeKeywords(node, [...SIZE_KEYWORDS, "default"]))),
  );
}

/** Anthropic `output_config.format`: every object closed; size keywords move into descriptions. */
export function anthropicJsonSchema(schema: Schema): Schema {
  return rewrite(withoutMetaSchema(schema), (node) => closeObject(describeKeywords(node, SIZE_KEYWORDS)));
}

/** The schema without `$schema`, which no provider needs. */
export function withoutMetaSchema(schema: Schema): Schema {
  const { $schema: _, ...rest } = schema;
  return rest;
}

/**
 * Removes the nulls a strict provider put in properties that were optional in `schema` (the
 * original, not the strict rewrite) and do not accept null, so zod sees them as absent.
 */
export function dropNullsOfOptionalProperties(value: unknown, schema: Schema, root: Schema = schema): unknown {
  const node = resolveRef(schema, root);
  if (Array.isArray(value)) {
    const items = node.items;
    return isSchema(items) ? value.map((item) => dropNullsOfOptionalProperties(item, items, root)) : value;
  }
  if (!isPlainObject(value)) return value;
  const branch = singleNonNullBranch(node);
  if (branch) return dropNullsOfOptionalProperties(value, branch, root);
  if (!isSchema(node.properties)) return value;
  const properties = node.properties;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const kept: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    const property = properties[key];
    if (!isSchema(property)) {
      kept[key] = entry;
      continue;
    }
    if (entry === null && !required.has(key) && !acceptsNull(resolveRef(property, root), root)) continue;
    kept[key] = dropNullsOfOptionalProperties(entry, property, root);
  }
  return kept;
}

/** Applies `visit` to every subschema, deepest first. */
function rewrite(schema: Schema, visit: (node: Schema) => Schema): Schema {
  const node: Schema = { ...schema };
  for (const key of ["properties", "$defs", "definitions"]) {
    const map = node[key];
    if (isSchema(map))
      node[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, isSchema(sub) ? rewrite(sub, visit) : sub]));
  }
  for (const key of ["items", "additionalProperties", "not"]) {
    const sub = node[key];
    if (isSchema(sub)) node[key] = rewrite(sub, visit);
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const list = node[key];
    if (Array.isArray(list)) node[key] = list.map((sub) => (isSchema(sub) ? rewrite(sub, visit) : sub));
  }
  return visit(node);
}

function closeObject(node: Schema): Schema {
  if (node.type !== "object" && !isSchema(node.properties)) return node;
  // A record (additionalProperties as a schema) cannot be closed; the provider decides on it.
  if (isSchema(node.additionalProperties)) return node;
  return { ...node, additionalProperties: false };
}

function requireEveryProperty(node: Schema): Schema {
  if (!isSchema(node.properties)) return node;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const properties = Object.fromEntries(
    Object.entries(node.properties).map(([key, property]) =>
      required.has(key) || !isSchema(property) || acceptsNull(property, node)
        ? [key, property]
        : [key, { anyOf: [property, { type: "null" }] }],
    ),
  );
  return { ...node, properties, required: Object.keys(properties) };
}

function describeKeywords(node: Schema, keywords: string[]): Schema {
  const rest: Schema = { ...node };
  const notes: string[] = [];
  for (const keyword of keywords) {
    if (!(keyword in rest)) continue;
    const value = rest[keyword];
    delete rest[keyword];
    // zod bounds every int by the safe-integer range: noise, not a constraint worth a word.
    if (typeof value === "number" && Math.abs(value) === Number.MAX_SAFE_INTEGER) continue;
    notes.push(`${keyword} ${JSON.stringify(value)}`);
  }
  if (notes.length === 0) return rest;
  const description = typeof rest.description === "string" && rest.description ? `${rest.description} ` : "";
  return { ...rest, description: `${description}(${notes.join(", ")})` };
}

function acceptsNull(schema: Schema, root: Schema): boolean {
  const node = resolveRef(schema, root);
  if (node.type === "null" || (Array.isArray(node.type) && node.type.includes("null"))) return true;
  if (node.const === null || (Array.isArray(node.enum) && node.enum.includes(null))) return true;
  return ["anyOf", "oneOf"].some((key) => {
    const list = node[key];
    return Array.isArray(list) && list.some((sub) => isSchema(sub) && acceptsNull(sub, root));
  });
}

/** `X | null` (zod's nullable): the one branch a non-null value can be. */
function singleNonNullBranch(node: Schema): Schema | null {
  const list = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : null;
  if (!list) return null;
  const branches = list.filter((sub): sub is Schema => isSchema(sub) && sub.type !== "null");
  return branches.length === 1 ? branches[0]! : null;
}

function resolveRef(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/")) return schema;
  let target: unknown = root;
  for (const part of ref.slice(2).split("/")) target = isSchema(target) ? target[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  return isSchema(target) ? target : schema;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isPlainObject = isSchema;
