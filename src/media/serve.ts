import { AppError, notFound } from "../core/errors";
import { MEDIA_CACHE_CONTROL } from "./store";

/** A satisfiable single byte range, inclusive on both ends (RFC 9110 §14.1.2). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range` header against the object's size. `null` means "serve the whole file": no
 * header, a unit other than bytes, several ranges, or a syntax error (a server may ignore those).
 * A well-formed range that starts past the end is a 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const unsatisfiable = () =>
    new AppError("range_not_satisfiable", `Range ${header} is outside the file's ${size} bytes`, undefined, {
      "Content-Range": `bytes */${size}`,
    });
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) throw unsatisfiable();
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== "" && Number(match[2]) < start) return null; // invalid: ignored
  if (start >= size) throw unsatisfiable();
  return { start, end };
}

/** Weak comparison, as If-None-Match asks for (RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim() === "*" || opaque(candidate) === opaque(etag));
}

function baseHeaders(object: R2Object): Headers {
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: object.httpEtag,
    "Last-Modified": object.uploaded.toUTCString(),
    "Accept-Ranges": "bytes",
    // The type was checked at upload; never let a browser guess another one.
    "X-Content-Type-Options": "nosniff",
  });
  return headers;
}

/** Answers a GET for a stored file: 200, 206 for a range, 304 when the client's copy is current. */
export async function serveMediaObject(
  bucket: R2Bucket,
  key: string,
  request: { header: (name: string) => string | undefined },
): Promise<Response> {
  const ifNoneMatch = request.header("If-None-Match");
  const rangeHeader = request.header("Range");

  if (!ifNoneMatch && !rangeHeader) {
    const object = await bucket.get(key);
    if (!object) throw notFound("Media file");
    const headers = baseHeaders(object);
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  }

  const head = await bucket.head(key);
  if (!head) throw notFound("Media file");
  if (ifNoneMatch && etagMatches(ifNoneMatch, head.httpEtag)) {
    const headers = baseHeaders(head);
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }

  const ifRange = request.header("If-Range");
  const rangeApplies = rangeHeader && (!ifRange || ifRange.trim() === head.httpEtag);
  const range = rangeApplies ? parseRange(rangeHeader, head.size) : null;
  const object = await bucket.get(key, range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : {});
  if (!object) throw notFound("Media file");
  const headers = baseHeaders(object);
  if (!range) {
    headers.set("Content-Length", String(object.size));
    return new Response(object.body, { status: 200, headers });
  }
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${object.size}`);
  headers.set("Content-Length", String(range.end - range.start + 1));
  return new Response(object.body, { status: 206, headers });
}
