import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadByokCredentials } from "../../src/billing/byok-keys";
import { byokKeys } from "../../src/db/schema";
import { call, db, expectError, seedAccount, seedToken, testEnv } from "../harness";
import { useBillingFakes, VALID_ANTHROPIC_KEY, VALID_OPENAI_KEY } from "./helpers";

const { models } = useBillingFakes();

function putKey(token: string | undefined, json: unknown) {
  return call("/api/billing/byok-key", { method: "PUT", token, json });
}

async function storedKey(accountId: string) {
  const [row] = await db().select().from(byokKeys).where(eq(byokKeys.accountId, accountId));
  return row;
}

describe("PUT /api/billing/byok-key", () => {
  it("checks an OpenAI key with a small completion, stores it encrypted and never returns it", async () => {
    const { token, accountId } = await seedAccount();
    const res = await putKey(token, { provider: "openai", apiKey: VALID_OPENAI_KEY, model: "gpt-4o" });

    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(VALID_OPENAI_KEY);
    expect(JSON.parse(text)).toEqual({
      provider: "openai",
      model: "gpt-4o",
      keyLastFour: "cdef",
      verified: true,
      verifiedAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const call = models.calls.at(-1)!;
    expect(call).toMatchObject({ provider: "openai", body: { model: "gpt-4o", max_completion_tokens: 16 } });
    expect(call.headers.authorization).toBe(`Bearer ${VALID_OPENAI_KEY}`);

    const row = (await storedKey(accountId))!;
    expect(row.apiKeyEncrypted).not.toContain(VALID_OPENAI_KEY);
    expect(await loadByokCredentials(db(), testEnv.ENCRYPTION_KEY, accountId)).toEqual({
      provider: "openai",
      model: "gpt-4o",
      apiKey: VALID_OPENAI_KEY,
    });
  });

  it("checks an Anthropic key with its headers, uses the default model, and replaces the earlier key", async () => {
    const { token, accountId } = await seedAccount();
    await putKey(token, { provider: "openai", apiKey: VALID_OPENAI_KEY });
    const res = await putKey(token, { provider: "anthropic", apiKey: VALID_ANTHROPIC_KEY });

    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ provider: "anthropic", model: "claude-sonnet-4-5", verified: true });
    const call = models.calls.at(-1)!;
    expect(call.headers).toMatchObject({ "x-api-key": VALID_ANTHROPIC_KEY, "anthropic-version": "2023-06-01" });
    expect(call.body).toMatchObject({ model: "claude-sonnet-4-5", max_tokens: 1 });
    expect(await loadByokCredentials(db(), testEnv.ENCRYPTION_KEY, accountId)).toMatchObject({
      provider: "anthropic",
      apiKey: VALID_ANTHROPIC_KEY,
    });
  });

  it("is 422 saying so when the provider rejects the key, and stores nothing", async () => {
    const { token, accountId } = await seedAccount();
    const body = await expectError(
      await putKey(token, { provider: "openai", apiKey: "sk-wrong-0123456789abcdef" }),
      422,
      "byok_key_rejected",
    );
    expect(body.message).toContain("OpenAI rejected the API key");
    const anthropic = await expectError(await putKey(token, { provider: "anthropic", apiKey: "sk-ant-wrong-0123456789" }), 422);
    expect(anthropic.message).toContain("Anthropic rejected the API key");
    expect(await storedKey(accountId)).toBeUndefined();
  });

  it("is 422 naming the model when the key may not use it, and when the provider account has no money", async () => {
    const { token, accountId } = await seedAccount();
    const model = await expectError(await putKey(token, { provider: "openai", apiKey: VALID_OPENAI_KEY, model: "gpt-nonexistent" }), 422);
    expect(model.message).toContain("model 'gpt-nonexistent'");
    const broke = await expectError(await putKey(token, { provider: "openai", apiKey: "sk-broke-0123456789abcdef" }), 422);
    expect(broke.message).toContain("no credit or quota left");
    expect(await storedKey(accountId)).toBeUndefined();
  });

  it("is 502 when the provider fails, and keeps the earlier key", async () => {
    const { token, accountId } = await seedAccount();
    await putKey(token, { provider: "openai", apiKey: VALID_OPENAI_KEY });
    models.scriptStatus(500);
    const body = await expectError(await putKey(token, { provider: "anthropic", apiKey: VALID_ANTHROPIC_KEY }), 502, "key_check_failed");
    expect(body.message).toContain("nothing was saved");
    expect((await storedKey(accountId))!.provider).toBe("openai");
  });

  it.each([
    ["an unknown provider", { provider: "mistral", apiKey: VALID_OPENAI_KEY }],
    ["no key", { provider: "openai" }],
    ["a short key", { provider: "openai", apiKey: "sk-1" }],
    ["a key with a line break", { provider: "openai", apiKey: `${VALID_OPENAI_KEY}\n` }],
    ["a key that is not a string", { provider: "openai", apiKey: 12345678901 }],
    ["a model with spaces", { provider: "openai", apiKey: VALID_OPENAI_KEY, model: "gpt 4o" }],
    ["an unknown field", { provider: "openai", apiKey: VALID_OPENAI_KEY, baseUrl: "http://127.0.0.1" }],
  ])("is 400 for %s and calls no provider", async (_, json) => {
    const { token } = await seedAccount();
    const before = models.calls.length;
    await expectError(await putKey(token, json), 400, "invalid_request");
    expect(models.calls.length).toBe(before);
  });

  it("is 401 without a token and 403 for a public:read token", async () => {
    const { accountId } = await seedAccount();
    const { token } = await seedToken(accountId, "public:read");
    await expectError(await putKey(undefined, { provider: "openai", apiKey: VALID_OPENAI_KEY }), 401);
    await expectError(await putKey(token, { provider: "openai", apiKey: VALID_OPENAI_KEY }), 403);
  });
});

describe("GET /api/billing/byok-key", () => {
  it("shows the stored key without the key, 404 when none is set, and never another account's", async () => {
    const { token } = await seedAccount();
    const other = await seedAccount();
    await expectError(await call("/api/billing/byok-key", { token }), 404);
    await putKey(token, { provider: "openai", apiKey: VALID_OPENAI_KEY });

    const res = await call("/api/billing/byok-key", { token });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(VALID_OPENAI_KEY);
    expect(JSON.parse(text)).toMatchObject({ provider: "openai", model: "gpt-4o-mini", keyLastFour: "cdef" });
    await expectError(await call("/api/billing/byok-key", { token: other.token }), 404);
    await expectError(await call("/api/billing/byok-key"), 401);
    const { token: readOnly } = await seedToken(other.accountId, "public:read");
    await expectError(await call("/api/billing/byok-key", { token: readOnly }), 403);
  });
});
