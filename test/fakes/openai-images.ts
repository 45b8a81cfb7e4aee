import { Hono } from "hono";
import { bytesToBase64 } from "../../src/core/crypto";
import { encodeJpeg, encodePng } from "../media/images";
import { abortablePeer } from "./abortable-peer";

// A fake of OpenAI Images generations (as OpenAI documents it): Bearer auth,
// the parameters each model family accepts, OpenAI's error object, and a real JPEG or PNG of
// the requested size in data[0].b64_json.

export const GPT_IMAGE_MODELS = ["gpt-image-1", "gpt-image-1-mini", "gpt-image-1.5", "gpt-image-2"];
const SIZES: Record<string, string[]> = {
  gpt: ["auto", "1024x1024", "1536x1024", "1024x1536"],
  "dall-e-2": ["256x256", "512x512", "1024x1024"],
  "dall-e-3": ["1024x1024", "1792x1024", "1024x1792"],
};
const MAX_PROMPT = { gpt: 32_000, "dall-e-2": 1_000, "dall-e-3": 4_000 };

/** Prompts containing this word are refused by the fake's "safety system". */
export const REFUSED_WORD = "forbidden-subject";

export interface OpenAiImagesFakeOptions {
  validKeys: string[];
  /** Keys of accounts with no money left: 429 insufficient_quota. */
  brokeKeys?: string[];
}

type Scripted =
  | { kind: "error"; status: number; code: string | null; type: string; message: string; retryAfter?: string; times: number }
  | { kind: "hang" };

const openAiError = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
});

const images = new Map<string, Promise<Uint8Array>>();
/** Encoding 1536×1024 in JavaScript takes a moment: each size and format is made once per test file. */
function picture(format: string, width: number, height: number): Promise<Uint8Array> {
  const key = `${format}:${width}x${height}`;
  let image = images.get(key);
  if (!image) {
    image = format === "jpeg" ? Promise.resolve(encodeJpeg(width, height)) : encodePng(width, height);
    images.set(key, image);
  }
  return image;
}

export function createOpenAiImagesFake(options: OpenAiImagesFakeOptions) {
  const calls: { headers: Record<string, string>; body: any }[] = [];
  const broke = new Set(options.brokeKeys ?? []);
  let scripted: Scripted | null = null;
  const app = new Hono();

  app.post("/v1/images/generations", async (c) => {
    const body = await c.req.json().catch(() => null);
    calls.push({ headers: Object.fromEntries(c.req.raw.headers), body });
    const key = /^Bearer (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!key || !(options.validKeys.includes(key) || broke.has(key)))
      return c.json(openAiError("Incorrect API key provided", "invalid_request_error", "invalid_api_key"), 401);
    if (scripted?.kind === "hang") return new Promise<Response>(() => {});
    if (scripted?.kind === "error") {
      const { status, code, type, message, retryAfter } = scripted;
      if (--scripted.times <= 0) scripted = null;
      if (retryAfter) c.header("Retry-After", retryAfter);
      return c.json(openAiError(message, type, code), status as 500);
    }
    if (!body || typeof body !== "object")
      return c.json(openAiError("We could not parse the JSON body of your request.", "invalid_request_error", null), 400);
    if (broke.has(key))
      return c.json(
        openAiError(
          "You exceeded your current quota, please check your plan and billing details.",
          "insufficient_quota",
          "insufficient_quota",
        ),
        429,
      );

    const model: string = body.model ?? "dall-e-2";
    const family = GPT_IMAGE_MODELS.includes(model) ? "gpt" : model === "dall-e-2" || model === "dall-e-3" ? model : null;
    if (!family) return c.json(openAiError(`The model '${model}' does not exist`, "invalid_request_error", "model_not_found"), 404);
    if (typeof body.prompt !== "string" || !body.prompt)
      return c.json(openAiError("'prompt' is a required property", "invalid_request_error", null, "prompt"), 400);
    if (body.prompt.length > MAX_PROMPT[family])
      return c.json(openAiError(`'prompt' is too long for ${model}`, "invalid_request_error", "string_above_max_length", "prompt"), 400);
    const unknown = family === "gpt" ? "response_format" : "output_format";
    if (unknown in body)
      return c.json(openAiError(`Unknown parameter: '${unknown}'.`, "invalid_request_error", "unknown_parameter", unknown), 400);
    const size: string = body.size ?? (family === "gpt" ? "auto" : "1024x1024");
    if (!SIZES[family]!.includes(size))
      return c.json(openAiError(`Invalid value: '${size}'.`, "invalid_request_error", "invalid_value", "size"), 400);
    if (body.prompt.includes(REFUSED_WORD)) {
      const code = family === "gpt" ? "moderation_blocked" : "content_policy_violation";
      return c.json(openAiError("Your request was rejected as a result of our safety system.", "image_generation_user_error", code), 400);
    }

    const [width, height] = (size === "auto" ? "1536x1024" : size).split("x").map(Number) as [number, number];
    c.header("x-request-id", `req_${calls.length}`);
    if (family !== "gpt") {
      if (body.response_format !== "b64_json")
        return c.json({ created: 1713833628, data: [{ url: "https://images.example/fake.png", revised_prompt: null }] });
      return c.json({
        created: 1713833628,
        data: [{ b64_json: bytesToBase64(await picture("png", width, height)), revised_prompt: model === "dall-e-3" ? body.prompt : null }],
      });
    }
    const format: string = body.output_format ?? "png";
    if (format !== "png" && format !== "jpeg") throw new Error(`the fake cannot encode ${format}`);
    const inputTokens = Math.ceil(body.prompt.length / 4);
    return c.json({
      created: 1713833628,
      data: [{ b64_json: bytesToBase64(await picture(format, width, height)), revised_prompt: null }],
      output_format: format,
      size: `${width}x${height}`,
      quality: "medium",
      usage: {
        total_tokens: inputTokens + 1056,
        input_tokens: inputTokens,
        output_tokens: 1056,
        input_tokens_details: { text_tokens: inputTokens, image_tokens: 0 },
      },
    });
  });

  return {
    app,
    /** For fakeNetwork(...): answers at api.openai.com. */
    peer: abortablePeer("api.openai.com", app),
    calls,
    /** The next `times` calls with a valid key answer this error (429 with `retryAfter`, 500, 400…). */
    failWith(status: number, error: { code?: string | null; type?: string; message?: string; retryAfter?: string; times?: number } = {}) {
      scripted = {
        kind: "error",
        status,
        code: error.code ?? null,
        type: error.type ?? "server_error",
        message: error.message ?? "scripted failure",
        retryAfter: error.retryAfter,
        times: error.times ?? 1,
      };
    },
    /** Calls from now on never answer (the client's timeout must end them). */
    hang() {
      scripted = { kind: "hang" };
    },
  };
}
