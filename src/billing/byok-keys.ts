import { eq } from "drizzle-orm";
import type { ModelKeyChecker } from "../adapters/llm-key-check/port";
import type { Database } from "../db/client";
import { byokKeys, type ByokProvider } from "../db/schema";
import { decryptSecret, encryptSecret, requireEncryptionKey } from "../core/crypto";
import { AppError, notFound } from "../core/errors";
import { toIsoSeconds } from "../core/time";

export type ByokKeyRow = typeof byokKeys.$inferSelect;

/** The model used with a key when the request names none. */
export const DEFAULT_BYOK_MODELS: Record<ByokProvider, string> = { openai: "gpt-4o-mini", anthropic: "claude-sonnet-4-5" };

/**
 * Checks the key with the provider, then stores it encrypted (replacing any earlier key).
 * A key or model the provider refuses is 422 and nothing is stored.
 */
export async function saveByokKey(
  db: Database,
  checker: ModelKeyChecker,
  encryptionKey: string | undefined,
  input: { accountId: string; provider: ByokProvider; apiKey: string; model?: string; now: Date },
): Promise<ByokKeyRow> {
  const secretKey = requireEncryptionKey(encryptionKey);
  const model = input.model ?? DEFAULT_BYOK_MODELS[input.provider];
  const result = await checker.check({ provider: input.provider, apiKey: input.apiKey, model });
  if (result.outcome === "rejected") throw new AppError("byok_key_rejected", result.message);
  if (result.outcome === "model_unavailable") throw new AppError("byok_model_unavailable", result.message);

  const at = toIsoSeconds(input.now);
  const row: ByokKeyRow = {
    accountId: input.accountId,
    provider: input.provider,
    model,
    apiKeyEncrypted: await encryptSecret(secretKey, input.apiKey),
    keyLastFour: input.apiKey.slice(-4),
    verifiedAt: checker.live ? at : null,
    createdAt: at,
    updatedAt: at,
  };
  const { accountId, createdAt, ...replaced } = row;
  const [saved] = await db.insert(byokKeys).values(row).onConflictDoUpdate({ target: byokKeys.accountId, set: replaced }).returning();
  return saved!;
}

export async function getByokKey(db: Database, accountId: string): Promise<ByokKeyRow> {
  const [row] = await db.select().from(byokKeys).where(eq(byokKeys.accountId, accountId));
  if (!row) throw notFound("BYOK key");
  return row;
}

/** The decrypted key for the generation pipeline; never leaves the server. */
export async function loadByokCredentials(db: Database, encryptionKey: string | undefined, accountId: string) {
  const row = await getByokKey(db, accountId);
  return {
    provider: row.provider,
    model: row.model,
    apiKey: await decryptSecret(requireEncryptionKey(encryptionKey), row.apiKeyEncrypted),
  };
}
