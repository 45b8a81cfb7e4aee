import { randomBase62 } from "../core/crypto";
import { slugify } from "../core/slug";
import { convertToWebp } from "./convert";

/**
 * The media store: every image the service keeps (uploads, generated hero images) goes through
 * here, so the R2 layout, the URL form and the caching rules live in one file.
 */

export const MEDIA_PATH_PREFIX = "/api/media/";
/** Stored names never change content, so a year of caching is safe (management spec, Limits). */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Top-level folders of the bucket: user uploads and the autopilot's generated images. */
export type MediaFolder = "uploads" | "heroes";

export interface MediaDeps {
  bucket: R2Bucket;
  images: ImagesBinding;
}

export interface StoredImage {
  /** R2 key, `uploads/<file_name>.webp`. */
  key: string;
  /** `/api/media/uploads/<file_name>.webp`; prefix with the public base URL where a host is needed. */
  url: string;
  fileName: string;
  /** Stored size in bytes. */
  bytes: number;
  width: number;
  height: number;
  contentType: "image/webp";
  sourceType: string;
  sourceWidth: number;
  sourceHeight: number;
}

/** A stored file's URL path, or an absolute URL when a base is given. */
export function mediaUrl(key: string, baseUrl?: string | null): string {
  return `${baseUrl ? baseUrl.replace(/\/+$/, "") : ""}${MEDIA_PATH_PREFIX}${key}`;
}

// One rule for every segment of a key: no dots at the start (so no `..`), no slashes,
// backslashes or percent escapes. Keys we write always pass; anything else cannot exist.
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The R2 key for a raw (still percent-encoded) path below the media prefix; null if it could not be ours. */
export function mediaKeyFromPath(rawPath: string): string | null {
  const segments = rawPath.split("/");
  if (segments.length < 1 || segments.length > 4 || !segments.every((segment) => KEY_SEGMENT.test(segment))) return null;
  return segments.join("/");
}

/** The R2 key behind a media URL (a path or an absolute URL); null for URLs that are not ours. */
export function mediaKeyFromUrl(url: string): string | null {
  const path = /^https?:\/\//i.test(url) ? new URL(url).pathname : url;
  if (!path.startsWith(MEDIA_PATH_PREFIX)) return null;
  return mediaKeyFromPath(path.slice(MEDIA_PATH_PREFIX.length));
}

/** `my-photo-<12 random>.webp`: a readable part from the original name, a random part for uniqueness. */
export function webpFileName(originalName: string | null | undefined): string {
  const base = (originalName ?? "").replace(/\.[A-Za-z0-9]{1,5}$/, "");
  const readable = /[a-z0-9]/i.test(base) ? slugify(base, { maxLength: 60 }) : "image";
  return `${readable}-${randomBase62(12)}.webp`;
}

/**
 * Converts an image to webp (at most 1600 px wide) and stores it under `folder/`, as `fileName`
 * when given (a retried pipeline step overwrites its own file) or a new unique name.
 */
export async function putImage(
  deps: MediaDeps,
  input: { folder: MediaFolder; originalName?: string | null; fileName?: string; bytes: Uint8Array },
): Promise<StoredImage> {
  const webp = await convertToWebp(deps.images, input.bytes);
  const fileName = input.fileName ?? webpFileName(input.originalName);
  const key = `${input.folder}/${fileName}`;
  const object = await deps.bucket.put(key, webp.bytes, { httpMetadata: { contentType: "image/webp", cacheControl: MEDIA_CACHE_CONTROL } });
  return {
    key,
    url: mediaUrl(key),
    fileName,
    bytes: object.size,
    width: webp.width,
    height: webp.height,
    contentType: "image/webp",
    sourceType: webp.sourceType,
    sourceWidth: webp.sourceWidth,
    sourceHeight: webp.sourceHeight,
  };
}

/** A stored file's bytes and type (for publishing to a platform); null when it does not exist. */
export async function getMediaBytes(bucket: R2Bucket, key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  return { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
}

/** Removes a stored file; deleting one that is already gone is harmless. */
export async function deleteMedia(bucket: R2Bucket, key: string): Promise<void> {
  await bucket.delete(key);
}
