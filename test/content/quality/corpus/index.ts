// Calibration corpus for the content quality score and the fact check.
//
// What it is: four keywords, two in English and two in Turkish. For each keyword there are five
// "top pages", written as five different sites would write them (different authors, structure, angles
// and examples, sharing the topic's core terms, several subtopic headings and several facts as real
// top-ranking pages do), and one extra strong page, the article, to score against the five. Each page is
// HTML body content (h2/h3, p, ul/ol/li, an occasional strong or link) of roughly 450–750 words. Links
// point only at .example.invalid hosts. claims.ts holds claim cases for the fact check drawn from the
// pages.
//
// The texts are original: written for this test corpus, not copied or adapted from any web page, and
// nobody tuned the scorer on them. Written for this test corpus; no licence restrictions (CC0).
//
// Topics:
//   en  "sourdough starter"                   en-sourdough.ts
//   en  "how to descale a kettle"             en-kettle.ts
//   tr  "ekşi maya nasıl yapılır"             tr-eksi-maya.ts
//   tr  "çaydanlık kireci nasıl temizlenir"   tr-caydanlik.ts
import { TOPIC as enKettle } from "./en-kettle";
import { TOPIC as enSourdough } from "./en-sourdough";
import { TOPIC as trCaydanlik } from "./tr-caydanlik";
import { TOPIC as trEksiMaya } from "./tr-eksi-maya";
import type { CorpusTopic } from "./types";

export type { CorpusPage, CorpusTopic } from "./types";
export { CLAIMS, type ClaimCase } from "./claims";

export const TOPICS: CorpusTopic[] = [enSourdough, enKettle, trEksiMaya, trCaydanlik];
