import { createToken } from "../../src/tokens/service";
import { members, type Role, users } from "../../src/db/schema";
import { newId } from "../../src/core/ids";
import { startSession } from "../../src/sessions/service";
import { db } from "../harness";

let counter = 0;

/** A member of the account with `role` (a user of their own), with a manage token of theirs and a panel session. */
export async function seedMember(accountId: string, role: Role, options: { siteIds?: string[] } = {}) {
  counter += 1;
  const email = `${role}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const userId = newId("usr");
  const memberId = newId("mem");
  await db().insert(users).values({ id: userId, email });
  await db()
    .insert(members)
    .values({ id: memberId, accountId, userId, role, siteIds: options.siteIds ?? null });
  const { secret } = await createToken(db(), { accountId, memberId, name: `${role} token`, scope: "manage", now: new Date() });
  const session = await startSession({ db: db() }, { accountId, userId }, new Date());
  return { email, userId, memberId, token: secret, cookie: `__Host-session=${session}` };
}
