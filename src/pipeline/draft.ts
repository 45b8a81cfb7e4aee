import type { Brief } from "../sites/brief";

/** A page of the site an article may link to: a post of the inventory or an earlier article. */
export interface SiteLink {
  title: string;
  url: string;
}

/** What the text model is asked to write for one plan item. */
export interface WriteInput {
  language: string;
  siteUrl: string;
  brief: Brief;
  /** The plan item's title and keyword. */
  title: string;
  targetKeyword: string;
  minWords: number;
  /** The only pages of the site the article may link to. */
  internalLinks: SiteLink[];
  /** What the checks found wrong in the previous draft; empty on the first round. */
  failures: string[];
}

/** One written article, as the checks see it (html already sanitised). */
export interface ArticleDraft {
  title: string;
  seoTitle: string;
  seoDesc: string;
  excerpt: string;
  html: string;
  tags: string[];
  categories: string[];
  heroImagePrompt: string;
  heroImageAlt: string;
}

/** What an article is checked against. */
export interface CheckContext {
  language: string;
  siteUrl: string;
  targetKeyword: string;
  minWords: number;
  internalLinks: SiteLink[];
  /** True when the deterministic offline writer wrote it (no language model). */
  offline: boolean;
}
