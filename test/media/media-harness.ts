import { eq } from "drizzle-orm";
import { uploads } from "../../src/db/schema";
import { call, db, testEnv } from "../harness";
import { uploadForm } from "./images";

export interface UploadAnswer {
  url: string;
  fileName: string;
  bytes: number;
}

/** POST /api/uploads with one `file` part, as `curl -F file=@name` sends it. */
export function upload(token: string, bytes: Uint8Array, fileName = "photo.bin", type = "application/octet-stream"): Promise<Response> {
  return call("/api/uploads", { method: "POST", token, body: uploadForm(bytes, fileName, type) });
}

/** Every key in the MEDIA bucket under a prefix. */
export async function storedKeys(prefix = "uploads/"): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await testEnv.MEDIA.list({ prefix, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

export async function uploadRows(accountId: string) {
  return db().select().from(uploads).where(eq(uploads.accountId, accountId));
}

/** Type and size of a stored object, as the Images binding reads it. */
export async function storedImageInfo(key: string) {
  const object = await testEnv.MEDIA.get(key);
  if (!object) throw new Error(`no object ${key}`);
  const bytes = new Uint8Array(await object.arrayBuffer());
  const info = await testEnv.IMAGES.info(new Blob([bytes]).stream());
  return {
    bytes,
    info: info as { format: string; width: number; height: number; fileSize: number },
    contentType: object.httpMetadata?.contentType,
  };
}

/** Converts a test PNG to another format with the Images binding (WebP and AVIF inputs). */
export async function convertFixture(bytes: Uint8Array, format: "image/webp" | "image/avif"): Promise<Uint8Array> {
  const result = await testEnv.IMAGES.input(new Blob([bytes]).stream()).output({ format });
  return new Uint8Array(await new Response(result.image()).arrayBuffer());
}
