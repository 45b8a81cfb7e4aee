import { bytesToBase64 } from "../../src/core/crypto";
import { encodeJpeg } from "../media/images";

// A stand-in for the Workers AI binding running FLUX.1 schnell (as Cloudflare documents it):
// it checks the input against the model's schema (prompt 1–2048 characters, steps ≤ 8, no other
// property) and answers `{ image: base64 }`. Errors are thrown as the binding does, with the
// numeric code in the message.

export const FLUX_SCHNELL = "@cf/black-forest-labs/flux-1-schnell";

type Scripted = { kind: "error"; code: number; message: string; times: number } | { kind: "hang" } | { kind: "output"; output: unknown };

/** An Error shaped like the binding's: the code leads the message. */
export function workersAiError(code: number, message: string): Error {
  const error = new Error(`${code}: ${message}`);
  error.name = "InferenceUpstreamError";
  return error;
}

let defaultImage: Uint8Array | null = null;
/** FLUX's output is commonly reported as a 1024×1024 JPEG; made once, on first use. */
const fluxLikeJpeg = () => (defaultImage ??= encodeJpeg(1024, 1024));

export function createFluxFake(options: { image?: Uint8Array } = {}) {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  let scripted: Scripted | null = null;

  const ai = {
    async run(model: string, inputs: Record<string, unknown>): Promise<unknown> {
      calls.push({ model, inputs: structuredClone(inputs) });
      if (scripted?.kind === "hang") return new Promise(() => {});
      if (scripted?.kind === "output") return scripted.output;
      if (scripted?.kind === "error") {
        const { code, message } = scripted;
        if (--scripted.times <= 0) scripted = null;
        throw workersAiError(code, message);
      }
      if (model !== FLUX_SCHNELL) throw workersAiError(5007, `No such model ${model} or task`);
      const extra = Object.keys(inputs).filter((key) => key !== "prompt" && key !== "steps");
      if (extra.length) throw workersAiError(5004, `Invalid data: additionalProperties '${extra.join("', '")}' not allowed`);
      const { prompt, steps } = inputs;
      if (typeof prompt !== "string" || prompt.length < 1 || prompt.length > 2048)
        throw workersAiError(5004, "Invalid data: prompt must be 1-2048 characters");
      if (steps !== undefined && (!Number.isInteger(steps) || (steps as number) < 1 || (steps as number) > 8))
        throw workersAiError(5004, "Invalid data: steps must be an integer of at most 8");
      return { image: bytesToBase64(options.image ?? fluxLikeJpeg()) };
    },
  };

  return {
    /** Hand this to the image model (or to `useServices({ ai })`). */
    ai,
    calls,
    /** The next `times` runs throw a Workers AI error with this code. */
    failWith(code: number, message = "scripted failure", times = 1) {
      scripted = { kind: "error", code, message, times };
    },
    /** Every run from now on answers this instead of an image (e.g. `{}`, `{ image: "" }`). */
    answer(output: unknown) {
      scripted = { kind: "output", output };
    },
    /** Every run from now on never settles. */
    hang() {
      scripted = { kind: "hang" };
    },
  };
}
