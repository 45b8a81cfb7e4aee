// What the site's Search Console card and its Search tab share: query keys, figures in the owner's
// language (percentages, positions, changes phrased so that a falling position reads as good), and
// the site's Search Console state in words.
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import type { Schemas } from "../../api/client";
import { useMessages } from "../../i18n/language";
import { propertyCovers } from "../../../../src/core/page-url-key";
import { searchMessages } from "./search-messages";
import type { Site } from "./shared";

export type SearchFigures = Schemas["SearchFigures"];
export type SearchState = Site["searchConsole"]["state"];

export const performanceKey = (siteId: string) => ["/api/sites/{siteId}/performance", siteId] as const;
export const decayKey = (siteId: string) => ["/api/sites/{siteId}/decay", siteId] as const;
export const opportunitiesKey = (siteId: string) => ["/api/sites/{siteId}/opportunities", siteId] as const;

/** After a sync or a new property: every figure of the site is read again. */
export function useSearchFiguresChanged() {
  const queryClient = useQueryClient();
  return (siteId: string) => {
    for (const key of [performanceKey(siteId), decayKey(siteId), opportunitiesKey(siteId)])
      void queryClient.invalidateQueries({ queryKey: key });
  };
}

/** The window lengths the Search tab offers, in days. */
export const WINDOWS = [7, 28, 90] as const;
export type WindowDays = (typeof WINDOWS)[number];

/** The properties of the Google account that cover the site's address: the ones it can be read from. */
export function coveringProperties(properties: Schemas["GoogleSearchConsoleProperty"][], siteUrl: string) {
  return properties.filter((property) => propertyCovers(property.siteUrl, siteUrl));
}

/** Formatters for search figures in the chosen language. */
export function useSearchFormat() {
  const { locale, number } = useMessages(searchMessages);
  const percent = (ratio: number, digits = 1) =>
    new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: digits }).format(ratio);
  const position = (value: number | null) =>
    value === null ? "—" : new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  const signed = (value: number) =>
    value === 0
      ? number(0)
      : `${value > 0 ? "+" : "−"}${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.abs(value))}`;
  return { number, percent, position, signed };
}

type Tone = "good" | "bad" | "same";

/** One total's change against the window before, as a sentence and whether it is good news. */
export interface Change {
  text: string;
  tone: Tone;
}

/** The changes of the four totals, each phrased for what it measures (a lower position is better). */
export function useChangeText() {
  const { t, number } = useMessages(searchMessages);
  const { percent, position } = useSearchFormat();
  const round1 = (value: number) => Math.round(value * 10) / 10;

  const count = (current: number, previous: number, days: number): Change => {
    if (previous === 0)
      return current === 0 ? { text: t("change.same", { days }), tone: "same" } : { text: t("change.fromNone", { days }), tone: "good" };
    const ratio = (current - previous) / previous;
    const params = { percent: percent(Math.abs(ratio), 0), previous: number(previous), days };
    if (Math.abs(ratio) < 0.005) return { text: t("change.sameAs", params), tone: "same" };
    return ratio > 0 ? { text: t("change.up", params), tone: "good" } : { text: t("change.down", params), tone: "bad" };
  };

  const ctr = (current: SearchFigures, previous: SearchFigures, days: number): Change => {
    if (previous.impressions === 0) return { text: t("change.noImpressionsBefore", { days }), tone: "same" };
    const points = round1((current.ctr - previous.ctr) * 100);
    const params = { points: position(Math.abs(points)), previous: percent(previous.ctr), days };
    if (points === 0) return { text: t("change.ctrSame", params), tone: "same" };
    return points > 0 ? { text: t("change.ctrUp", params), tone: "good" } : { text: t("change.ctrDown", params), tone: "bad" };
  };

  const rank = (current: number | null, previous: number | null, days: number): Change => {
    if (previous === null || current === null) return { text: t("change.noPositionBefore", { days }), tone: "same" };
    const delta = round1(current - previous);
    const params = { places: position(Math.abs(delta)), previous: position(previous), days };
    if (delta === 0) return { text: t("change.positionSame", params), tone: "same" };
    // A smaller number is a place nearer the top.
    return delta < 0
      ? { text: t("change.positionBetter", params), tone: "good" }
      : { text: t("change.positionWorse", params), tone: "bad" };
  };

  return { count, ctr, rank };
}

/** The site's Search Console state as a sentence of its own (the API's message is English only). */
export function useStateText(): (site: Site, candidates: string[]) => string {
  const { t } = useMessages(searchMessages);
  return (site, candidates) => {
    const state = site.searchConsole.state;
    if (state === "property_missing") {
      const host = hostOf(site.url).replace(/^www\./, "");
      return t("state.property_missing", { url: site.url, domain: `sc-domain:${host}`, prefix: `${site.url.replace(/\/+$/, "")}/` });
    }
    if (state === "property_ambiguous" && candidates.length > 0)
      return t("state.property_ambiguous_named", { url: site.url, properties: candidates.join(", ") });
    return t(`state.${state}`, { url: site.url });
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** The address of a page without its scheme and host, for a table: "/how-to-store-bread/". */
export function pagePath(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname === "/" ? parsed.host : decodeURI(parsed.pathname);
  } catch {
    return url;
  }
}

/** Where a page of the site leads in the panel: its article, its existing post, or the page itself. */
export function PageLink({
  url,
  articleId,
  postId,
  siteId,
  title,
}: {
  url: string;
  articleId: string | null;
  postId: string | null;
  siteId: string;
  title?: string | null;
}) {
  const { t } = useMessages(searchMessages);
  const text = title?.trim() || pagePath(url);
  if (articleId)
    return (
      <Link href={`/articles/${articleId}`} aria-label={t("page.articleLabel", { page: text })}>
        {text}
      </Link>
    );
  if (postId)
    return (
      <Link href={`/posts/${postId}?siteId=${encodeURIComponent(siteId)}`} aria-label={t("page.postLabel", { page: text })}>
        {text}
      </Link>
    );
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}
