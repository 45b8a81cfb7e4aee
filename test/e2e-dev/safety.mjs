// The safety of teams and invitations (issue 40) against `npm run dev` (wrangler dev --local, the
// real local queue and mail sink, .eml files under .wrangler/emails/): the invitation, token,
// removal and sign-up paths walked as an attacker and a team would, with the e-mails counted.
//
//   node test/e2e-dev/safety.mjs http://localhost:8787/api <owner token>
// scripts/dev-smoke.sh runs it (so `.ci/run` does).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const [api, token] = process.argv.slice(2);
if (!api || !token) {
  console.error("usage: node test/e2e-dev/safety.mjs <api base, e.g. http://localhost:8787/api> <token>");
  process.exit(2);
}
const origin = new URL(api).origin;
const MAIL_DIR = join(".wrangler", "emails");
const PASSWORD = "correct horse battery staple";
const run = Date.now().toString(36);
const address = (label) => `${label}-${run}@example.com`;
let ip = 10;
const freshIp = () => `192.0.2.${(ip++ % 240) + 10}`;

function fail(message, extra) {
  console.error(`safety e2e: ${message}`, extra === undefined ? "" : JSON.stringify(extra, null, 1).slice(0, 3000));
  process.exit(1);
}

/** A call as the owner's token, another token, or a session cookie (then same-origin); fails on an unexpected status. */
async function call(method, path, { body, as = token, cookie, expect = [200, 201, 202, 204] } = {}) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...(cookie ? { Cookie: cookie } : as ? { Authorization: `Bearer ${as}` } : {}),
      Origin: origin,
      "CF-Connecting-IP": freshIp(),
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = res.status === 204 ? null : await res.json().catch(() => null);
  if (!expect.includes(res.status)) fail(`${method} ${path} answered ${res.status}`, json);
  return { status: res.status, json, res };
}
const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("__Host-session="))
    ?.split(";")[0];

const mailsTo = (to) => {
  let names = [];
  try {
    names = readdirSync(MAIL_DIR).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(join(MAIL_DIR, name), "latin1")).filter((raw) => raw.includes(`\r\nTo: ${to}\r\n`));
};
const textOf = (raw) => {
  const part = raw.split(/\r\n--[^\r\n]+\r\n/).find((chunk) => chunk.startsWith("Content-Type: text/plain"));
  return part ? Buffer.from(part.split("\r\n\r\n")[1].replace(/\s+/g, ""), "base64").toString("utf8") : "";
};
/** Waits until `count` messages reached `to` (the queue delivers them), then a little longer to see that no more come. */
async function mailsFor(to, count) {
  const started = Date.now();
  while (mailsTo(to).length < count && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 250));
  await new Promise((r) => setTimeout(r, 1500));
  return mailsTo(to);
}

// 1. An admin invites a second address of their own; removing the admin withdraws it.
const adminEmail = address("admin");
const { json: adminInvite } = await call("POST", "/members", { body: { email: adminEmail, role: "admin" } });
const adminAccepted = await call("POST", "/session/invite", {
  as: null,
  body: { token: adminInvite.url.split("#")[1], email: adminEmail, password: PASSWORD },
});
const adminCookie = cookieOf(adminAccepted.res);
const { json: second } = await call("POST", "/members", { cookie: adminCookie, body: { email: address("admin-second"), role: "admin" } });
const adminMe = (await call("GET", "/auth/me", { cookie: adminCookie })).json;
const { json: removed } = await call("DELETE", `/members/${adminMe.member.id}`);
if (removed.invitationsWithdrawn !== 1) fail("removing the admin did not withdraw their invitation", removed);
await call("POST", "/session/invite", {
  as: null,
  body: { token: second.url.split("#")[1], password: PASSWORD },
  expect: [400],
});

// 2. An invitation to someone who exists never sets their password: the removed admin, invited again.
const { json: again } = await call("POST", "/members", { body: { email: adminEmail, role: "viewer" } });
const takeover = await call("POST", "/session/invite", {
  as: null,
  body: { token: again.url.split("#")[1], password: "an attacker's password" },
  expect: [409],
});
if (takeover.json.code !== "sign_in_to_accept") fail("an existing person's invitation was not refused", takeover.json);
await call("POST", "/session", { as: null, body: { email: adminEmail, password: "an attacker's password" }, expect: [401] });
const preview = (await call("POST", "/session/invite/preview", { as: null, body: { token: again.url.split("#")[1] } })).json;
if ("hasSignIn" in preview || "email" in preview) fail("the preview says more than kind, role, name and expiry", preview);

// 3. Invite-and-withdraw in a loop mails an outside address once.
const outside = address("outside");
for (let i = 0; i < 5; i++) {
  const { json } = await call("POST", "/members", { body: { email: outside, role: "viewer" } });
  if (json.emailed !== (i === 0)) fail(`invitation ${i + 1} to one address said emailed=${json.emailed}`, json);
  await call("DELETE", `/members/invitations/${json.id}`);
}
const outsideMails = await mailsFor(outside, 1);
if (outsideMails.length !== 1) fail(`five invitations to ${outside} sent ${outsideMails.length} e-mails, not 1`);
if (/^Subject: .*@/m.test(outsideMails[0])) fail("the invitation's subject carries an e-mail address", outsideMails[0].slice(0, 800));

// 4. A viewer token makes only viewer tokens, which invite no one.
const { json: viewer } = await call("POST", "/tokens", { body: { name: "viewer", role: "viewer" } });
const { json: child } = await call("POST", "/tokens", { as: viewer.token, body: { name: "made by the viewer token" } });
if (child.role !== "viewer") fail("a token made by a viewer token is not a viewer", child);
await call("POST", "/members", { as: child.token, body: { email: address("escalated"), role: "owner" }, expect: [403] });
await call("POST", "/tokens", { as: viewer.token, body: { name: "more", role: "owner" }, expect: [403] });

// 5. Sign-up answers a taken address as a new one; the taken one's owner is told; the new one confirms by its link.
const fresh = address("signup");
const taken = await call("POST", "/session/signup", { as: null, body: { email: adminEmail, password: PASSWORD } });
const made = await call("POST", "/session/signup", { as: null, body: { email: fresh, password: PASSWORD } });
if (JSON.stringify(taken.json) !== JSON.stringify(made.json) || taken.status !== made.status)
  fail("sign-up answers taken and new addresses differently", [taken.json, made.json]);
const [confirmMail] = await mailsFor(fresh, 1);
const link = textOf(confirmMail ?? "").match(/https?:\/\/\S+\/sign-up\/confirm#[A-Za-z0-9_-]+/)?.[0];
if (!link) fail("no confirmation link reached the new address", confirmMail?.slice(0, 1000));
const confirmed = await call("POST", "/session/signup/confirm", { as: null, body: { token: link.split("#")[1] } });
if (!cookieOf(confirmed.res)) fail("confirming the sign-up signed no one in", confirmed.json);
const existingMails = (await mailsFor(adminEmail, 2)).filter((raw) => textOf(raw).includes("/sign-in"));
if (existingMails.length !== 1) fail(`the owner of a taken address got ${existingMails.length} notes, not 1`);

console.log(
  `safety e2e: removal withdrew 1 invitation; an existing person's invitation refused (409); 5 invitations to one address sent 1 e-mail; a viewer token made only a viewer token; sign-up answered a taken and a new address alike, the new one confirmed by its .eml link`,
);
