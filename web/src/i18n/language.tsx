import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { setApiLanguage } from "../api/client";
import { LANGUAGE_STORAGE_KEY, startingLanguage } from "./chosen-language";
import { formatDateTime, formatDay, formatMoney, formatNumber, interpolate, localeFor, type Language } from "./format";
import { recordMiss } from "./misses";

interface LanguageContext {
  language: Language;
  locale: string;
  setLanguage(language: Language): void;
}

const Context = createContext<LanguageContext | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(() => {
    const chosen = startingLanguage();
    document.documentElement.lang = chosen;
    setApiLanguage(chosen);
    return chosen;
  });
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    document.documentElement.lang = next;
    setApiLanguage(next);
    setLanguageState(next);
  }, []);
  const value = useMemo(() => ({ language, locale: localeFor(language, navigator.languages ?? []), setLanguage }), [language, setLanguage]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useLanguage(): LanguageContext {
  const context = useContext(Context);
  if (!context) throw new Error("useLanguage outside LanguageProvider");
  return context;
}

/** A screen's messages in both languages: Turkish must have every English key. `name` says which catalogue a miss is in. */
export interface Messages<K extends string> {
  en: Record<K, string>;
  tr: Record<K, string>;
}
export function defineMessages<K extends string>(en: Record<K, string>, tr: Record<NoInfer<K>, string>): Messages<K> {
  return { en, tr };
}

/**
 * The text of `key` in `language`. A key built at run time (`status.${site.status}`) may name
 * nothing: that miss is recorded (see misses.ts) and the key itself shown, never another language.
 */
export function lookup<K extends string>(
  messages: Messages<K>,
  language: Language,
  key: K,
  params?: Record<string, string | number>,
): string {
  const text = messages[language][key] as string | undefined;
  if (text === undefined) {
    recordMiss(catalogueName(messages), key, language);
    return key;
  }
  return interpolate(text, params);
}

/** A catalogue named by one of its keys' prefixes, enough to find it from a miss. */
function catalogueName(messages: Messages<string>): string {
  const first = Object.keys(messages.en)[0] ?? "";
  return first.split(".")[0] ?? first;
}

/** `t(key, params)` for a screen's messages, plus the formatters in the chosen language. */
export function useMessages<K extends string>(messages: Messages<K>) {
  const { language, locale } = useLanguage();
  return useMemo(() => {
    const t = (key: K, params?: Record<string, string | number>) => lookup(messages, language, key, params);
    return {
      t,
      language,
      locale,
      money: (amount: string | number) => formatMoney(amount, language),
      number: (value: number) => formatNumber(value, locale),
      dateTime: (iso: string) => formatDateTime(iso, locale),
      day: (isoDate: string) => formatDay(isoDate, locale),
    };
  }, [messages, language, locale]);
}
