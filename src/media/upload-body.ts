import { AppError } from "../core/errors";

/** The largest file POST /uploads takes: 15 MB, counted as 15 × 1024 × 1024 bytes. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;

const HOW_TO = "send multipart/form-data with one file field named 'file' (curl -F file=@photo.jpg)";

const tooLarge = () => new AppError("payload_too_large", `The upload is larger than 15 MB (${MAX_UPLOAD_BYTES} bytes)`);

export interface UploadedFile {
  /** The name the client gave the file, if any; used only to make a readable stored name. */
  name: string | null;
  bytes: Uint8Array;
}

/**
 * Reads the one `file` part of a multipart upload without ever holding more than the limit:
 * a declared Content-Length over it is refused before reading, and a body without one is
 * counted as it streams and cut off as soon as it passes the limit.
 */
export async function readUploadedFile(request: Request): Promise<UploadedFile> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(contentType)) {
    throw new AppError("invalid_request", `Content-Type must be multipart/form-data; ${HOW_TO}`);
  }
  const declaredLength = request.headers.get("Content-Length");
  if (declaredLength !== null && Number(declaredLength) > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) throw new AppError("invalid_request", `The request has no body; ${HOW_TO}`);

  let received = 0;
  let overLimit = false;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > MAX_BODY_BYTES) {
          overLimit = true;
          controller.error(new Error("upload over the size limit")); // also cancels the request body
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );

  let form: FormData;
  try {
    form = await new Response(counted, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    if (overLimit) throw tooLarge();
    throw new AppError("invalid_request", `The multipart body could not be parsed; ${HOW_TO}`);
  }

  const parts = form.getAll("file");
  if (parts.length === 0) throw new AppError("invalid_request", `The form has no field named 'file'; ${HOW_TO}`);
  if (parts.length > 1) throw new AppError("invalid_request", "Send one file per upload; the form has several 'file' fields");
  const part = parts[0]!;
  if (typeof part === "string") throw new AppError("invalid_request", `The 'file' field is text, not a file; ${HOW_TO}`);
  if (part.size === 0) throw new AppError("empty_file", "The uploaded file is empty");
  if (part.size > MAX_UPLOAD_BYTES) throw tooLarge();
  return { name: part.name || null, bytes: new Uint8Array(await part.arrayBuffer()) };
}
