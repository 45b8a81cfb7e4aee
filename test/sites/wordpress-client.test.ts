import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { WordPressClient } from "../../src/adapters/wordpress/client";
import { verifyWordPressSite } from "../../src/adapters/wordpress/discovery";
import { WordPressError } from "../../src/adapters/wordpress/errors";
import { assertOutboundUrl } from "../../src/core/outbound-url";
import { createFakeWordPress } from "../fakes/wordpress";

const publicOnly = (url: string) => void assertOutboundUrl(url, { allowPrivate: false });

function clientFor(fetch: typeof globalThis.fetch, options: Partial<ConstructorParameters<typeof WordPressClient>[0]> = {}) {
  return new WordPressClient({
    baseUrl: "https://blog.example.com",
    username: "admin",
    appPassword: "abcd EFGH 1234 ijkl MNOP 5678",
    fetch,
    timeoutMs: 1_000,
    checkUrl: publicOnly,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<WordPressError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof WordPressError)) throw new Error(`expected a WordPressError, got ${String(error)}`);
  return error;
}

/** A fetch served by a small Hono app: for answers the fake WordPress never gives. */
function serve(build: (app: Hono) => void): typeof fetch {
  const app = new Hono();
  build(app);
  return (async (input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init))) as typeof fetch;
}

describe("WordPressClient", () => {
  it("builds route URLs for both REST root forms", () => {
    const fetch = createFakeWordPress().fetch;
    expect(clientFor(fetch).routeUrl("wp/v2/posts", { page: 2, per_page: 100, skipped: undefined })).toBe(
      "https://blog.example.com/wp-json/wp/v2/posts?page=2&per_page=100",
    );
    const plain = clientFor(fetch, { apiRoot: "https://blog.example.com/?rest_route=/" });
    expect(new URL(plain.routeUrl("wp/v2/posts", { page: 2 })).searchParams.get("rest_route")).toBe("/wp/v2/posts");
    const subdirectory = clientFor(fetch, { baseUrl: "https://example.com/blog" });
    expect(subdirectory.routeUrl("wp/v2/users/me")).toBe("https://example.com/blog/wp-json/wp/v2/users/me");
  });

  it("sends Basic auth with the application password and reads totals from X-WP-Total(Pages)", async () => {
    const fake = createFakeWordPress({ postCount: 25 });
    const client = clientFor(fake.fetch);
    const page = await client.listPosts({ page: 3, perPage: 10 });
    expect(page.items.map((p) => p.id)).toEqual([120, 121, 122, 123, 124]);
    expect(page).toMatchObject({ total: 25, totalPages: 3 });
    expect((await client.verifyCredentials()).user.id).toBe(1);
    expect(fake.calls("wp/v2/users/me")[0]!.authenticated).toBe(true);
  });

  it("gives an empty page with the totals for a page past the end", async () => {
    const client = clientFor(createFakeWordPress({ postCount: 25 }).fetch);
    expect(await client.listPosts({ page: 9, perPage: 10 })).toEqual({ items: [], total: 25, totalPages: 3, totalsKnown: true });
  });

  it("follows a redirect of a read and reports the REST root that answered", async () => {
    const fake = createFakeWordPress({ origin: "https://www.blog.example.com" });
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(new Request(input, init).url);
      if (url.host === "blog.example.com") return Response.redirect(`https://www.blog.example.com${url.pathname}${url.search}`, 301);
      return fake.fetch(input, init);
    }) as typeof globalThis.fetch;
    const verified = await clientFor(fetch).verifyCredentials();
    expect(verified.apiRoot).toBe("https://www.blog.example.com/wp-json/");
  });

  it("refuses a redirect into a private network without calling it", async () => {
    const called: string[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new Request(input, init).url;
      called.push(url);
      return Response.redirect("http://169.254.169.254/latest/meta-data/", 302);
    }) as typeof globalThis.fetch;
    const error = await failure(clientFor(fetch).verifyCredentials());
    expect(error.failure).toBe("refused");
    expect(error.message).toMatch(/Refusing to call http:\/\/169\.254\.169\.254/);
    expect(called).toEqual(["https://blog.example.com/wp-json/wp/v2/users/me"]);
  });

  it("does not replay a write through a redirect", async () => {
    const fetch = serve((app) => app.post("*", (c) => c.redirect("https://other.example.com/wp-json/wp/v2/tags", 307)));
    const error = await failure(clientFor(fetch).createTag({ name: "x" }));
    expect(error).toMatchObject({ failure: "refused", status: 422 });
  });

  it("tells apart rejected credentials, missing permission, missing items, existing terms and server failures", async () => {
    const fetch = serve((app) => {
      app.get("/wp-json/wp/v2/users/me", (c) =>
        c.json(
          { code: "incorrect_password", message: "The provided password is an invalid application password.", data: { status: 401 } },
          401,
        ),
      );
      app.get("/wp-json/wp/v2/settings", (c) =>
        c.json({ code: "rest_forbidden", message: "Sorry, you are not allowed to do that.", data: { status: 403 } }, 403),
      );
      app.post("/wp-json/wp/v2/comments/:id", (c) =>
        c.json({ code: "rest_comment_invalid_id", message: "Invalid comment ID.", data: { status: 404 } }, 404),
      );
      app.post("/wp-json/wp/v2/tags", (c) => c.json({ code: "term_exists", message: "exists", data: { status: 400, term_id: 7 } }, 400));
      app.get("/wp-json/wp/v2/media", (c) => c.text("Secret stack trace from PHP", 503));
    });
    const client = clientFor(fetch);
    expect(await failure(client.verifyCredentials())).toMatchObject({
      failure: "credentials_rejected",
      status: 422,
      wordpressCode: "incorrect_password",
    });
    expect(await failure(client.getSettings())).toMatchObject({ failure: "forbidden", status: 422 });
    const missing = await failure(client.updateCommentStatus(99, "spam"));
    expect(missing).toMatchObject({ failure: "not_found", status: 404 });
    expect(missing.message).toMatch(/^Comment 99 was not found/);
    expect(await failure(client.createTag({ name: "php" }))).toMatchObject({ failure: "term_exists", status: 409, existingTermId: 7 });
    const outage = await failure(client.listMedia({ page: 1, perPage: 10 }));
    expect(outage).toMatchObject({ failure: "server_error", status: 502 });
    expect(outage.message).not.toMatch(/Secret/);
  });

  it("calls an HTML answer or an unknown REST route 'not WordPress', and an odd JSON shape a 502", async () => {
    const fetch = serve((app) => {
      app.get("/wp-json/wp/v2/users/me", (c) => c.html("<html>Welcome to my shop</html>"));
      app.get("/wp-json/wp/v2/tags", (c) => c.json({ code: "rest_no_route", message: "No route", data: { status: 404 } }, 404));
      app.get("/wp-json/wp/v2/settings", (c) => c.json({ title: 42 }));
    });
    const client = clientFor(fetch);
    expect(await failure(client.verifyCredentials())).toMatchObject({ failure: "not_wordpress" });
    expect(await failure(client.listTags({ page: 1, perPage: 10 }))).toMatchObject({ failure: "not_wordpress", status: 502 });
    expect(await failure(client.getSettings())).toMatchObject({ failure: "server_error", status: 502 });
  });

  it("gives up after timeoutMs with a 504, aborting the request", async () => {
    let aborted = false;
    const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener("abort", () => {
          aborted = true;
          reject(new Error("aborted"));
        });
      })) as typeof globalThis.fetch;
    const error = await failure(clientFor(fetch, { timeoutMs: 50 }).getSettings());
    expect(error).toMatchObject({ failure: "timeout", status: 504 });
    expect(aborted).toBe(true);
  });

  it("is 'unreachable' when the network fails", async () => {
    const fetch = (async () => {
      throw new TypeError("Network connection lost.");
    }) as typeof globalThis.fetch;
    expect(await failure(clientFor(fetch).getSettings())).toMatchObject({ failure: "unreachable", status: 502 });
  });
});

describe("verifyWordPressSite", () => {
  it("falls back to the REST root announced by the home page's Link header", async () => {
    const fake = createFakeWordPress({ prettyPermalinks: false });
    const verified = await verifyWordPressSite({
      baseUrl: fake.origin,
      username: "admin",
      appPassword: fake.appPassword,
      fetch: fake.fetch,
      timeoutMs: 1_000,
      checkUrl: publicOnly,
    });
    expect(verified.apiRoot).toBe("https://blog.example.com/?rest_route=%2F");
    expect(verified.user.id).toBe(1);
  });

  it("reads the link tag of the HTML when a proxy dropped the Link header", async () => {
    const fake = createFakeWordPress({ prettyPermalinks: false });
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fake.fetch(input, init);
      const headers = new Headers(response.headers);
      headers.delete("Link");
      return new Response(response.body, { status: response.status, headers });
    }) as typeof globalThis.fetch;
    const verified = await verifyWordPressSite({
      baseUrl: fake.origin,
      username: "admin",
      appPassword: fake.appPassword,
      fetch,
      timeoutMs: 1_000,
      checkUrl: publicOnly,
    });
    expect(verified.apiRoot).toBe("https://blog.example.com/?rest_route=%2F");
  });

  it("is not_wordpress when neither /wp-json/ nor a discovery link exists", async () => {
    const fetch = serve((app) => app.get("*", (c) => c.html("<html>A static site</html>", c.req.path === "/" ? 200 : 404)));
    const error = await failure(
      verifyWordPressSite({
        baseUrl: "https://static.example.com",
        username: "a",
        appPassword: "b",
        fetch,
        timeoutMs: 1_000,
        checkUrl: publicOnly,
      }),
    );
    expect(error.failure).toBe("not_wordpress");
  });
});
