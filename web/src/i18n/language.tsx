import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { setApiLanguage } from "../api/client";
import { formatDateTime, formatDay, formatMoney, formatNumber, initialLanguage, interpolate, localeFor, type Language } from "./format";

interface LanguageContext {
  language: Language;
  locale: string;
  setLanguage(language: Language): void;
}

const Context = createContext<LanguageContext | null>(null);
const STORAGE_KEY = "panel.language";

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(() => {
    const chosen = initialLanguage(localStorage.getItem(STORAGE_KEY), navigator.languages ?? [navigator.language]);
    document.documentElement.lang = chosen;
    setApiLanguage(chosen);
    return chosen;
  });
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(STORAGE_KEY, next);
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

/** A screen's messages in both languages: Turkish must have every English key. */
export interface Messages<K extends string> {
  en: Record<K, string>;
  tr: Record<K, string>;
}
export function defineMessages<K extends string>(en: Record<K, string>, tr: Record<NoInfer<K>, string>): Messages<K> {
  return { en, tr };
}

/** `t(key, params)` for a screen's messages, plus the formatters in the chosen language. */
export function useMessages<K extends string>(messages: Messages<K>) {
  const { language, locale } = useLanguage();
  return useMemo(() => {
    const t = (key: K, params?: Record<string, string | number>) => interpolate(messages[language][key], params);
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
