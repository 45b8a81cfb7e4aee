import { AppError } from "../core/errors";
import { errorFields, log } from "../core/logger";
import { readDeclaredSize, type DeclaredSize } from "./image-dimensions";
import { sniffImageType, type ImageType } from "./image-type";

/** Stored images are at most this wide (management spec, Limits). */
export const MAX_STORED_WIDTH = 1600;
/**
 * The decoding budget, checked from the headers before anything decodes: 50 megapixels over all
 * frames (a 48 MP phone photo fits; a 50,000 × 50,000 declaration does not) and 12,000 px on the
 * longest side (the Images service's own input limit).
 */
export const MAX_DECODED_PIXELS = 50_000_000;
export const MAX_IMAGE_SIDE = 12_000;

export interface WebpImage {
  bytes: Uint8Array;
  width: number;
  height: number;
  /** What the source was, by its bytes. */
  sourceType: ImageType;
  sourceWidth: number;
  sourceHeight: number;
}

const ACCEPTED_LIST = "JPEG, PNG, WebP, GIF or AVIF";

/** Type and declared size of an image, or the 415/422 that explains why it is refused. */
export function inspectImage(bytes: Uint8Array): { type: ImageType; size: DeclaredSize } {
  const type = sniffImageType(bytes);
  if (!type) throw new AppError("unsupported_media_type", `The file is not a supported image; send ${ACCEPTED_LIST}`);
  const size = readDeclaredSize(bytes, type);
  if (!size) throw new AppError("image_corrupt", `The ${type} file is corrupt: its header could not be read`);
  const pixels = size.width * size.height * size.frames;
  if (pixels > MAX_DECODED_PIXELS || size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) {
    const frames = size.frames > 1 ? ` × ${size.frames} frames` : "";
    throw new AppError(
      "image_too_large",
      `The image declares ${size.width} × ${size.height} px${frames}; the limit is ${MAX_DECODED_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE} px per side`,
    );
  }
  return { type, size };
}

function undecodable(stage: string, error: unknown): AppError {
  // Locally every Images failure is code 9523, so a broken file cannot be told from a broken
  // service by the code; the log keeps the detail, the client learns the file was refused.
  log("warn", "image_not_decodable", { stage, code: (error as { code?: unknown })?.code, ...errorFields(error) });
  return new AppError("image_corrupt", "The image could not be decoded; the file may be truncated or corrupt");
}

async function toWebp(images: ImagesBinding, bytes: Uint8Array, width: number | undefined): Promise<Uint8Array> {
  let transformer = images.input(new Blob([bytes]).stream());
  if (width) transformer = transformer.transform({ width, fit: "scale-down" });
  const result = await transformer.output({ format: "image/webp" });
  return new Uint8Array(await new Response(result.image()).arrayBuffer());
}

/**
 * Converts an accepted image to webp, scaled down to MAX_STORED_WIDTH (never up). The bytes are
 * checked (type, header, pixel budget) before the Images binding decodes anything.
 */
export async function convertToWebp(images: ImagesBinding, bytes: Uint8Array): Promise<WebpImage> {
  const { type } = inspectImage(bytes);
  let sourceWidth: number;
  let sourceHeight: number;
  try {
    const info = await images.info(new Blob([bytes]).stream());
    if (!("width" in info)) throw new Error(`info() gave no size for ${info.format}`);
    sourceWidth = info.width;
    sourceHeight = info.height;
  } catch (error) {
    throw undecodable("info", error);
  }

  // Ask for a width only when the source is wider: without `fit` the service may enlarge.
  let webp: Uint8Array;
  let size: DeclaredSize | null;
  try {
    webp = await toWebp(images, bytes, sourceWidth > MAX_STORED_WIDTH ? MAX_STORED_WIDTH : undefined);
    size = readDeclaredSize(webp, "image/webp");
    // An EXIF rotation can turn a narrow source into a wide result; scale that result down too.
    if (size && size.width > MAX_STORED_WIDTH) {
      webp = await toWebp(images, bytes, MAX_STORED_WIDTH);
      size = readDeclaredSize(webp, "image/webp");
    }
  } catch (error) {
    throw undecodable("transform", error);
  }
  if (sniffImageType(webp) !== "image/webp" || !size) throw new AppError("internal_error", "The image service did not return a webp image");
  return { bytes: webp, width: size.width, height: size.height, sourceType: type, sourceWidth, sourceHeight };
}
