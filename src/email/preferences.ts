import { and, eq, sql } from "drizzle-orm";
import { AppError, notFound } from "../core/errors";
import { accountDisplayName } from "../accounts/display-name";
import { accounts, members, users, type Locale } from "../db/schema";
import type { Services } from "../services/container";
import { OPTIONAL_EMAIL_KINDS, type OptionalEmailKind } from "./kinds";
import { readUnsubscribeToken } from "./unsubscribe-token";

/** A member's e-mail choices: the kinds turned off, and the language of the e-mails (the person's, across accounts). */
export interface EmailPreferences {
  off: OptionalEmailKind[];
  locale: Locale;
}

const inKindOrder = (kinds: readonly string[]) => OPTIONAL_EMAIL_KINDS.filter((kind) => kinds.includes(kind));

/** Sets which kinds the member does not want (and, when given, their language); answers what is now stored. */
export async function setEmailPreferences(
  deps: Pick<Services, "db">,
  input: { accountId: string; memberId: string; off: OptionalEmailKind[]; locale?: Locale },
): Promise<EmailPreferences> {
  const { db } = deps;
  const off = inKindOrder(input.off);
  const [member] = await db
    .update(members)
    .set({ emailOff: off })
    .where(and(eq(members.id, input.memberId), eq(members.accountId, input.accountId)))
    .returning({ userId: members.userId });
  if (!member) throw notFound("Member");
  const [user] = input.locale
    ? await db.update(users).set({ locale: input.locale }).where(eq(users.id, member.userId)).returning({ locale: users.locale })
    : await db.select({ locale: users.locale }).from(users).where(eq(users.id, member.userId));
  return { off, locale: user?.locale ?? "en" };
}

/** Who an unsubscribe link is for, for its page: 400 `unsubscribe_link_invalid` for a forged, malformed or orphaned link. */
export async function unsubscribeTarget(deps: Pick<Services, "db" | "encryptionKey">, token: string | undefined) {
  const named = token ? await readUnsubscribeToken(deps.encryptionKey, token) : null;
  if (!named) throw invalidLink("it is incomplete or was not made by this service");
  const [member] = await deps.db
    .select({
      email: users.email,
      locale: users.locale,
      account: { id: accounts.id, email: accounts.email, name: accounts.name },
      emailOff: members.emailOff,
    })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(eq(members.id, named.memberId));
  if (!member) throw invalidLink("its membership no longer exists");
  return {
    ...named,
    email: member.email,
    locale: member.locale,
    // The account by its display name, as its e-mails call it: never the address it was made with.
    account: await accountDisplayName(deps.db, member.account),
    off: (member.emailOff ?? []).includes(named.kind),
  };
}

/** Turns the link's kind off for its member (RFC 8058 one-click); doing it twice changes nothing. */
export async function unsubscribe(deps: Pick<Services, "db" | "encryptionKey">, token: string | undefined) {
  const target = await unsubscribeTarget(deps, token);
  await deps.db.run(sql`
    UPDATE members SET email_off = json_insert(email_off, '$[#]', ${target.kind})
    WHERE id = ${target.memberId} AND NOT EXISTS (SELECT 1 FROM json_each(members.email_off) WHERE value = ${target.kind})`);
  return { ...target, off: true };
}

const invalidLink = (why: string) =>
  new AppError(
    "unsubscribe_link_invalid",
    `This unsubscribe link cannot be used: ${why}. Choose your e-mails in the panel's Settings instead`,
  );
