// Shapes of the calibration corpus (see index.ts). Written for this test corpus; no licence restrictions (CC0).

/** One web page: its address, its title and its body content as HTML (no <html>/<head>). */
export interface CorpusPage {
  url: string;
  title: string;
  html: string;
}

/** A keyword with five independent top pages and one strong article to score against them. */
export interface CorpusTopic {
  language: "en" | "tr";
  keyword: string;
  sources: CorpusPage[];
  article: CorpusPage;
}
