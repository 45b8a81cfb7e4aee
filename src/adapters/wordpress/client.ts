import { z } from "zod";
import { bytesToBase64 } from "../../core/crypto";
import { isWordPressFailure, WordPressError } from "./errors";
import { readWordPressAnswer } from "./request";
import {
  WpCommentSchema,
  WpConnectorStatusSchema,
  WpDeletedSchema,
  WpIndexSchema,
  WpMediaSchema,
  WpPostSchema,
  WpSettingsSchema,
  WpTermSchema,
  WpUserSchema,
  type WpComment,
  type WpConnectorStatus,
  type WpMedia,
  type WpPost,
  type WpSettings,
  type WpTerm,
  type WpUser,
} from "./schemas";
import { exchange, type Transport } from "./transport";

export interface WordPressClientOptions extends Transport {
  /** The site address, e.g. `https://blog.example.com`. */
  baseUrl: string;
  /** The discovered REST root; `<baseUrl>/wp-json/` when not given. */
  apiRoot?: string | null;
  username: string;
  appPassword: string;
}

export interface WpPage<T> {
  items: T[];
  total: number;
  totalPages: number;
  /** False when a proxy stripped X-WP-Total(Pages): the totals are only what this page proves. */
  totalsKnown: boolean;
}

export interface PageRequest {
  page: number;
  perPage: number;
}

type Query = Record<string, string | number | undefined>;
type Method = "GET" | "POST" | "DELETE";

interface CallOptions {
  query?: Query;
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
  notFound?: string;
  /** A missing route is an expected answer here (an optional plugin's route): not logged. */
  optionalRoute?: boolean;
}

/** Comment statuses as WordPress filters them: the list filter says `approve`, objects say `approved`. */
export type WpCommentFilter = "approve" | "hold" | "spam" | "trash" | "all";
export type WpCommentStatus = "approved" | "hold" | "spam" | "trash";

export interface WpPostInput {
  title: string;
  content: string;
  excerpt?: string;
  slug?: string;
  status?: "publish" | "draft" | "pending" | "private";
  categories?: number[];
  tags?: number[];
  featured_media?: number;
  /** Post meta registered for REST: the connector plugin's SEO fields. */
  meta?: Record<string, string>;
}

export function defaultApiRoot(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/wp-json/`;
}

/**
 * A small typed client of the WordPress REST API (wp/v2) using an application password.
 * Replies are parsed with zod; failures are WordPressErrors (see errors.ts).
 */
export class WordPressClient {
  readonly apiRoot: string;
  private readonly authorization: string;

  constructor(private readonly options: WordPressClientOptions) {
    this.apiRoot = options.apiRoot ?? defaultApiRoot(options.baseUrl);
    const credentials = new TextEncoder().encode(`${options.username}:${options.appPassword}`);
    this.authorization = `Basic ${bytesToBase64(credentials)}`;
  }

  /** The URL of a route under the REST root, for both root forms (`/wp-json/` and `?rest_route=/`). */
  routeUrl(route: string, query: Query = {}): string {
    const root = new URL(this.apiRoot);
    let url: URL;
    if (root.searchParams.has("rest_route")) {
      url = root;
      url.searchParams.set("rest_route", `/${route.replace(/^\/+/, "")}`);
    } else {
      url = new URL(route.replace(/^\/+/, ""), root.toString().endsWith("/") ? root : `${root}/`);
    }
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  private async call<S extends z.ZodType>(schema: S, method: Method, route: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { Accept: "application/json", Authorization: this.authorization, ...options.headers };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.body) {
      body = options.body;
    }
    const answer = await exchange(this.options, this.routeUrl(route, options.query), { method, headers, body });
    const data = readWordPressAnswer(schema, answer, { method, route, notFound: options.notFound, optionalRoute: options.optionalRoute });
    return { data, headers: answer.response.headers, finalUrl: answer.url };
  }

  private async list<S extends z.ZodType>(schema: S, route: string, request: PageRequest, query: Query = {}): Promise<WpPage<z.infer<S>>> {
    const pageQuery = { ...query, page: request.page, per_page: request.perPage };
    try {
      const { data, headers } = await this.call(z.array(schema), "GET", route, { query: pageQuery });
      return { items: data, ...totalsOf(headers, data.length, request) };
    } catch (error) {
      if (!isWordPressFailure(error, "invalid_page")) throw error;
      // Past the end: an empty page, with the totals WordPress gives for the first one.
      const { headers } = await this.call(z.array(z.unknown()), "GET", route, {
        query: { ...query, page: 1, per_page: request.perPage, _fields: "id" },
      });
      return { items: [], ...totalsOf(headers, 0, request) };
    }
  }

  /**
   * Verifies the credentials: 401 means WordPress refused them. `apiRoot` is the root that
   * answered, which differs from ours when the site redirected (http → https, another host).
   */
  async verifyCredentials(): Promise<{ user: WpUser; apiRoot: string }> {
    const { data, finalUrl } = await this.call(WpUserSchema, "GET", "wp/v2/users/me");
    return { user: data, apiRoot: rootOfRouteUrl(finalUrl, "wp/v2/users/me") ?? this.apiRoot };
  }

  /** The blog's Site Title as the REST API index (the API root itself, both root forms) tells it; undefined when it names none. */
  async blogName(): Promise<string | undefined> {
    return (await this.call(WpIndexSchema, "GET", "/")).data.name;
  }

  /** The connector plugin's status, or null when the site does not have it (its route is unknown). */
  async connectorStatus(): Promise<WpConnectorStatus | null> {
    try {
      return (await this.call(WpConnectorStatusSchema, "GET", "content-autopilot/v1/status", { optionalRoute: true })).data;
    } catch (error) {
      if (error instanceof WordPressError && error.wordpressCode === "rest_no_route") return null;
      throw error;
    }
  }

  /** Hands the connector plugin (1.2.0+) the site's IndexNow key, which it then serves at `/{key}.txt`. */
  async setConnectorIndexNowKey(key: string): Promise<void> {
    await this.call(z.object({ key: z.string() }), "POST", "content-autopilot/v1/indexnow-key", { json: { key } });
  }

  listPosts(request: PageRequest, query: Query = {}): Promise<WpPage<WpPost>> {
    return this.list(WpPostSchema, "wp/v2/posts", request, query);
  }

  async getPost(id: number): Promise<WpPost> {
    return (await this.call(WpPostSchema, "GET", `wp/v2/posts/${id}`, { query: { context: "edit" }, notFound: `Post ${id}` })).data;
  }

  /** Posts of any status with this slug (WordPress matches slugs exactly). */
  async findPostsBySlug(slug: string): Promise<WpPost[]> {
    const query = { slug, status: "publish,future,draft,pending,private", context: "edit", per_page: 10 };
    return (await this.call(z.array(WpPostSchema), "GET", "wp/v2/posts", { query })).data;
  }

  /** Posts of any status whose title or content contains `text` (WordPress `search`), newest first. */
  async findPostsContaining(text: string): Promise<WpPost[]> {
    const query = { search: text, status: "publish,future,draft,pending,private", context: "edit", per_page: 10 };
    return (await this.call(z.array(WpPostSchema), "GET", "wp/v2/posts", { query })).data;
  }

  async createPost(input: WpPostInput): Promise<WpPost> {
    return (await this.call(WpPostSchema, "POST", "wp/v2/posts", { json: input })).data;
  }

  async updatePost(id: number, input: Partial<WpPostInput>): Promise<WpPost> {
    return (await this.call(WpPostSchema, "POST", `wp/v2/posts/${id}`, { json: input, notFound: `Post ${id}` })).data;
  }

  listCategories(request: PageRequest, query: Query = {}): Promise<WpPage<WpTerm>> {
    return this.list(WpTermSchema, "wp/v2/categories", request, query);
  }

  async createCategory(input: { name: string; description?: string; parent?: number }): Promise<WpTerm> {
    return (await this.call(WpTermSchema, "POST", "wp/v2/categories", { json: input, notFound: `Parent category ${input.parent}` })).data;
  }

  listTags(request: PageRequest, query: Query = {}): Promise<WpPage<WpTerm>> {
    return this.list(WpTermSchema, "wp/v2/tags", request, query);
  }

  async createTag(input: { name: string; description?: string }): Promise<WpTerm> {
    return (await this.call(WpTermSchema, "POST", "wp/v2/tags", { json: input })).data;
  }

  listComments(request: PageRequest, status: WpCommentFilter): Promise<WpPage<WpComment>> {
    return this.list(WpCommentSchema, "wp/v2/comments", request, { status });
  }

  async updateCommentStatus(id: number, status: WpCommentStatus): Promise<WpComment> {
    return (await this.call(WpCommentSchema, "POST", `wp/v2/comments/${id}`, { json: { status }, notFound: `Comment ${id}` })).data;
  }

  listPages(request: PageRequest): Promise<WpPage<WpPost>> {
    return this.list(WpPostSchema, "wp/v2/pages", request);
  }

  async createPage(input: { title: string; content: string; status: string }): Promise<WpPost> {
    return (await this.call(WpPostSchema, "POST", "wp/v2/pages", { json: input })).data;
  }

  listMedia(request: PageRequest, query: Query = {}): Promise<WpPage<WpMedia>> {
    return this.list(WpMediaSchema, "wp/v2/media", request, query);
  }

  async getMedia(id: number): Promise<WpMedia> {
    return (await this.call(WpMediaSchema, "GET", `wp/v2/media/${id}`, { notFound: `Media item ${id}` })).data;
  }

  /** Uploads raw bytes to the media library (the documented raw-body form of POST /wp/v2/media). */
  async uploadMedia(file: { fileName: string; contentType: string; bytes: Uint8Array }): Promise<WpMedia> {
    const headers = { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${safeFileName(file.fileName)}"` };
    return (await this.call(WpMediaSchema, "POST", "wp/v2/media", { body: file.bytes, headers })).data;
  }

  /** `post` attaches the file to a post (its parent), as the block editor does with a featured image. */
  async updateMedia(id: number, input: { alt_text?: string; title?: string; caption?: string; post?: number }): Promise<WpMedia> {
    return (await this.call(WpMediaSchema, "POST", `wp/v2/media/${id}`, { json: input, notFound: `Media item ${id}` })).data;
  }

  /** Media cannot be trashed (501 `rest_trash_not_supported`), so deletion is always forced. */
  async deleteMedia(id: number): Promise<boolean> {
    const { data } = await this.call(WpDeletedSchema, "DELETE", `wp/v2/media/${id}`, {
      query: { force: "true" },
      notFound: `Media item ${id}`,
    });
    return data.deleted === true;
  }

  async getSettings(): Promise<WpSettings> {
    return (await this.call(WpSettingsSchema, "GET", "wp/v2/settings")).data;
  }

  async updateSettings(input: { title?: string; description?: string }): Promise<WpSettings> {
    return (await this.call(WpSettingsSchema, "POST", "wp/v2/settings", { json: input })).data;
  }
}

/** The REST root a route URL was built from, or null when it is not recognisable. */
function rootOfRouteUrl(routeUrl: string, route: string): string | null {
  const url = new URL(routeUrl);
  if (url.searchParams.get("rest_route") === `/${route}`) {
    url.search = "";
    url.searchParams.set("rest_route", "/");
    return url.toString();
  }
  if (!url.pathname.endsWith(`/${route}`)) return null;
  url.pathname = url.pathname.slice(0, -route.length);
  url.search = "";
  return url.toString();
}

function totalsOf(headers: Headers, itemCount: number, request: PageRequest): { total: number; totalPages: number; totalsKnown: boolean } {
  const total = Number.parseInt(headers.get("X-WP-Total") ?? "", 10);
  const totalPages = Number.parseInt(headers.get("X-WP-TotalPages") ?? "", 10);
  if (Number.isInteger(total) && Number.isInteger(totalPages)) return { total, totalPages, totalsKnown: true };
  // Without the headers: what this page proves, at least (a full page may have more after it).
  const seen = (request.page - 1) * request.perPage + itemCount;
  const totalPagesSeen = itemCount === 0 ? request.page - 1 : itemCount === request.perPage ? request.page + 1 : request.page;
  return { total: seen, totalPages: Math.max(0, totalPagesSeen), totalsKnown: false };
}

/** A file name safe inside a quoted Content-Disposition value. */
export function safeFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+/, "");
  return cleaned || "upload";
}
