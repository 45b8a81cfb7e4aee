import { ApiError, notifyUnauthorized, requestHeaders, type Schemas } from "../../api/client";

type UploadResult = Schemas["UploadResult"];

export interface UploadProgress {
  /** 0–1 of the file sent; null when the browser cannot tell. */
  sent: number | null;
  /** True once every byte is sent and the service is converting the image. */
  processing: boolean;
}

export interface UploadCall {
  done: Promise<UploadResult>;
  abort(): void;
}

/**
 * POST /api/uploads with the image in the form field `file`. Sent with XMLHttpRequest because
 * fetch reports no upload progress; it carries the client's headers (language, a pasted token).
 */
export function uploadImage(file: File, onProgress: (progress: UploadProgress) => void): UploadCall {
  const form = new FormData();
  form.append("file", file, file.name);

  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResult>((resolve, reject) => {
    xhr.open("POST", "/api/uploads");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress({ sent: event.lengthComputable ? event.loaded / event.total : null, processing: false });
    xhr.upload.onload = () => onProgress({ sent: 1, processing: true });
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && isUploadResult(body)) return resolve(body);
      if (xhr.status === 401) notifyUnauthorized();
      reject(apiErrorOf(xhr, body));
    };
    xhr.onerror = () => reject(new ApiError(0, "network", ""));
    xhr.onabort = () => reject(new ApiError(0, "aborted", ""));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isUploadResult(body: unknown): body is UploadResult {
  return typeof body === "object" && body !== null && typeof (body as UploadResult).url === "string";
}

function apiErrorOf(xhr: XMLHttpRequest, body: unknown): ApiError {
  const error = (typeof body === "object" && body !== null ? body : {}) as Partial<Schemas["Error"]>;
  const retryAfter = Number(xhr.getResponseHeader("Retry-After"));
  return new ApiError(
    xhr.status,
    error.code ?? "unknown",
    error.message ?? xhr.statusText,
    error.issues ?? [],
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}
