import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { accountDisplayNameOf } from "../../src/accounts/display-name";
import { buildMimeMessage, encodeHeaderText, formatAddress } from "../../src/adapters/email/mime";
import { notifySiteError, sendInvitationEmail } from "../../src/email/events";
import { db, seedSite, testServices, useFakeFetch, useVars } from "../harness";
import { deliverAllEmails, PANEL, seedMember, seedTeamAccount } from "./helpers";

// The .eml files of local runs must open in a mail client. Two checks of each message: a strict
// reading of RFC 5322 / 2045 / 2046 / 2047 written here (line ends, 7-bit, line lengths, headers,
// boundaries, base64, encoded words), and postal-mime, the parser mail clients in browsers and
// Workers use, which must read back the same subject, addresses, text and HTML.

const CRLF = "\r\n";

/** What the dev sender POSTed to the sink: the raw messages. */
function useMailSink() {
  const raws: string[] = [];
  useVars({ EMAIL_PROVIDER: "dev", EMAIL_DEV_SINK_URL: "http://127.0.0.1:9/mail", PUBLIC_BASE_URL: PANEL });
  useFakeFetch(async (input, init) => {
    const request = new Request(input, init);
    if (request.url !== "http://127.0.0.1:9/mail") return new Response("no such host", { status: 502 });
    expect(request.headers.get("Content-Type")).toBe("message/rfc822");
    raws.push(new TextDecoder().decode(await request.arrayBuffer()));
    return Response.json({ file: `.wrangler/emails/${raws.length}.eml` });
  });
  return raws;
}

interface Parsed {
  headers: Map<string, string>;
  parts: { headers: Map<string, string>; body: string }[];
}

/** A strict reading of the message; every rule broken throws. */
function readStrictly(raw: string): Parsed {
  expect(raw).not.toMatch(/[^\x00-\x7f]/); // 7-bit: everything non-ASCII is encoded
  expect(raw.replaceAll(CRLF, "")).not.toMatch(/[\r\n]/); // no bare CR or LF
  for (const line of raw.split(CRLF)) expect(line.length).toBeLessThanOrEqual(998);
  const split = raw.indexOf(CRLF + CRLF);
  expect(split).toBeGreaterThan(0);
  const headers = headerMap(raw.slice(0, split));
  const type = headers.get("content-type") ?? "";
  const boundary = /^multipart\/alternative; boundary="([^"]+)"$/.exec(type)?.[1];
  expect(boundary, type).toBeTruthy();
  expect(boundary!.length).toBeLessThanOrEqual(70);
  const body = raw.slice(split + 4);
  const lines = body.split(CRLF);
  expect(lines.filter((line) => line === `--${boundary}`)).toHaveLength(2);
  expect(lines.filter((line) => line === `--${boundary}--`)).toHaveLength(1);
  expect(lines.filter((line) => line.trim() !== "").at(-1)).toBe(`--${boundary}--`);
  const parts = body
    .split(`--${boundary}--`)[0]!
    .split(`--${boundary}${CRLF}`)
    .slice(1)
    .map((part) => {
      const end = part.indexOf(CRLF + CRLF);
      const partHeaders = headerMap(part.slice(0, end));
      const encoded = part.slice(end + 4).replace(/\r\n$/, "");
      for (const line of encoded.split(CRLF)) expect(line).toMatch(/^[A-Za-z0-9+/]{1,76}={0,2}$/);
      expect(partHeaders.get("content-transfer-encoding")).toBe("base64");
      const bytes = Uint8Array.from(atob(encoded.replaceAll(CRLF, "")), (c) => c.charCodeAt(0));
      return { headers: partHeaders, body: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes) };
    });
  return { headers, parts };
}

function headerMap(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split(CRLF)) {
    if (/^[ \t]/.test(line)) {
      const [last] = [...headers.keys()].slice(-1);
      headers.set(last!, `${headers.get(last!)}${line}`);
      continue;
    }
    const match = /^([!-9;-~]+): (.*)$/.exec(line);
    expect(match, `header line ${line}`).toBeTruthy();
    expect(headers.has(match![1]!.toLowerCase()), `one ${match![1]} header`).toBe(false);
    headers.set(match![1]!.toLowerCase(), match![2]!);
  }
  return headers;
}

/** RFC 2047 B-words back to text; every word at most 75 characters. */
function decodeWords(value: string): string {
  const words = value.split(/\r\n[ \t]|\s+/).filter(Boolean);
  const bytes: number[] = [];
  for (const word of words) {
    expect(word.length).toBeLessThanOrEqual(75);
    const match = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(word);
    expect(match, word).toBeTruthy();
    bytes.push(...Uint8Array.from(atob(match![1]!), (c) => c.charCodeAt(0)));
  }
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(Uint8Array.from(bytes));
}

describe("the raw MIME of the dev .eml files", () => {
  it("a Turkish site-error e-mail is valid multipart/alternative MIME with an encoded subject and the unsubscribe headers", async () => {
    const raws = useMailSink();
    const { accountId } = await seedTeamAccount();
    const member = await seedMember(accountId, { role: "editor", locale: "tr" });
    const site = await seedSite(accountId, { url: "https://şirket.example.org" });
    await notifySiteError(testServices(), site, "WordPress kaydedilen uygulama parolasını reddetti");
    expect(await deliverAllEmails()).toBe(2);
    const raw = raws.find((text) => text.includes(`To: ${member.email}`))!;
    expect(raw).toBeTruthy();

    const { headers, parts } = readStrictly(raw);
    expect(headers.get("from")).toBe("Content Autopilot <noreply@autopilot.example.com>");
    expect(headers.get("mime-version")).toBe("1.0");
    expect(headers.get("date")).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(headers.get("message-id")).toMatch(/^<[0-9a-f-]{36}@autopilot\.example\.com>$/);
    expect(headers.get("auto-submitted")).toBe("auto-generated");
    expect(headers.get("list-unsubscribe")).toMatch(/^<https:\/\/autopilot\.example\.com\/api\/email\/unsubscribe\?token=[^>]+>$/);
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const subject = decodeWords(headers.get("subject")!);
    expect(subject).toBe("şirket.example.org yeniden bağlanmalı");
    expect(parts.map((part) => part.headers.get("content-type"))).toEqual(["text/plain; charset=UTF-8", "text/html; charset=UTF-8"]);
    expect(parts[0]!.body).toContain("Bir site çalışmayı durdurdu");
    expect(parts[0]!.body).not.toMatch(/(^|[^\r])\n/); // canonical CRLF text
    expect(parts[1]!.body).toContain('<html lang="tr"');

    // What a mail client reads.
    const email = await PostalMime.parse(raw);
    expect(email.subject).toBe(subject);
    expect(email.from).toMatchObject({ name: "Content Autopilot", address: "noreply@autopilot.example.com" });
    expect(email.to?.map((to) => ("address" in to ? to.address : null))).toEqual([member.email]);
    expect(email.messageId).toBe(headers.get("message-id"));
    expect(Date.parse(email.date!)).toBeGreaterThan(Date.now() - 60_000);
    expect(email.text?.replaceAll(CRLF, "\n")).toBe(parts[0]!.body.replaceAll(CRLF, "\n"));
    expect(email.html).toBe(parts[1]!.body);
    expect(email.attachments).toEqual([]);
  });

  it("an invitation (no unsubscribe) reads back whole, and its link survives the encoding", async () => {
    const raws = useMailSink();
    const { accountId, ownerEmail } = await seedTeamAccount();
    await sendInvitationEmail(testServices(), {
      accountId,
      invitationId: "inv_mime",
      email: "new.person@example.net",
      role: "writer",
      url: `${PANEL}/invite#secret-of-the-link`,
      locale: "en",
      inviterEmail: ownerEmail,
      day: "2026-11-28",
    });
    await deliverAllEmails();
    expect(raws).toHaveLength(1);
    const { headers } = readStrictly(raws[0]!);
    expect(headers.has("list-unsubscribe")).toBe(false);
    // An account without a name goes by its display name: never the address someone chose at sign-up.
    const account = await accountDisplayNameOf(db(), accountId);
    expect(decodeWords(headers.get("subject")!)).toBe(`You are invited to join “${account}” on Content Autopilot`);
    const email = await PostalMime.parse(raws[0]!);
    expect(email.text).toContain(`Accept the invitation: ${PANEL}/invite#secret-of-the-link`);
    expect(email.html).toContain(`href="${PANEL}/invite#secret-of-the-link"`);
  });

  it("encodes every kind of header text: long ASCII folded at spaces, non-ASCII split between characters, names quoted", async () => {
    const long = "Word ".repeat(40).trim();
    const folded = encodeHeaderText(long, "Subject".length);
    for (const line of `Subject: ${folded}`.split(CRLF)) expect(line.length).toBeLessThanOrEqual(78);
    expect(folded.replaceAll(`${CRLF} `, " ")).toBe(long);

    const turkish = `${"Ğ".repeat(100)} ışık ÇÖŞÜ 🚀 emoji`;
    const encoded = encodeHeaderText(turkish, "Subject".length);
    expect(decodeWords(encoded)).toBe(turkish);
    for (const line of `Subject: ${encoded}`.split(CRLF)) expect(line.length).toBeLessThanOrEqual(78);
    // "=?" in plain text would read as an encoded word: it is encoded.
    expect(decodeWords(encodeHeaderText("a =?b?= c", 7))).toBe("a =?b?= c");

    expect(formatAddress({ name: "Content Autopilot", email: "a@b.example" })).toBe("Content Autopilot <a@b.example>");
    expect(formatAddress({ name: 'Acme, "Ltd"', email: "a@b.example" })).toBe('"Acme, \\"Ltd\\"" <a@b.example>');
    expect(formatAddress({ name: "", email: "a@b.example" })).toBe("a@b.example");
    const named = formatAddress({ name: "Şirket Yayın", email: "a@b.example" });
    expect(named).toMatch(/^=\?UTF-8\?B\?[^ ]+\?= <a@b\.example>$/);

    const raw = buildMimeMessage(
      {
        from: { name: "Şirket Yayın", email: "a@b.example" },
        to: "x@y.example",
        subject: turkish,
        text: "satır 1\nsatır 2",
        html: "<p>ş</p>",
      },
      { messageId: "<1@b.example>", date: new Date("2026-12-01T07:00:00Z") },
    );
    expect(readStrictly(raw).headers.get("date")).toBe("Tue, 01 Dec 2026 07:00:00 +0000");
    const email = await PostalMime.parse(raw);
    expect(email.from).toMatchObject({ name: "Şirket Yayın", address: "a@b.example" });
    expect(email.subject).toBe(turkish);
    expect(email.text?.replaceAll(CRLF, "\n")).toBe("satır 1\nsatır 2");
  });
});
