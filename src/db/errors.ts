/** Whether a failed write broke a UNIQUE constraint; Drizzle wraps D1's error, so the cause chain is searched. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current.message.includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
