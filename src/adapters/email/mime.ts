import { bytesToBase64 } from "../../core/crypto";
import type { EmailAddress, OutgoingEmail } from "./port";

// A message as an RFC 5322 / MIME document (the .eml files of local runs): 7-bit ASCII with CRLF
// line ends, multipart/alternative with a text part and an HTML part, each UTF-8 in base64 (76
// characters a line), and any header text that is not plain ASCII as RFC 2047 encoded words
// (Turkish subjects). Production never needs it: the binding builds its own MIME.

const CRLF = "\r\n";
const encoder = new TextEncoder();

/** The whole message; `messageId` is `<…@domain>`. */
export function buildMimeMessage(message: OutgoingEmail, envelope: { messageId: string; date: Date; boundary?: string }): string {
  const boundary = envelope.boundary ?? `=_ca_${crypto.randomUUID().replaceAll("-", "")}`;
  const headers: [string, string][] = [
    ["From", formatAddress(message.from)],
    ["To", message.to],
    ["Subject", encodeHeaderText(message.subject, "Subject".length)],
    ["Date", rfc5322Date(envelope.date)],
    ["Message-ID", envelope.messageId],
    ["MIME-Version", "1.0"],
    ...Object.entries(message.headers ?? {}).map(([name, value]): [string, string] => [name, encodeHeaderText(value, name.length)]),
    ["Content-Type", `multipart/alternative; boundary="${boundary}"`],
  ];
  const part = (type: string, body: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=UTF-8`, "Content-Transfer-Encoding: base64", "", base64Lines(body)].join(CRLF);
  return [
    ...headers.map(([name, value]) => `${name}: ${value}`),
    "",
    "This is a multi-part message in MIME format.",
    part("text/plain", message.text),
    part("text/html", message.html),
    `--${boundary}--`,
    "",
  ].join(CRLF);
}

/** A new Message-ID on the sender's domain: `<uuid@domain>`. */
export function newMessageId(from: EmailAddress): string {
  const domain = from.email.split("@")[1] || "localhost";
  return `<${crypto.randomUUID()}@${domain}>`;
}

/** `Name <address>`, the name quoted or encoded as it needs. */
export function formatAddress(address: EmailAddress): string {
  if (!address.name) return address.email;
  const name = isPlainAscii(address.name)
    ? /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/.test(address.name)
      ? address.name
      : `"${address.name.replace(/["\\]/g, "\\$&")}"`
    : encodedWords(address.name).join(" ");
  return `${name} <${address.email}>`;
}

/** Header text as it may stand in a header: plain ASCII folded at spaces, anything else as encoded words. */
export function encodeHeaderText(text: string, nameLength: number): string {
  if (isPlainAscii(text) && !text.includes("=?")) return foldAtSpaces(text, nameLength + 2);
  return encodedWords(text).join(`${CRLF} `);
}

const isPlainAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/**
 * RFC 2047 `=?UTF-8?B?…?=` words of at most 39 bytes each (64 characters a word, so
 * `Subject: ` and the first word fit in 78), split between characters, never inside one.
 */
function encodedWords(text: string): string[] {
  const words: string[] = [];
  let chunk: number[] = [];
  for (const char of text) {
    const bytes = [...encoder.encode(char)];
    if (chunk.length + bytes.length > 39) {
      words.push(encodedWord(chunk));
      chunk = [];
    }
    chunk.push(...bytes);
  }
  if (chunk.length > 0 || words.length === 0) words.push(encodedWord(chunk));
  return words;
}

const encodedWord = (bytes: number[]) => `=?UTF-8?B?${bytesToBase64(Uint8Array.from(bytes))}?=`;

/** Long plain header text folded at spaces so no line passes 78 characters where a space allows it. */
function foldAtSpaces(text: string, used: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const limit = lines.length === 0 ? 78 - used : 77;
    if (line && line.length + 1 + word.length > limit) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`${CRLF} `);
}

/** `Tue, 01 Dec 2026 07:00:00 +0000`. */
export function rfc5322Date(date: Date): string {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

/** Text in canonical form (CRLF line ends) as UTF-8 in base64, 76 characters a line (RFC 2045 §6.8). */
function base64Lines(text: string): string {
  const encoded = bytesToBase64(encoder.encode(text.replace(/\r?\n/g, CRLF)));
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  return lines.join(CRLF);
}
