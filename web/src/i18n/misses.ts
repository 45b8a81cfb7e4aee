// A catalogue miss: a key, or a code the API sent, that the panel has no words for. Each is
// warned about once and kept on `window.__i18nMisses`, where the Turkish walk of every screen
// (web/e2e/turkish.spec.ts) finds it and fails.

declare global {
  interface Window {
    __i18nMisses?: string[];
  }
}

/** Records that `key` of `catalogue` has no text in `language`. */
export function recordMiss(catalogue: string, key: string, language: string): void {
  if (typeof window === "undefined") return;
  const miss = `${language}:${catalogue}:${key}`;
  window.__i18nMisses ??= [];
  if (window.__i18nMisses.includes(miss)) return;
  window.__i18nMisses.push(miss);
  console.warn(`[i18n] no text for ${miss}`);
}
