import type { SiteLink } from "../content/draft";
import type { ResearchDigest } from "../content/research-digest";
import type { Brief } from "../sites/brief";

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
  /** What the top pages of the keyword say; null when no source could be read. */
  research: ResearchDigest | null;
  /** What the checks found wrong in the previous draft; empty on the first round. */
  failures: string[];
}
