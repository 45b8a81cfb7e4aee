import { Hono, type Context } from "hono";
import { seedContent, type FakeComment, type FakeContent, type FakeMedia, type FakePost, type FakeTerm } from "./wordpress-data";

/**
 * A fake WordPress 6.1 REST API (wp/v2) following the WordPress REST API Handbook and
 * what the real peer answered (scripts/wordpress-peer/README.md): Basic auth with an
 * application password, wp/v2 error bodies, X-WP-Total(Pages), the `approve` comment filter,
 * forced media deletion. Failure switches: `failure`, `revokeAppPassword()`.
 */
export type FakeWordPressFailure = null | "not_wordpress" | "server_error" | "slow";

export interface FakeWordPressOptions {
  origin?: string;
  postCount?: number;
  /** false: /wp-json/ is an HTML 404; the API answers at /?rest_route=/ (announced by the Link header). */
  prettyPermalinks?: boolean;
}

export interface RecordedRequest {
  method: string;
  route: string;
  query: Record<string, string>;
  authenticated: boolean;
  contentType: string | null;
  body: string;
}

const USER = { id: 1, login: "admin", email: "admin@example.com", name: "Site Admin" };

export function createFakeWordPress(options: FakeWordPressOptions = {}) {
  const origin = options.origin ?? "https://blog.example.com";
  const pretty = options.prettyPermalinks ?? true;
  const apiRoot = pretty ? `${origin}/wp-json/` : `${origin}/?rest_route=/`;
  const fake = {
    origin,
    content: seedContent(options.postCount ?? 25),
    appPassword: "abcd EFGH 1234 ijkl MNOP 5678",
    failure: null as FakeWordPressFailure,
    /** The application-password user; `name` is their display name, the byline of the posts they write. */
    user: { ...USER },
    slowMs: 5_000,
    requests: [] as RecordedRequest[],
    /** The IndexNow key the connector (1.2.0+) was handed; it serves it at /{key}.txt. */
    indexNowKey: null as string | null,
    /** The user deleted the application password in WordPress: the stored one stops working. */
    revokeAppPassword() {
      fake.appPassword = "zzzz zzzz zzzz zzzz zzzz zzzz";
    },
    /** Requests of one route (`wp/v2/posts`…), optionally of one method. */
    calls(route: string, method?: string) {
      return fake.requests.filter((r) => r.route === route && (!method || r.method === method));
    },
    /**
     * The next `count` requests matching `method` and `route` are carried out, then their answer is
     * lost (the connection drops): what a crash between a platform call and its record looks like.
     */
    loseAnswers(method: string, route: RegExp, count = 1) {
      lostAnswers.push({ method, route, left: count });
    },
    /**
     * The next request matching `method` and `route` is carried out, then its answer waits until
     * `release()`: a call in flight, for races. `reached` resolves once it has been carried out.
     */
    holdAnswer(method: string, route: RegExp) {
      let release!: () => void;
      let reached!: () => void;
      const hold = {
        method,
        route,
        used: false,
        released: new Promise<void>((resolve) => (release = resolve)),
        reached: new Promise<void>((resolve) => (reached = resolve)),
        markReached: () => reached(),
      };
      heldAnswers.push(hold);
      return { reached: hold.reached, release };
    },
    /** For a fake network shared with other fakes (test/fakes/network.ts). */
    peer: { host: new URL(origin).host, handle: (request: Request) => answer(request) },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).origin !== origin)
        throw new Error(`Unexpected outbound request to ${request.url} (the fake serves ${origin})`);
      return answer(request);
    }) as typeof fetch,
  };

  const lostAnswers: { method: string; route: RegExp; left: number }[] = [];
  const heldAnswers: { method: string; route: RegExp; used: boolean; released: Promise<void>; markReached: () => void }[] = [];
  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const route = url.searchParams.get("rest_route") ?? url.pathname.replace(/^\/wp-json/, "");
    const lost = lostAnswers.find((l) => l.left > 0 && l.method === request.method && l.route.test(route));
    const held = heldAnswers.find((h) => !h.used && h.method === request.method && h.route.test(route));
    if (held) held.used = true;
    const response = await app.fetch(request);
    if (held) {
      held.markReached();
      await held.released;
    }
    if (!lost) return response;
    lost.left -= 1;
    throw new TypeError("Network connection lost");
  }

  const app = new Hono<{ Variables: { authenticated: boolean; anonymousOrValid: boolean } }>();

  app.use("*", async (c, next) => {
    if (fake.failure === "not_wordpress") return c.html("<html><body><h1>Not Found</h1></body></html>", 404);
    if (fake.failure === "server_error") return c.html("<html><body>There has been a critical error on this website.</body></html>", 500);
    if (fake.failure === "slow") await sleepUnlessAborted(fake.slowMs, c.req.raw.signal);
    await next();
  });

  // The index is `/__rest` (routing is strict): `/wp-json/` and `?rest_route=/` both reach it.
  const restPath = (route: string) => (route === "/" ? "/__rest" : `/__rest${route}`);

  // Without pretty permalinks only the rest_route form reaches the API.
  app.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    const restRoute = url.searchParams.get("rest_route");
    if (url.pathname === "/" && restRoute) {
      url.searchParams.delete("rest_route");
      url.pathname = restPath(restRoute);
      return app.fetch(new Request(url, c.req.raw));
    }
    if (url.pathname.startsWith("/wp-json") && !pretty) return c.html("<html><body>Not Found</body></html>", 404);
    if (url.pathname.startsWith("/wp-json/")) {
      url.pathname = restPath(url.pathname.slice("/wp-json".length));
      return app.fetch(new Request(url, c.req.raw));
    }
    await next();
  });

  app.get("/", (c) => {
    c.header("Link", `<${apiRoot}>; rel="https://api.w.org/"`);
    return c.html(`<html><head><link rel="https://api.w.org/" href="${apiRoot}" /></head><body>Fake Blog</body></html>`);
  });

  const rest = new Hono<{ Variables: { authenticated: boolean } }>();

  rest.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    const body = c.req.header("Content-Type")?.startsWith("application/json") ? await c.req.raw.clone().text() : "";
    const authenticated = isAuthenticated(c.req.header("Authorization"), fake.appPassword);
    c.set("authenticated", authenticated);
    fake.requests.push({
      method: c.req.method,
      route: url.pathname.replace(/^\/__rest\/?/, ""),
      query: Object.fromEntries(url.searchParams),
      authenticated,
      contentType: c.req.header("Content-Type") ?? null,
      body,
    });
    await next();
  });

  // The index: `name` is the Site Title (`fake.content.settings.title`), public, at both root forms.
  rest.get("/", (c) =>
    c.json({
      name: fake.content.settings.title,
      description: fake.content.settings.description,
      url: origin,
      home: origin,
      namespaces: ["oembed/1.0", "wp/v2"],
      authentication: { "application-passwords": {} },
      routes: {},
    }),
  );

  rest.get("/wp/v2/users/me", (c) => {
    if (!c.get("authenticated")) return wpError(c, 401, "rest_not_logged_in", "You are not currently logged in.");
    return c.json({ id: fake.user.id, name: fake.user.name, slug: fake.user.login, link: `${origin}/author/admin/` });
  });

  // The connector plugin's status route exists only while the plugin is active.
  rest.get("/content-autopilot/v1/status", (c) => {
    const connector = fake.content.connector;
    if (!connector) return wpError(c, 404, "rest_no_route", "No route was found matching the URL and request method.");
    if (!c.get("authenticated")) return wpError(c, 401, "rest_forbidden", "Sorry, you are not allowed to do that.");
    return c.json({
      connector: connector.version,
      seoPlugin: connector.seoPlugin,
      seoPluginVersion: connector.seoPlugin ? "1.0" : null,
      wordpress: "6.1.9",
      metaKeys: Object.keys(connectorMetaLimits(connector.version)),
    });
  });

  // Connector 1.2.0+: stores the site's IndexNow key (publish_posts, like the plugin) and serves it at the root.
  rest.post("/content-autopilot/v1/indexnow-key", async (c) => {
    const connector = fake.content.connector;
    if (!connector || !servesIndexNowKey(connector.version))
      return wpError(c, 404, "rest_no_route", "No route was found matching the URL and request method.");
    if (!c.get("authenticated")) return wpError(c, 401, "rest_forbidden", "Sorry, you are not allowed to do that.");
    const body = (await c.req.json().catch(() => ({}))) as { key?: unknown };
    if (typeof body.key !== "string" || !INDEXNOW_KEY.test(body.key))
      return wpError(c, 400, "rest_invalid_param", "Invalid parameter(s): key", { params: { key: "key does not match pattern" } });
    fake.indexNowKey = body.key;
    return c.json({ key: body.key });
  });

  registerPostRoutes(rest, fake.content, origin);
  registerTermRoutes(rest, fake.content, origin);
  registerCommentRoutes(rest, fake.content, origin);
  registerMediaRoutes(rest, fake.content, origin);

  rest.get("/wp/v2/settings", (c) =>
    c.get("authenticated")
      ? c.json(settingsJson(fake.content, origin))
      : wpError(c, 401, "rest_forbidden", "Sorry, you are not allowed to do that."),
  );
  rest.post("/wp/v2/settings", async (c) => {
    if (!c.get("authenticated")) return wpError(c, 401, "rest_forbidden", "Sorry, you are not allowed to do that.");
    const body = (await c.req.json()) as { title?: unknown; description?: unknown };
    for (const field of ["title", "description"] as const) {
      if (body[field] === undefined) continue;
      if (typeof body[field] !== "string") return wpError(c, 400, "rest_invalid_param", `Invalid parameter(s): ${field}`);
      fake.content.settings[field] = body[field];
    }
    return c.json(settingsJson(fake.content, origin));
  });

  rest.all("*", (c) => wpError(c, 404, "rest_no_route", "No route was found matching the URL and request method."));
  // Mounted last: Hono copies a sub-app's routes when it is mounted.
  app.route("/__rest", rest);
  app.get("/:file{[A-Za-z0-9-]+\\.txt}", (c, next) => {
    const key = fake.indexNowKey;
    const serving = key !== null && fake.content.connector !== null && servesIndexNowKey(fake.content.connector.version);
    if (!serving || c.req.param("file") !== `${key}.txt`) return next();
    return c.text(key);
  });
  // A published post's page; a former slug answers 301 to it, as wp_old_slug_redirect does.
  app.get("/:slug{[a-z0-9-]+}/", (c, next) => {
    const slug = c.req.param("slug");
    const live = fake.content.posts.find((p) => p.status === "publish" && p.slug === slug);
    if (live) return c.html(`<html><body><h1>${live.title}</h1></body></html>`);
    const moved = fake.content.posts.find((p) => p.status === "publish" && p.oldSlugs?.includes(slug));
    return moved ? c.redirect(`${origin}/${moved.slug}/`, 301) : next();
  });
  app.all("*", (c) => c.html("<html><body>Page not found</body></html>", 404));

  return fake;
}

/** WordPress keeps a published post's former slug (`_wp_old_slug`), and forgets one that comes back. */
function changeSlug(post: FakePost, slug: string): void {
  if (post.status === "publish" && slug !== post.slug) post.oldSlugs = [...(post.oldSlugs ?? []).filter((old) => old !== slug), post.slug];
  post.slug = slug;
}

export type FakeWordPress = ReturnType<typeof createFakeWordPress>;

const INDEXNOW_KEY = /^[a-zA-Z0-9-]{8,128}$/;

/** Connector 1.2.0 and later keep and serve an IndexNow key. */
function servesIndexNowKey(version: string): boolean {
  return connectorAtLeast(version, 1, 2);
}

function connectorAtLeast(version: string, wantMajor: number, wantMinor: number): boolean {
  const [major = 0, minor = 0] = version.split(".").map((part) => Number.parseInt(part, 10) || 0);
  return major > wantMajor || (major === wantMajor && minor >= wantMinor);
}

type Rest = Hono<{ Variables: { authenticated: boolean } }>;
type RestContext = Context<{ Variables: { authenticated: boolean } }>;

function isAuthenticated(header: string | undefined, appPassword: string): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? "");
  if (!match) return false;
  const decoded = new TextDecoder().decode(Uint8Array.from(atob(match[1]!), (ch) => ch.charCodeAt(0)));
  const colon = decoded.indexOf(":");
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1).replace(/[^a-z0-9]/gi, "");
  return (user === USER.login || user === USER.email) && password === appPassword.replace(/[^a-z0-9]/gi, "");
}

export function wpError(c: Context<any>, status: number, code: string, message: string, data: Record<string, unknown> = {}) {
  return c.json({ code, message, data: { status, ...data } }, status as 400);
}

function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Paging as WordPress does it: per_page 1–100, X-WP-Total(Pages), `pastEnd` says what a page past the end gives. */
function paginate<T>(c: RestContext, items: T[], pastEnd: "empty" | "error") {
  const page = Number(c.req.query("page") ?? "1");
  const perPage = Number(c.req.query("per_page") ?? "10");
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
    return {
      error: wpError(c, 400, "rest_invalid_param", "Invalid parameter(s): per_page", {
        params: { per_page: "per_page must be between 1 (inclusive) and 100 (inclusive)" },
      }),
    };
  if (!Number.isInteger(page) || page < 1) return { error: wpError(c, 400, "rest_invalid_param", "Invalid parameter(s): page") };
  const totalPages = Math.ceil(items.length / perPage);
  if (page > totalPages && pastEnd === "error" && items.length > 0) {
    return {
      error: wpError(c, 400, "rest_post_invalid_page_number", "The page number requested is larger than the number of pages available."),
    };
  }
  c.header("X-WP-Total", String(items.length));
  c.header("X-WP-TotalPages", String(totalPages));
  return { items: items.slice((page - 1) * perPage, page * perPage) };
}

function postJson(post: FakePost, origin: string, edit: boolean) {
  const withRaw = (text: string) => (edit ? { rendered: text, raw: text } : { rendered: text });
  return {
    id: post.id,
    date: post.dateGmt,
    date_gmt: post.dateGmt,
    modified: post.modifiedGmt,
    modified_gmt: post.modifiedGmt,
    slug: post.slug,
    status: post.status,
    type: post.type,
    link: post.status === "publish" ? `${origin}/${post.slug}/` : `${origin}/?p=${post.id}`,
    title: withRaw(post.title),
    content: { ...withRaw(post.content), protected: false },
    excerpt: { ...withRaw(post.excerpt), protected: false },
    author: 1,
    featured_media: post.featuredMedia,
    meta: { ...(post.meta ?? {}) },
    ...(post.oldSlugs ? { content_autopilot_old_slugs: post.oldSlugs } : {}),
    ...(post.type === "post" ? { categories: post.categories, tags: post.tags } : { parent: 0, menu_order: 0 }),
  };
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, "");

function slugOf(text: string, taken: (slug: string) => boolean): string {
  const base =
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "untitled";
  let slug = base;
  for (let n = 2; taken(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

function registerPostRoutes(rest: Rest, content: FakeContent, origin: string) {
  for (const type of ["post", "page"] as const) {
    const route = type === "post" ? "/wp/v2/posts" : "/wp/v2/pages";
    rest.get(route, (c) => {
      const edit = c.req.query("context") === "edit";
      if (edit && !c.get("authenticated"))
        return wpError(c, 401, "rest_forbidden_context", "Sorry, you are not allowed to edit posts in this post type.");
      const statuses = (c.req.query("status") ?? "publish").split(",");
      if (statuses.some((s) => s !== "publish") && !c.get("authenticated"))
        return wpError(c, 400, "rest_invalid_param", "Invalid parameter(s): status", { params: { status: "Status is forbidden." } });
      const slug = c.req.query("slug");
      // WordPress `search` matches the words in the title, excerpt or raw content (LIKE '%word%').
      const words = (c.req.query("search") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      const matches = (p: FakePost) =>
        words.every((word) => [p.title, p.excerpt, p.content].some((field) => field.toLowerCase().includes(word)));
      const items = content.posts
        .filter((p) => p.type === type && statuses.includes(p.status) && (slug === undefined || p.slug === slug) && matches(p))
        .sort((a, b) => b.dateGmt.localeCompare(a.dateGmt) || b.id - a.id);
      const result = paginate(c, items, "error");
      if (result.error) return result.error;
      const fields = c.req.query("_fields")?.split(",");
      return c.json(result.items.map((p) => pick(postJson(p, origin, edit), fields)));
    });

    rest.get(`${route}/:id{[0-9]+}`, (c) => {
      const post = content.posts.find((p) => p.id === Number(c.req.param("id")) && p.type === type);
      if (!post || (post.status !== "publish" && !c.get("authenticated")))
        return wpError(c, 404, "rest_post_invalid_id", "Invalid post ID.");
      return c.json(postJson(post, origin, c.req.query("context") === "edit" && c.get("authenticated")));
    });

    rest.post(route, async (c) => {
      if (!c.get("authenticated")) return wpError(c, 401, "rest_cannot_create", "Sorry, you are not allowed to create posts as this user.");
      const body = (await c.req.json()) as Record<string, unknown>;
      const invalid = validatePostBody(body, content);
      if (invalid) return wpError(c, 400, "rest_invalid_param", `Invalid parameter(s): ${invalid}`);
      const title = String(body.title ?? "");
      const post: FakePost = {
        id: content.nextId++,
        type,
        // Stored as sent: the connected user is an administrator, who may post unfiltered HTML.
        title,
        content: String(body.content ?? ""),
        excerpt: String(body.excerpt ?? ""),
        slug: slugOf(String(body.slug ?? title), (s) => content.posts.some((p) => p.slug === s)),
        status: (body.status as FakePost["status"]) ?? "draft",
        dateGmt: now(),
        modifiedGmt: now(),
        categories: (body.categories as number[]) ?? (type === "post" ? [1] : []),
        tags: (body.tags as number[]) ?? [],
        featuredMedia: (body.featured_media as number) ?? 0,
        meta: connectorMeta(content, body.meta, origin),
      };
      content.posts.push(post);
      c.header("Location", `${origin}/wp-json/wp/v2/${type}s/${post.id}`);
      return c.json(postJson(post, origin, true), 201);
    });

    rest.post(`${route}/:id{[0-9]+}`, async (c) => {
      if (!c.get("authenticated")) return wpError(c, 401, "rest_cannot_edit", "Sorry, you are not allowed to edit this post.");
      const post = content.posts.find((p) => p.id === Number(c.req.param("id")) && p.type === type);
      if (!post) return wpError(c, 404, "rest_post_invalid_id", "Invalid post ID.");
      const body = (await c.req.json()) as Record<string, unknown>;
      const invalid = validatePostBody(body, content);
      if (invalid) return wpError(c, 400, "rest_invalid_param", `Invalid parameter(s): ${invalid}`);
      if (body.title !== undefined) post.title = String(body.title);
      if (body.content !== undefined) post.content = String(body.content);
      if (body.excerpt !== undefined) post.excerpt = String(body.excerpt);
      if (body.slug !== undefined) changeSlug(post, String(body.slug));
      if (body.status !== undefined) post.status = body.status as FakePost["status"];
      if (body.categories !== undefined) post.categories = body.categories as number[];
      if (body.tags !== undefined) post.tags = body.tags as number[];
      if (body.featured_media !== undefined) post.featuredMedia = body.featured_media as number;
      post.meta = { ...post.meta, ...connectorMeta(content, body.meta, origin) };
      post.modifiedGmt = now();
      return c.json(postJson(post, origin, true));
    });
  }
}

/**
 * The meta keys the installed connector registers, with their REST schema's maxLength (WordPress
 * answers 400 `rest_too_long` past it): `_ca_…` up to 1.0.x, `_content_autopilot_…` from 1.1.0.
 */
function connectorMetaLimits(version: string): Record<string, number> {
  const prefix = /^(0|1\.0)(\.|$)/.test(version) ? "_ca_" : "_content_autopilot_";
  const keys = { [`${prefix}seo_title`]: 300, [`${prefix}seo_desc`]: 1000, [`${prefix}canonical`]: 2048, [`${prefix}jsonld`]: 65_535 };
  // 1.3.0 (includes/site-health.php): the redirect of a merged post and the noindex of a page without traction.
  return connectorAtLeast(version, 1, 3) ? { ...keys, _content_autopilot_redirect: 2048, _content_autopilot_robots: 20 } : keys;
}

/** The meta WordPress keeps from a request: registered keys only (the connector's, while it is active); others are ignored, as WordPress does. */
function connectorMeta(content: FakeContent, meta: unknown, origin: string): Record<string, string> {
  if (!content.connector || !meta || typeof meta !== "object") return {};
  const registered = connectorMetaLimits(content.connector.version);
  return Object.fromEntries(
    Object.entries(meta as Record<string, unknown>)
      .filter(([key, value]) => key in registered && typeof value === "string")
      .map(([key, value]) => [key, sanitizedMeta(key, value as string, origin)]),
  ) as Record<string, string>;
}

/** The plugin's sanitize callbacks of the site-health keys: a redirect stays on the site's host, robots is "noindex" or "". */
function sanitizedMeta(key: string, value: string, origin: string): string {
  if (key === "_content_autopilot_robots") return value.trim().toLowerCase() === "noindex" ? "noindex" : "";
  if (key !== "_content_autopilot_redirect") return value;
  try {
    const url = new URL(value.trim());
    return /^https?:$/.test(url.protocol) && url.host === new URL(origin).host ? url.href : "";
  } catch {
    return "";
  }
}

function validatePostBody(body: Record<string, unknown>, content: FakeContent): string | null {
  if (content.connector && body.meta && typeof body.meta === "object") {
    const limits = connectorMetaLimits(content.connector.version);
    const tooLong = Object.entries(body.meta as Record<string, unknown>).find(
      ([key, value]) => typeof value === "string" && [...value].length > (limits[key] ?? Infinity),
    );
    if (tooLong) return `meta.${tooLong[0]}`;
  }
  if (body.status !== undefined && !["publish", "draft", "pending", "private", "future"].includes(String(body.status))) return "status";
  for (const [field, taxonomy] of [
    ["categories", "category"],
    ["tags", "post_tag"],
  ] as const) {
    const ids = body[field];
    if (ids === undefined) continue;
    if (!Array.isArray(ids) || ids.some((id) => !content.terms.some((t) => t.id === id && t.taxonomy === taxonomy))) return field;
  }
  if (body.featured_media !== undefined && body.featured_media !== 0 && !content.media.some((m) => m.id === body.featured_media))
    return "featured_media";
  return null;
}

function termJson(term: FakeTerm, origin: string) {
  const base = {
    id: term.id,
    count: term.count,
    description: term.description,
    link: `${origin}/${term.taxonomy === "category" ? "category" : "tag"}/${term.slug}/`,
    name: escapeHtml(term.name),
    slug: term.slug,
    taxonomy: term.taxonomy,
    meta: [],
  };
  return term.taxonomy === "category" ? { ...base, parent: term.parent } : base;
}

function registerTermRoutes(rest: Rest, content: FakeContent, origin: string) {
  for (const taxonomy of ["category", "post_tag"] as const) {
    const route = taxonomy === "category" ? "/wp/v2/categories" : "/wp/v2/tags";
    rest.get(route, (c) => {
      const search = c.req.query("search")?.toLowerCase();
      const items = content.terms
        .filter((t) => t.taxonomy === taxonomy && (!search || t.name.toLowerCase().includes(search) || t.slug.includes(search)))
        .sort((a, b) => a.name.localeCompare(b.name));
      const result = paginate(c, items, "empty");
      return result.error ?? c.json(result.items.map((t) => termJson(t, origin)));
    });
    rest.post(route, async (c) => {
      if (!c.get("authenticated"))
        return wpError(c, 401, "rest_cannot_create", "Sorry, you are not allowed to create terms in this taxonomy.");
      const body = (await c.req.json()) as { name?: unknown; description?: unknown; parent?: unknown };
      if (typeof body.name !== "string" || body.name.trim() === "")
        return wpError(c, 400, "rest_missing_callback_param", "Missing parameter(s): name");
      const parent = typeof body.parent === "number" ? body.parent : 0;
      if (parent && !content.terms.some((t) => t.id === parent && t.taxonomy === "category"))
        return wpError(c, 400, "rest_term_invalid", "Parent term does not exist.");
      const name = body.name.trim();
      const existing = content.terms.find(
        (t) => t.taxonomy === taxonomy && t.name.toLowerCase() === name.toLowerCase() && t.parent === parent,
      );
      if (existing)
        return wpError(c, 400, "term_exists", "A term with the name provided already exists with this parent.", { term_id: existing.id });
      const term: FakeTerm = {
        id: content.nextId++,
        taxonomy,
        name,
        slug: slugOf(name, (s) => content.terms.some((t) => t.slug === s && t.taxonomy === taxonomy)),
        description: typeof body.description === "string" ? body.description : "",
        parent,
        count: 0,
      };
      content.terms.push(term);
      return c.json(termJson(term, origin), 201);
    });
  }
}

function commentJson(comment: FakeComment, origin: string) {
  return {
    id: comment.id,
    post: comment.post,
    parent: comment.parent,
    author: 0,
    author_name: comment.authorName,
    author_url: "",
    date: comment.dateGmt,
    date_gmt: comment.dateGmt,
    content: { rendered: comment.content },
    link: `${origin}/?p=${comment.post}#comment-${comment.id}`,
    status: comment.status,
    type: "comment",
  };
}

function registerCommentRoutes(rest: Rest, content: FakeContent, origin: string) {
  rest.get("/wp/v2/comments", (c) => {
    const filter = c.req.query("status") ?? "approve";
    if (filter !== "approve" && !c.get("authenticated"))
      return wpError(c, 401, "rest_forbidden_param", "Query parameter not permitted: status");
    // WordPress filters with `approve` while objects say `approved`: `status=approved` matches nothing.
    const wanted: Record<string, FakeComment["status"][]> = {
      approve: ["approved"],
      hold: ["hold"],
      spam: ["spam"],
      trash: ["trash"],
      all: ["approved", "hold"],
    };
    const items = content.comments
      .filter((m) => (wanted[filter] ?? []).includes(m.status))
      .sort((a, b) => b.dateGmt.localeCompare(a.dateGmt) || b.id - a.id);
    const result = paginate(c, items, "empty");
    return result.error ?? c.json(result.items.map((m) => commentJson(m, origin)));
  });
  rest.post("/wp/v2/comments/:id{[0-9]+}", async (c) => {
    if (!c.get("authenticated")) return wpError(c, 401, "rest_cannot_edit", "Sorry, you are not allowed to edit this comment.");
    const comment = content.comments.find((m) => m.id === Number(c.req.param("id")));
    if (!comment) return wpError(c, 404, "rest_comment_invalid_id", "Invalid comment ID.");
    const { status } = (await c.req.json()) as { status?: string };
    const next: Record<string, FakeComment["status"]> = {
      approve: "approved",
      approved: "approved",
      "1": "approved",
      hold: "hold",
      "0": "hold",
      spam: "spam",
      trash: "trash",
    };
    if (status !== undefined) {
      if (!next[status]) return wpError(c, 400, "rest_comment_failed_edit", "Updating comment status failed.");
      comment.status = next[status];
    }
    return c.json(commentJson(comment, origin));
  });
}

function mediaJson(media: FakeMedia, origin: string) {
  return {
    id: media.id,
    date: media.dateGmt,
    date_gmt: media.dateGmt,
    slug: media.fileName.replace(/\.[a-z]+$/, ""),
    status: "inherit",
    type: "attachment",
    link: `${origin}/${media.fileName}/`,
    title: { rendered: media.title },
    alt_text: media.altText,
    caption: { rendered: "" },
    media_type: media.mimeType.startsWith("image/") ? "image" : "file",
    mime_type: media.mimeType,
    media_details: { width: 1200, height: 800, file: `2026/11/${media.fileName}`, filesize: media.bytes },
    post: media.post || null,
    source_url: `${origin}/wp-content/uploads/2026/11/${media.fileName}`,
  };
}

function registerMediaRoutes(rest: Rest, content: FakeContent, origin: string) {
  rest.get("/wp/v2/media", (c) => {
    // WordPress `search` matches the attachment's title, which an upload takes from the file name.
    const search = c.req.query("search")?.toLowerCase();
    const items = [...content.media]
      .filter((m) => !search || m.title.toLowerCase().includes(search))
      .sort((a, b) => b.dateGmt.localeCompare(a.dateGmt) || b.id - a.id);
    const result = paginate(c, items, "error");
    return result.error ?? c.json(result.items.map((m) => mediaJson(m, origin)));
  });
  rest.get("/wp/v2/media/:id{[0-9]+}", (c) => {
    const media = content.media.find((m) => m.id === Number(c.req.param("id")));
    return media ? c.json(mediaJson(media, origin)) : wpError(c, 404, "rest_post_invalid_id", "Invalid post ID.");
  });
  rest.post("/wp/v2/media", async (c) => {
    if (!c.get("authenticated")) return wpError(c, 401, "rest_cannot_create", "Sorry, you are not allowed to upload media as this user.");
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength === 0) return wpError(c, 400, "rest_upload_no_data", "No data supplied.");
    const type = c.req.header("Content-Type");
    if (!type) return wpError(c, 400, "rest_upload_no_content_type", "No Content-Type supplied.");
    const disposition = c.req.header("Content-Disposition");
    if (!disposition) return wpError(c, 400, "rest_upload_no_content_disposition", "No Content-Disposition supplied.");
    const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1];
    if (!fileName) return wpError(c, 400, "rest_upload_invalid_disposition", "Invalid Content-Disposition supplied.");
    const media: FakeMedia = {
      id: content.nextId++,
      title: fileName.replace(/\.[a-z]+$/i, ""),
      fileName,
      mimeType: type,
      altText: "",
      bytes: bytes.byteLength,
      dateGmt: now(),
    };
    content.media.push(media);
    return c.json(mediaJson(media, origin), 201);
  });
  rest.post("/wp/v2/media/:id{[0-9]+}", async (c) => {
    if (!c.get("authenticated")) return wpError(c, 401, "rest_cannot_edit", "Sorry, you are not allowed to edit this post.");
    const media = content.media.find((m) => m.id === Number(c.req.param("id")));
    if (!media) return wpError(c, 404, "rest_post_invalid_id", "Invalid post ID.");
    const body = (await c.req.json()) as { alt_text?: string; title?: string; post?: number };
    if (body.alt_text !== undefined) media.altText = body.alt_text;
    if (body.title !== undefined) media.title = body.title;
    if (body.post !== undefined) media.post = body.post;
    return c.json(mediaJson(media, origin));
  });
  rest.delete("/wp/v2/media/:id{[0-9]+}", (c) => {
    if (!c.get("authenticated")) return wpError(c, 401, "rest_cannot_delete", "Sorry, you are not allowed to delete this post.");
    const media = content.media.find((m) => m.id === Number(c.req.param("id")));
    if (!media) return wpError(c, 404, "rest_post_invalid_id", "Invalid post ID.");
    if (c.req.query("force") !== "true")
      return wpError(c, 501, "rest_trash_not_supported", "The post does not support trashing. Set 'force=true' to delete.");
    content.media = content.media.filter((m) => m !== media);
    return c.json({ deleted: true, previous: mediaJson(media, origin) });
  });
}

function settingsJson(content: FakeContent, origin: string) {
  return {
    ...content.settings,
    url: origin,
    email: "admin@example.com",
    date_format: "F j, Y",
    time_format: "g:i a",
    start_of_week: 1,
    use_smilies: true,
    default_category: 1,
    posts_per_page: 10,
  };
}

function pick<T extends Record<string, unknown>>(object: T, fields: string[] | undefined): Partial<T> {
  if (!fields) return object;
  return Object.fromEntries(Object.entries(object).filter(([key]) => fields.includes(key))) as Partial<T>;
}
