const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", hellip: "…", mdash: "—", ndash: "–", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const codePoint = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(codePoint) && codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The readable text of an HTML fragment: no tags, scripts, styles or comments; entities decoded. */
export function htmlToText(html: string): string {
  const withoutBlocks = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, " ");
  // A tag ends at the first '>' outside quotes: attribute values may hold '>' (alt="a > b").
  return decodeEntities(withoutBlocks.replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

const WORD = /[\p{L}\p{N}]+(?:['’\-][\p{L}\p{N}]+)*/gu;

/** Words of a text: runs of letters and digits, with inner apostrophes and hyphens kept. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

// Turkish letters, and the Latin letters that NFKD below does not split into letter + accent.
const TURKISH_ASCII: Record<string, string> = { ç: "c", ğ: "g", ı: "i", İ: "i", ö: "o", ş: "s", ü: "u", Ç: "c", Ğ: "g", Ö: "o", Ş: "s", Ü: "u", ß: "ss", ẞ: "ss", æ: "ae", Æ: "ae", œ: "oe", Œ: "oe", ø: "o", Ø: "o", đ: "d", Đ: "d", ł: "l", Ł: "l" };

/** "Ekmeğin Tarihi: İlk Fırınlar" → "ekmegin-tarihi-ilk-firinlar". */
export function slugify(title: string, maxLength = 80): string {
  const ascii = title
    .replace(/[çğıİöşüÇĞÖŞÜßẞæÆœŒøØđĐłŁ]/g, (ch) => TURKISH_ASCII[ch] ?? ch)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const slug = ascii.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, maxLength).replace(/-+$/, "");
  return slug || "article";
}
