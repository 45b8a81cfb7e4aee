import { expect, test, type Page, type Response } from "@playwright/test";
import { createHash, randomBytes } from "node:crypto";
import { DEMO, screenshot, settled, signIn } from "./support";

// Issue 27: the panel and the Worker's own pages work in Chromium under their headers (a strict
// Content-Security-Policy, never framed, nosniff, a referrer policy), with no policy violation
// anywhere; and sign-in's `next` never leaves the panel's origin.

/**
 * Every policy violation the page meets: the browser's console reports (those of the sandboxed
 * preview frames too, which run no script) and the documents' `securitypolicyviolation` events.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} on ${event.documentURI}`,
      );
    });
  });
  return violations;
}

/** The directives of a Content-Security-Policy header. */
function directives(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectPanelHeaders(response: Response | null) {
  const headers = response!.headers();
  const csp = directives(headers["content-security-policy"]);
  expect(csp.get("script-src")).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("frame-src")).toEqual(["https://www.paytr.com"]);
  expect(headers["content-security-policy"]).not.toContain("unsafe-inline");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
}

/** The panel's stylesheet is applied: its background, not the browser's white. */
async function expectStyled(page: Page) {
  await expect(page.locator("html")).toHaveCSS("background-color", "rgb(243, 244, 246)");
}

test("the panel works under its Content-Security-Policy: sign in, screens, the article preview with images", async ({ page }) => {
  const violations = await watchViolations(page);
  // Images of a previewed article come from any https site: answered here, never fetched.
  const imagesAsked: string[] = [];
  await page.context().route("https://images.invalid/**", (route) => {
    imagesAsked.push(route.request().url());
    return route.fulfill({
      status: 200,
      contentType: "image/png",
      body: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
    });
  });

  expectPanelHeaders(await page.goto("/sign-in"));
  await expect(page.getByLabel("Email")).toBeVisible();
  await expectStyled(page);
  await expect(page.getByRole("button", { name: "Sign in" })).toHaveCSS("background-color", "rgb(29, 78, 216)");
  await signIn(page, DEMO.email, DEMO.password);
  await settled(page);
  await screenshot(page, "security-overview");

  // A deep link is the single page too, under the same headers.
  expectPanelHeaders(await page.goto("/articles?status=published"));
  await settled(page);
  await expectStyled(page);

  const articles = (await (await page.request.get("/api/autopilot/articles?per_page=1")).json()) as { items: { id: string }[] };
  await page.goto(`/articles/${articles.items[0]!.id}`);
  await settled(page);
  // The document editor runs under the policy too (nothing it needs is inline): typed in, not saved.
  // (An article with images or tables opens as HTML, the document editor being unable to keep them.)
  const documentMode = page.getByRole("button", { name: "Document", exact: true });
  await expect(documentMode).toBeVisible();
  if (await documentMode.isEnabled()) {
    const text = page.getByRole("textbox", { name: "Article text" });
    await text.click();
    await page.keyboard.type(" Under the policy.");
    await expect(text).toContainText("Under the policy.");
  }
  // Typed, not saved: the sandboxed srcdoc preview inherits the policy; its style and the images must pass.
  await page.getByRole("button", { name: "HTML code" }).click();
  const html = page.getByLabel("Article HTML");
  await html.fill(
    '<h2>Under the policy</h2><p>An image from the site:</p><img src="https://images.invalid/loaf.png" alt="A loaf" width="40" height="40">',
  );
  await expect.poll(() => imagesAsked.length).toBeGreaterThan(0);
  await screenshot(page, "security-article-preview");

  for (const path of ["/billing", "/api-access", "/settings"]) {
    await page.goto(path);
    await settled(page);
  }
  await expectStyled(page);
  await screenshot(page, "security-settings");
  expect(violations).toEqual([]);
});

test("the consent page works under its own policy: its style by hash, nothing else", async ({ page, baseURL }) => {
  const violations = await watchViolations(page);
  const redirect = "http://127.0.0.1:9/oauth-callback";
  // Registrations are limited per address and the dev server keeps its windows between runs: this
  // one comes from an address of its own (198.18.0.0/15, the benchmarking range).
  const address = `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const registered = await page.request.post("/oauth/register", {
    headers: { "CF-Connecting-IP": address },
    data: {
      client_name: `Security spec ${Date.now()}`,
      redirect_uris: [redirect],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  });
  expect(registered.status()).toBe(201);
  expect(registered.headers()["x-content-type-options"]).toBe("nosniff");
  const { client_id: clientId } = (await registered.json()) as { client_id: string };
  const challenge = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirect,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "s",
    scope: "autopilot",
    resource: new URL("/mcp", baseURL).toString(),
  });

  await signIn(page, DEMO.email, DEMO.password);
  const consent = await page.goto(`/oauth/authorize?${query}`);
  expect(consent!.status()).toBe(200);
  const headers = consent!.headers();
  const csp = directives(headers["content-security-policy"]);
  expect(csp.get("default-src")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("style-src")).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Security spec");
  // The inline style applied: the page's grey background and blue button.
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(243, 244, 246)");
  await expect(page.getByRole("button", { name: "Allow" })).toHaveCSS("background-color", "rgb(29, 78, 216)");
  await screenshot(page, "security-consent");

  // The form still posts under these headers (its Origin intact) and goes back to the client.
  await page.route("http://127.0.0.1:9/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." }),
  );
  await page.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL(/^http:\/\/127\.0\.0\.1:9\/oauth-callback\?/);
  expect(new URL(page.url()).searchParams.get("error")).toBe("access_denied");
  expect(violations).toEqual([]);
});

test("sign-in's next never leaves the panel: a hostile next lands on the overview", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  await page.context().route(
    (url) => url.hostname.endsWith("evil.invalid"),
    (route) => {
      elsewhere.push(route.request().url());
      return route.abort();
    },
  );

  // `/\evil.invalid/x` (a backslash is a slash to the browser): it threw in history.replaceState
  // and left the user on the sign-in page.
  await page.goto("/sign-in?next=/%5Cevil.invalid/x");
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  expect(page.url()).toBe(`${origin}/`);

  // Already signed in: the sign-in page goes on to `next` at once, and only on this origin.
  for (const next of ["//evil.invalid", "/%5Cevil.invalid/x", "/%09/evil.invalid", "https://evil.invalid/x", "javascript:alert(1)"]) {
    await page.goto(`/sign-in?next=${next}`);
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    expect(page.url(), next).toBe(`${origin}/`);
  }
  // A path of the panel is still where it returns to.
  await page.goto(`/sign-in?next=${encodeURIComponent("/articles?status=pending")}`);
  await expect(page).toHaveURL(`${origin}/articles?status=pending`);
  expect(elsewhere).toEqual([]);
});
