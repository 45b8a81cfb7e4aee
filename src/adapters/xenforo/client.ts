import type { z } from "zod";
import { log } from "../../core/logger";
import { errorFromXenForoCode, XenForoError } from "./errors";
import {
  XenForoErrorsSchema,
  XenForoIndexSchema,
  XenForoMeSchema,
  XenForoNewAttachmentKeySchema,
  XenForoNodesSchema,
  XenForoPostReplySchema,
  XenForoThreadListSchema,
  XenForoThreadReplySchema,
} from "./schemas";

export interface XenForoClientOptions {
  /** The forum's base URL (`https://example.com/community`); the API is under `/api/`. */
  baseUrl: string;
  apiKey: string;
  /** Sent as `XF-Api-User` on every call: the acting user of a super key, the owner of a user key. */
  userId: number;
  fetch: typeof fetch;
  timeoutMs: number;
}

export interface NewThread {
  nodeId: number;
  title: string;
  message: string;
  attachmentKey?: string;
}

export interface UploadedFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

type Body = URLSearchParams | FormData;

/** The XenForo API base for a forum URL; a URL already ending in `/api` is taken as the base. */
export function xenForoApiBase(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "").replace(/\/api$/i, "")}/api/`;
}

/** A client for the XenForo 2 REST API (docs.xenforo.com/api). Failures are XenForoErrors. */
export function createXenForoClient(options: XenForoClientOptions) {
  const apiBase = xenForoApiBase(options.baseUrl);

  /** `unexpected` says what a 2xx reply of another shape means: on /index/ it is "not XenForo". */
  async function request<S extends z.ZodType>(
    method: "GET" | "POST",
    path: string,
    schema: S,
    body?: Body,
    unexpected: "unexpected_reply" | "not_xenforo" = "unexpected_reply",
  ): Promise<z.infer<S>> {
    const url = new URL(path, apiBase);
    const headers = { "XF-Api-Key": options.apiKey, "XF-Api-User": String(options.userId), Accept: "application/json" };
    const { status, text, location } = await fetchWithTimeout(url, { method, headers, body, redirect: "manual" });

    if (status >= 300 && status < 400) {
      const target = location && /^https?:\/\//i.test(location) ? ` to ${location.split("?")[0]}` : "";
      throw new XenForoError("redirected", `The forum's API answered with a redirect${target}; connect with the forum's final address`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      logFailure(method, url, status, text);
      if (status >= 500) throw new XenForoError("server_error", `The forum failed with HTTP ${status}`);
      throw new XenForoError("not_xenforo", "The URL does not answer like a XenForo REST API");
    }
    if (status >= 400) {
      logFailure(method, url, status, text);
      const errors = XenForoErrorsSchema.safeParse(json);
      if (!errors.success) {
        if (status >= 500) throw new XenForoError("server_error", `The forum failed with HTTP ${status}`);
        throw new XenForoError("not_xenforo", "The URL does not answer like a XenForo REST API");
      }
      const first = errors.data.errors[0]!;
      throw errorFromXenForoCode(status, first.code, first.params, options.userId);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      logFailure(method, url, status, text);
      if (unexpected === "not_xenforo") throw new XenForoError("not_xenforo", "The URL does not answer like a XenForo REST API");
      throw new XenForoError("unexpected_reply", "The forum answered with an unexpected reply");
    }
    return parsed.data;
  }

  async function fetchWithTimeout(url: URL, init: RequestInit): Promise<{ status: number; text: string; location: string | null }> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new XenForoError("timeout", `The forum did not answer within ${options.timeoutMs / 1000} s`));
      }, options.timeoutMs);
    });
    try {
      const response = await Promise.race([options.fetch(url, { ...init, signal: controller.signal }), timeout]);
      const text = await Promise.race([response.text(), timeout]);
      return { status: response.status, text, location: response.headers.get("Location") };
    } catch (error) {
      if (error instanceof XenForoError) throw error;
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new XenForoError("timeout", "The forum did not answer in time");
      }
      log("warn", "xenforo_unreachable", {
        method: init.method,
        host: url.host,
        path: url.pathname,
        error: error instanceof Error ? error.message : String(error),
      });
      throw new XenForoError("unreachable", "Could not reach the forum's REST API");
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** `GET /index/`: forum version and what the key is (type, user, scopes). */
    getIndex: () => request("GET", "index/", XenForoIndexSchema, undefined, "not_xenforo"),

    /** `GET /me/`: the acting user; user_id 0 means a guest. */
    getMe: async () => (await request("GET", "me/", XenForoMeSchema)).me,

    /** `GET /nodes/`: every node the acting user can see. */
    listNodes: async () => (await request("GET", "nodes/", XenForoNodesSchema)).nodes,

    /** `POST /threads/`: a new thread whose first post is `message` (BBCode). */
    createThread: async (thread: NewThread) => {
      const form = new URLSearchParams({ node_id: String(thread.nodeId), title: thread.title, message: thread.message });
      if (thread.attachmentKey) form.set("attachment_key", thread.attachmentKey);
      return (await request("POST", "threads/", XenForoThreadReplySchema, form)).thread;
    },

    /** `GET /forums/{id}/threads`: the first page of a forum's threads (newest activity first). */
    listForumThreads: async (nodeId: number) => (await request("GET", `forums/${nodeId}/threads`, XenForoThreadListSchema)).threads,

    /** `GET /threads/{id}/?with_first_post=1`: the thread and its first post (with attachments). */
    getThread: async (threadId: number) => request("GET", `threads/${threadId}/?with_first_post=1`, XenForoThreadReplySchema),

    /** `POST /threads/{id}/`: changes the thread title (the body lives in the first post). */
    renameThread: async (threadId: number, title: string) =>
      (await request("POST", `threads/${threadId}/`, XenForoThreadReplySchema, new URLSearchParams({ title }))).thread,

    /** `POST /posts/{id}/`: replaces a post's message. */
    editPost: async (postId: number, message: string, attachmentKey?: string) => {
      const form = new URLSearchParams({ message });
      if (attachmentKey) form.set("attachment_key", attachmentKey);
      return (await request("POST", `posts/${postId}/`, XenForoPostReplySchema, form)).post;
    },

    /**
     * `POST /attachments/new-key` with the file: an attachment key for a new thread in a forum
     * (`{ nodeId }`) or for an edit of a post (`{ postId }`), and the uploaded attachment.
     */
    uploadAttachment: async (context: { nodeId: number } | { postId: number }, file: UploadedFile) => {
      const form = new FormData();
      form.set("type", "post");
      if ("nodeId" in context) form.set("context[node_id]", String(context.nodeId));
      else form.set("context[post_id]", String(context.postId));
      form.set("attachment", new File([file.bytes], file.fileName, { type: file.contentType }));
      return request("POST", "attachments/new-key", XenForoNewAttachmentKeySchema, form);
    },
  };
}

export type XenForoClient = ReturnType<typeof createXenForoClient>;

/** Where and what failed: host, path and XenForo's error codes; never the query string or the body. */
function logFailure(method: string, url: URL, status: number, body: string): void {
  const codes = [...body.matchAll(/"code"\s*:\s*"([a-z0-9_]{1,80})"/g)].map((match) => match[1]);
  log("warn", "xenforo_error_reply", { method, host: url.host, path: url.pathname, status, errorCodes: codes.slice(0, 10) });
}
