/**
 * Whether some of `queries` has neither answered nor failed yet: a screen shows its parts together
 * once what shapes them is known, so none grows or appears under the reader's eyes (layout shift).
 * A query retrying after a failure counts as answered: its error shows at once.
 */
export function stillFirstLoading(queries: readonly { isPending: boolean; failureCount: number }[]): boolean {
  return queries.some((query) => query.isPending && query.failureCount === 0);
}
