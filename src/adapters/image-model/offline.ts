import { encodePalettePng } from "./png";
import type { GeneratedImage, ImageModel, ImageRequest } from "./port";

/** Wide enough for the pipeline's width check (≥ 1024 px), in the 3:2 shape of a hero image. */
export const OFFLINE_IMAGE_WIDTH = 1536;
export const OFFLINE_IMAGE_HEIGHT = 1024;
export const OFFLINE_IMAGE_NOTE = "Offline placeholder: no image model was called; this picture only stands in for a generated hero image.";

const SHADES = 256;

/**
 * For local runs without a model: a real PNG, the same bytes for the same prompt, painted as a
 * gradient with soft bands whose colours, angle and band count come from a hash of the prompt.
 * Its tEXt chunks say it is a placeholder.
 */
export function createOfflineImageModel(): ImageModel {
  return {
    provider: "offline",
    model: "offline-placeholder",
    offline: true,
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(request.prompt)));
      const bytes = await encodePalettePng(OFFLINE_IMAGE_WIDTH, OFFLINE_IMAGE_HEIGHT, palette(hash), painter(hash), {
        Title: "Offline placeholder image",
        Description: OFFLINE_IMAGE_NOTE,
        Software: "content-autopilot offline image model",
      });
      return { bytes, declaredType: "image/png", usage: { inputTokens: 0, outputTokens: 0, images: 1, costUsd: 0 } };
    },
  };
}

/** 256 colours from one hashed colour to another, darkened and lightened in soft bands. */
function palette(hash: Uint8Array): Uint8Array {
  const from = [hash[0]!, hash[1]!, hash[2]!];
  const to = [hash[3]!, hash[4]!, hash[5]!];
  const bands = 3 + (hash[6]! % 6);
  const colours = new Uint8Array(SHADES * 3);
  for (let i = 0; i < SHADES; i++) {
    const t = i / (SHADES - 1);
    const shade = 0.85 + 0.15 * Math.sin(t * bands * 2 * Math.PI);
    for (let channel = 0; channel < 3; channel++)
      colours[i * 3 + channel] = Math.round((from[channel]! + (to[channel]! - from[channel]!) * t) * shade);
  }
  return colours;
}

/** The palette index runs across the picture along an angle taken from the hash. */
function painter(hash: Uint8Array) {
  const angle = (hash[7]! / 256) * Math.PI;
  const dx = Math.cos(angle) / OFFLINE_IMAGE_WIDTH;
  const dy = Math.sin(angle) / OFFLINE_IMAGE_HEIGHT;
  return (y: number, row: Uint8Array) => {
    for (let x = 0; x < OFFLINE_IMAGE_WIDTH; x++) row[x] = (Math.abs(x * dx + y * dy) % 1) * (SHADES - 1);
  };
}
