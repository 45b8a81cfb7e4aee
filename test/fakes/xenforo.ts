import { Hono, type Context } from "hono";

/**
 * A XenForo 2 forum's REST API, following XenForo's REST API documentation: API keys (guest,
 * user, super; scopes; XF-Api-User rules), /index/, /me/, /nodes/, threads, posts and
 * attachment keys, form-encoded input, the `{errors: [...]}` error shape and XF-* headers.
 * Failure switches make it misbehave the ways a real forum can.
 */

export interface FakeKey {
  type: "guest" | "user" | "super";
  /** The key's own user (user keys only). */
  userId: number | null;
  scopes: string[] | "all";
  active: boolean;
}

export interface FakeNode {
  node_id: number;
  title: string;
  node_type_id: "Category" | "Forum" | "LinkForum" | "Page" | "SearchForum";
  parent_node_id: number;
  display_order: number;
  allow_posting?: boolean;
  require_prefix?: boolean;
  min_tags?: number;
  /** New threads wait for approval (discussion_state "moderated"). */
  moderated?: boolean;
}

interface FakePost {
  post_id: number;
  thread_id: number;
  user_id: number;
  message: string;
  attachmentIds: number[];
  last_edit_date: number;
}

interface FakeThread {
  thread_id: number;
  node_id: number;
  title: string;
  user_id: number;
  first_post_id: number;
  discussion_state: "visible" | "moderated";
  /** Unix seconds, as XenForo gives it. */
  post_date: number;
}

interface FakeAttachment {
  attachment_id: number;
  filename: string;
  content_type: string;
  file_size: number;
  bytes: Uint8Array;
  key: string;
}

interface AttachmentKey {
  userId: number;
  context: { node_id?: number; post_id?: number };
  attachmentIds: number[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  apiKey: string | null;
  apiUser: string | null;
  contentType: string | null;
  form: Record<string, string | File>;
}

/** Ways the forum can fail: every call, or only calls whose path matches `onPath`. */
export type FakeXenForoFailure =
  | "server_error" // 500 with an HTML page
  | "api_disabled" // 503 {errors:[{code:"api_disabled"}]}
  | "not_xenforo" // 200 with a HTML page: some other site
  | "redirect" // 301 to another host
  | "unreachable" // the connection fails
  | "hang" // never answers (the caller's timeout must fire)
  | "garbage_json"; // 200 with JSON that is not what XenForo sends

export const FAKE_FORUM_HOST = "forum.test";

type FakeEnv = { Variables: { userId: number; key: FakeKey } };

export function createFakeXenForo(options: { host?: string; basePath?: string } = {}) {
  const host = options.host ?? FAKE_FORUM_HOST;
  const basePath = options.basePath ?? "/community";
  const baseUrl = `https://${host}${basePath}`;

  const state = {
    users: new Map<number, string>([
      [12, "SeoBot"],
      [13, "Editor"],
    ]),
    keys: new Map<string, FakeKey>(),
    nodes: [
      { node_id: 1, title: "Genel", node_type_id: "Category", parent_node_id: 0, display_order: 1 },
      { node_id: 2, title: "Duyurular", node_type_id: "Forum", parent_node_id: 1, display_order: 2, allow_posting: true },
      { node_id: 3, title: "Makaleler", node_type_id: "Forum", parent_node_id: 1, display_order: 3, allow_posting: true },
      { node_id: 4, title: "Arşiv", node_type_id: "Forum", parent_node_id: 1, display_order: 4, allow_posting: false },
      { node_id: 5, title: "Etiketli", node_type_id: "Forum", parent_node_id: 1, display_order: 5, allow_posting: true, min_tags: 2 },
      { node_id: 6, title: "Kurallar", node_type_id: "Page", parent_node_id: 0, display_order: 6 },
    ] as FakeNode[],
    threads: new Map<number, FakeThread>(),
    posts: new Map<number, FakePost>(),
    attachments: new Map<number, FakeAttachment>(),
    attachmentKeys: new Map<string, AttachmentKey>(),
    requests: [] as RecordedRequest[],
    failure: null as { mode: FakeXenForoFailure; onPath?: RegExp } | null,
    /** Larger uploads are refused as XenForo refuses them (400). */
    maxAttachmentBytes: 10 * 1024 * 1024,
    nextId: 100,
  };

  const app = new Hono<FakeEnv>().basePath(`${basePath}/api`);

  const xfError = (c: Context, status: 400 | 401 | 403 | 404 | 503, code: string, params: unknown = []) =>
    c.json({ errors: [{ code, message: `Fake XenForo: ${code}`, params }] }, status);

  // Every call: record it, then check the key and the acting user as XenForo's API app does.
  app.use("*", async (c, next) => {
    const form = c.req.method === "POST" ? ((await c.req.parseBody({ all: false })) as Record<string, string | File>) : {};
    state.requests.push({
      method: c.req.method,
      path: new URL(c.req.url).pathname.slice(basePath.length + "/api".length),
      query: Object.fromEntries(new URL(c.req.url).searchParams),
      apiKey: c.req.header("XF-Api-Key") ?? null,
      apiUser: c.req.header("XF-Api-User") ?? null,
      contentType: c.req.header("Content-Type") ?? null,
      form,
    });
    const apiKey = c.req.header("XF-Api-Key");
    if (!apiKey) return xfError(c, 400, "no_api_key_in_request");
    const key = state.keys.get(apiKey);
    if (!key) return xfError(c, 401, "api_key_not_found");
    if (!key.active) return xfError(c, 403, "api_key_inactive");
    const requested = c.req.header("XF-Api-User");
    let userId = key.type === "user" ? key.userId! : 0;
    if (requested !== undefined && requested !== "") {
      const asked = Number(requested);
      if (key.type !== "super" && asked !== userId) return xfError(c, 403, "user_id_not_allowed");
      if (key.type === "super") {
        if (!Number.isInteger(asked) || !state.users.has(asked)) return xfError(c, 403, "user_id_not_valid");
        userId = asked;
      }
    }
    c.set("userId", userId);
    c.set("key", key);
    c.header("XF-Latest-Api-Version", "1");
    c.header("XF-Used-Api-Version", "1");
    c.header("XF-Request-User", String(userId));
    await next();
  });

  const requireScope = (c: Context<FakeEnv, any, any>, scope: string) => {
    const { scopes } = c.get("key");
    return scopes === "all" || scopes.includes(scope) ? null : xfError(c, 403, "missing_scope", { scope });
  };
  const now = () => Math.floor(Date.now() / 1000);
  const threadJson = (thread: FakeThread) => ({
    ...thread,
    username: state.users.get(thread.user_id) ?? "",
    discussion_open: true,
    discussion_type: "discussion",
    reply_count: 0,
    view_count: 0,
    sticky: false,
    prefix_id: 0,
    tags: [],
    view_url: `${baseUrl}/threads/${thread.thread_id}/`,
    can_edit: true,
    can_reply: true,
  });
  const postJson = (post: FakePost) => ({
    post_id: post.post_id,
    thread_id: post.thread_id,
    user_id: post.user_id,
    username: state.users.get(post.user_id) ?? "",
    message: post.message,
    message_state: "visible",
    is_first_post: true,
    last_edit_date: post.last_edit_date,
    view_url: `${baseUrl}/posts/${post.post_id}/`,
    Attachments: post.attachmentIds.map((id) => attachmentJson(state.attachments.get(id)!)),
  });
  const attachmentJson = (attachment: FakeAttachment) => ({
    attachment_id: attachment.attachment_id,
    filename: attachment.filename,
    file_size: attachment.file_size,
    content_type: attachment.content_type,
    direct_url: `${baseUrl}/attachments/${attachment.attachment_id}/`,
  });
  const missingInputs = (form: Record<string, unknown>, names: string[]) =>
    names.filter((name) => typeof form[name] !== "string" || form[name] === "");
  const lastForm = () => state.requests[state.requests.length - 1]!.form;

  /** Takes the attachments of a key into a post, checking the key as XenForo does. */
  function claimAttachmentKey(
    c: Context,
    key: string,
    userId: number,
    context: { node_id?: number; post_id?: number },
  ): Response | number[] {
    const found = state.attachmentKeys.get(key);
    if (!found) return xfError(c, 400, "attachment_key_unknown");
    if (found.userId !== userId) return xfError(c, 400, "attachment_key_user_wrong");
    if (found.context.node_id !== context.node_id || found.context.post_id !== context.post_id) {
      return xfError(c, 400, "attachment_key_context_wrong", { expected: context });
    }
    state.attachmentKeys.delete(key);
    return found.attachmentIds;
  }

  app.get("/index/", (c) => {
    const key = c.get("key");
    return c.json({
      version_id: 2030070,
      site_title: "Örnek Forum",
      base_url: baseUrl,
      api_url: `${baseUrl}/api`,
      key: {
        type: key.type,
        user_id: key.type === "user" ? key.userId : null,
        allow_all_scopes: key.scopes === "all",
        scopes: key.scopes === "all" ? [] : key.scopes,
      },
    });
  });

  app.get("/me/", (c) => {
    const userId = c.get("userId");
    return c.json({ me: { user_id: userId, username: state.users.get(userId) ?? "", is_admin: false, is_moderator: false } });
  });

  app.get("/nodes/", (c) => {
    const denied = requireScope(c, "node:read");
    if (denied) return denied;
    const treeMap: Record<string, number[]> = {};
    for (const node of state.nodes) (treeMap[String(node.parent_node_id)] ??= []).push(node.node_id);
    return c.json({
      tree_map: treeMap,
      nodes: state.nodes.map(({ allow_posting, require_prefix, min_tags, moderated: _moderated, ...node }) => ({
        ...node,
        node_name: null,
        description: "",
        display_in_list: true,
        view_url: `${baseUrl}/forums/${node.node_id}/`,
        breadcrumbs: [],
        type_data:
          node.node_type_id === "Forum"
            ? {
                forum_type_id: "discussion",
                allow_posting: allow_posting ?? true,
                require_prefix: require_prefix ?? false,
                min_tags: min_tags ?? 0,
              }
            : {},
      })),
    });
  });

  app.post("/threads/", (c) => {
    const denied = requireScope(c, "thread:write");
    if (denied) return denied;
    const form = lastForm();
    const missing = missingInputs(form, ["node_id", "title", "message"]);
    if (missing.length > 0) return xfError(c, 400, "required_input_missing", { missing });
    const userId = c.get("userId");
    const node = state.nodes.find((n) => n.node_id === Number(form.node_id));
    if (node?.node_type_id !== "Forum") return xfError(c, 404, "requested_page_not_found");
    if (userId === 0 || node.allow_posting === false) return xfError(c, 403, "no_permission");
    if ((node.min_tags ?? 0) > 0) return xfError(c, 400, "please_provide_at_least_x_tags", { min: node.min_tags });
    let attachmentIds: number[] = [];
    if (typeof form.attachment_key === "string" && form.attachment_key) {
      const claimed = claimAttachmentKey(c, form.attachment_key, userId, { node_id: node.node_id });
      if (claimed instanceof Response) return claimed;
      attachmentIds = claimed;
    }
    const threadId = state.nextId++;
    const postId = state.nextId++;
    const thread: FakeThread = {
      thread_id: threadId,
      node_id: node.node_id,
      title: String(form.title),
      user_id: userId,
      first_post_id: postId,
      discussion_state: node.moderated ? "moderated" : "visible",
      post_date: now(),
    };
    state.threads.set(threadId, thread);
    state.posts.set(postId, {
      post_id: postId,
      thread_id: threadId,
      user_id: userId,
      message: String(form.message),
      attachmentIds,
      last_edit_date: 0,
    });
    return c.json({ success: true, thread: threadJson(thread) });
  });

  // `GET /forums/{id}/threads`: the forum's threads, newest first (one page is enough for a fake).
  app.get("/forums/:id/threads", (c) => {
    const denied = requireScope(c, "thread:read");
    if (denied) return denied;
    const nodeId = Number(c.req.param("id"));
    if (!state.nodes.some((n) => n.node_id === nodeId && n.node_type_id === "Forum")) return xfError(c, 404, "requested_page_not_found");
    const threads = [...state.threads.values()]
      .filter((t) => t.node_id === nodeId)
      .sort((a, b) => b.post_date - a.post_date || b.thread_id - a.thread_id);
    return c.json({
      threads: threads.map(threadJson),
      pagination: { current_page: 1, last_page: 1, per_page: 20, shown: threads.length, total: threads.length },
    });
  });

  app.get("/threads/:id/", (c) => {
    const denied = requireScope(c, "thread:read");
    if (denied) return denied;
    const thread = state.threads.get(Number(c.req.param("id")));
    if (!thread) return xfError(c, 404, "requested_page_not_found");
    const body: Record<string, unknown> = { thread: threadJson(thread) };
    if (c.req.query("with_first_post") === "1") body.first_post = postJson(state.posts.get(thread.first_post_id)!);
    return c.json(body);
  });

  app.post("/threads/:id/", (c) => {
    const denied = requireScope(c, "thread:write");
    if (denied) return denied;
    const thread = state.threads.get(Number(c.req.param("id")));
    if (!thread) return xfError(c, 404, "requested_page_not_found");
    if (thread.user_id !== c.get("userId")) return xfError(c, 403, "do_not_have_permission");
    const form = lastForm();
    if (typeof form.title === "string") thread.title = form.title;
    return c.json({ success: true, thread: threadJson(thread) });
  });

  app.post("/posts/:id/", (c) => {
    const denied = requireScope(c, "thread:write");
    if (denied) return denied;
    const post = state.posts.get(Number(c.req.param("id")));
    if (!post) return xfError(c, 404, "requested_page_not_found");
    if (post.user_id !== c.get("userId")) return xfError(c, 403, "do_not_have_permission");
    const form = lastForm();
    if (typeof form.attachment_key === "string" && form.attachment_key) {
      const claimed = claimAttachmentKey(c, form.attachment_key, post.user_id, { post_id: post.post_id });
      if (claimed instanceof Response) return claimed;
      post.attachmentIds.push(...claimed);
    }
    if (typeof form.message === "string") {
      if (form.message === "") return xfError(c, 400, "please_enter_valid_message");
      post.message = form.message;
    }
    post.last_edit_date = now();
    return c.json({ success: true, post: postJson(post) });
  });

  app.post("/attachments/new-key", async (c) => {
    const denied = requireScope(c, "attachment:write");
    if (denied) return denied;
    const form = lastForm();
    const missing = missingInputs(form, ["type"]);
    if (missing.length > 0) return xfError(c, 400, "required_input_missing", { missing });
    const nodeId = form["context[node_id]"];
    const postId = form["context[post_id]"];
    if (form.type !== "post" || (typeof nodeId !== "string" && typeof postId !== "string"))
      return xfError(c, 400, "attachment_key_context_wrong");
    const key = `key-${state.nextId++}`;
    const context = typeof nodeId === "string" ? { node_id: Number(nodeId) } : { post_id: Number(postId) };
    const entry: AttachmentKey = { userId: c.get("userId"), context, attachmentIds: [] };
    state.attachmentKeys.set(key, entry);
    const file = form.attachment;
    if (!(file instanceof File)) return c.json({ key, attachment: null });
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength > state.maxAttachmentBytes) return xfError(c, 400, "uploaded_file_is_too_large");
    const attachment: FakeAttachment = {
      attachment_id: state.nextId++,
      filename: file.name,
      content_type: file.type,
      file_size: bytes.byteLength,
      bytes,
      key,
    };
    state.attachments.set(attachment.attachment_id, attachment);
    entry.attachmentIds.push(attachment.attachment_id);
    return c.json({ key, attachment: attachmentJson(attachment) });
  });

  app.notFound((c) => xfError(c, 404, "requested_page_not_found"));

  /** What the network would answer for this request, failure switches included. */
  async function handle(request: Request): Promise<Response> {
    const failure = state.failure;
    if (failure && (!failure.onPath || failure.onPath.test(new URL(request.url).pathname))) {
      switch (failure.mode) {
        case "unreachable":
          throw new TypeError("Network connection lost.");
        case "hang":
          return new Promise<Response>((_, reject) =>
            request.signal.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError"))),
          );
        case "server_error":
          return new Response("<html><body>Internal Server Error: secret stack trace</body></html>", {
            status: 500,
            headers: { "Content-Type": "text/html" },
          });
        case "api_disabled":
          return Response.json({ errors: [{ code: "api_disabled", message: "The API is disabled.", params: [] }] }, { status: 503 });
        case "not_xenforo":
          return new Response("<!doctype html><html><body>Just a blog</body></html>", {
            status: 200,
            headers: { "Content-Type": "text/html" },
          });
        case "redirect":
          return new Response(null, { status: 301, headers: { Location: `https://www.${host}${basePath}/api/index/` } });
        case "garbage_json":
          return Response.json({ hello: "world" });
      }
    }
    return app.fetch(request);
  }

  return {
    host,
    baseUrl,
    state,
    app,
    handle,
    /** Adds an API key; a user key of user 12 with every needed scope unless told otherwise. */
    addKey(key: string, fields: Partial<FakeKey> = {}): string {
      state.keys.set(key, {
        type: "user",
        userId: 12,
        scopes: ["node:read", "thread:read", "thread:write", "attachment:write"],
        active: true,
        ...fields,
      });
      return key;
    },
    failWith(mode: FakeXenForoFailure | null, onPath?: RegExp) {
      state.failure = mode ? { mode, onPath } : null;
    },
    requestsTo(method: string, path: string) {
      return state.requests.filter((r) => r.method === method && r.path === path);
    },
  };
}

export type FakeXenForo = ReturnType<typeof createFakeXenForo>;
