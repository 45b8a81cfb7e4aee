// Teams against `npm run dev` (wrangler dev --local, the real local queue, the mail sink): issue
// 31's proof on a fresh machine. The demo owner invites an editor; the invitation arrives as a
// .eml file under .wrangler/emails/ with the link in it; the editor accepts with a password and
// works as an editor (billing refused); the audit log shows both; removing the editor ends their
// session at once.
//
//   node test/e2e-dev/teams.mjs http://localhost:8787/api <token>
// scripts/dev-smoke.sh runs it (so `.ci/run` does).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [api, token] = process.argv.slice(2);
if (!api || !token) {
  console.error("usage: node test/e2e-dev/teams.mjs <api base, e.g. http://localhost:8787/api> <token>");
  process.exit(2);
}
const origin = new URL(api).origin;
const MAIL_DIR = join(".wrangler", "emails");

function fail(message, extra) {
  console.error(`teams e2e: ${message}`, extra === undefined ? "" : JSON.stringify(extra, null, 1).slice(0, 4000));
  process.exit(1);
}

async function call(method, path, { body, cookie, expect = [200, 201, 204] } = {}) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie, Origin: origin } : { Authorization: `Bearer ${token}` }),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = res.status === 204 ? null : await res.json().catch(() => null);
  if (!expect.includes(res.status)) fail(`${method} ${path} answered ${res.status}`, json);
  return { status: res.status, json, res };
}

const mailsTo = (address) => {
  let names = [];
  try {
    names = readdirSync(MAIL_DIR).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(join(MAIL_DIR, name), "latin1")).filter((raw) => raw.includes(`\r\nTo: ${address}\r\n`));
};

/** The text part of a message: base64 UTF-8 under its own headers. */
function textPart(raw) {
  const part = raw.split(/\r\n--[^\r\n]+\r\n/).find((chunk) => chunk.startsWith("Content-Type: text/plain"));
  if (!part) fail("the invitation has no text part", raw.slice(0, 2000));
  return Buffer.from(part.split("\r\n\r\n")[1].replace(/\s+/g, ""), "base64").toString("utf8");
}

// 1. The owner invites an editor.
const email = `editor-${Date.now()}@example.com`;
const { json: invitation } = await call("POST", "/members", { body: { email, role: "editor" } });
if (invitation.role !== "editor" || !invitation.url.includes("/invite#")) fail("the invitation is not what was asked", invitation);

// 2. It arrives by e-mail through the queue and the mail sink, once, with the link.
const started = Date.now();
let mails = mailsTo(email);
while (mails.length === 0 && Date.now() - started < 30_000) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  mails = mailsTo(email);
}
if (mails.length !== 1) fail(`expected one invitation e-mail to ${email} under ${MAIL_DIR}, found ${mails.length}`);
const raw = mails[0];
for (const header of ["Message-ID: <", "MIME-Version: 1.0", 'Content-Type: multipart/alternative; boundary="'])
  if (!raw.includes(header)) fail(`the .eml lacks ${header}`, raw.slice(0, 1500));
const text = textPart(raw);
if (!text.includes(invitation.url)) fail("the invitation e-mail does not carry the link", text);

// 3. The editor accepts with a password and works as an editor: plans yes, billing no.
const secret = invitation.url.split("#")[1];
const accepted = await fetch(`${api}/session/invite`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: origin },
  body: JSON.stringify({ token: secret, password: "correct horse battery staple" }),
});
const session = await accepted.json();
if (accepted.status !== 200 || session.role !== "editor") fail(`accepting answered ${accepted.status}`, session);
const cookie = accepted.headers
  .getSetCookie()
  .find((c) => c.startsWith("__Host-session="))
  ?.split(";")[0];
if (!cookie) fail("accepting set no session cookie");
const me = (await call("GET", "/auth/me", { cookie })).json;
if (me.role !== "editor" || me.member.email !== email) fail("the editor's session is someone else", me);
await call("GET", "/autopilot/plans", { cookie });
const billing = await call("GET", "/billing/transactions", { cookie, expect: [403] });
if (billing.json.code !== "insufficient_role") fail("billing was not refused for the role", billing.json);

// 4. The audit log says who did it.
const audit = (await call("GET", "/audit?action=member.")).json;
const actions = audit.items.filter((event) => event.detail?.email === email || event.targetId === invitation.id).map((e) => e.action);
if (!actions.includes("member.invited")) fail("the audit log lacks the invitation", audit.items.slice(0, 5));
if (!audit.items.some((event) => event.action === "member.joined" && event.actor === email))
  fail("the audit log lacks the editor joining", audit.items.slice(0, 5));

// 5. Removing the editor ends their session at once.
await call("DELETE", `/members/${me.member.id}`);
await call("GET", "/autopilot/plans", { cookie, expect: [401] });

console.log(
  `teams e2e: invited ${email}, the invitation e-mail (${raw.length} bytes) carried the link, accepted as editor, billing refused, audited, removed`,
);
