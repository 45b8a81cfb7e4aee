import { sanitizeHtml } from "../../../src/core/sanitize-html";

const STYLE =
  "body{font-family:system-ui,sans-serif;line-height:1.6;margin:1rem;color:#111827;overflow-wrap:anywhere}img,video{max-width:100%;height:auto}table{border-collapse:collapse;max-width:100%}td,th{border:1px solid #d1d5db;padding:.25rem .5rem}pre{overflow-x:auto}";

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The document shown in a sandboxed preview frame (no scripts, no same origin): the sanitised
 * HTML with its language and a title, readable on its own. HTML from the API or from WordPress is
 * only ever rendered through this.
 */
export function previewDocument(html: string, language: string, title: string): string {
  const lang = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(language) ? language : "en";
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(title)}</title><base target="_blank"><style>${STYLE}</style></head><body>${sanitizeHtml(html)}</body></html>`;
}
