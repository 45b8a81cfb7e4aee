// The local mail sink of `npm run dev` (docs/guides/email.md): a Worker cannot write files, so with
// EMAIL_PROVIDER=dev it POSTs each message's raw MIME here (src/adapters/email/dev.ts), and this
// writes it as a .eml file under .wrangler/emails/ and prints its subject. It listens on 127.0.0.1
// only, on a free port. `node scripts/mail-sink.mjs [--port N]` runs it alone and prints its URL.
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const MAX_BYTES = 10 * 1024 * 1024;

/** Starts the sink; resolves to its URL (the value of EMAIL_DEV_SINK_URL) and a close function. */
export function startMailSink({ dir = join(".wrangler", "emails"), port = 0, log = console.log } = {}) {
  mkdirSync(dir, { recursive: true });
  let counter = 0;
  const server = createServer((request, response) => {
    if (request.method !== "POST") {
      response.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BYTES) request.destroy();
      else chunks.push(chunk);
    });
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("latin1");
      const subject = subjectOf(raw);
      counter += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = join(dir, `${stamp}-${String(counter).padStart(3, "0")}-${slugOf(subject)}.eml`);
      writeFileSync(file, raw, "latin1");
      const shown = relative(process.cwd(), file);
      log(`mail: ${subject} → ${shown}`);
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ file: shown }));
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      resolve({ url: `http://127.0.0.1:${bound}/`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

/** The Subject header, unfolded, its RFC 2047 words decoded (B and Q). */
export function subjectOf(raw) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const match = /^Subject:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  if (!match) return "(no subject)";
  const unfolded = match[1].replace(/\r?\n[ \t]/g, " ");
  // Spaces between two encoded words are not text (RFC 2047 §6.2).
  return unfolded.replace(/\?=\s+=\?/g, "?==?").replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset, encoding, text) => {
    const bytes =
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          );
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      return bytes.toString("latin1");
    }
  });
}

/** A file-name part from the subject: ASCII letters and digits, at most 60. */
function slugOf(subject) {
  const ascii = subject
    .replace(/ı/g, "i")
    .replace(/İ/g, "I")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  return (
    ascii
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .toLowerCase() || "message"
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const index = process.argv.indexOf("--port");
  const sink = await startMailSink({ port: index === -1 ? 0 : Number(process.argv[index + 1]) });
  console.log(`Mail sink: ${sink.url} (set EMAIL_PROVIDER=dev and EMAIL_DEV_SINK_URL=${sink.url}); messages go to .wrangler/emails/`);
}
