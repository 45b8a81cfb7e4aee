import { call, useFakeFetch } from "../harness";
import { createFakeWordPress, type FakeWordPressOptions } from "./wordpress";

/** A fresh fake WordPress that receives every outbound call of the Worker in this test. */
export function installFakeWordPress(options: FakeWordPressOptions = {}) {
  const fake = createFakeWordPress(options);
  useFakeFetch(fake.fetch);
  return fake;
}

/** Connects the fake as a site of the token's account; returns the Site record. */
export async function connectFakeSite(token: string, fake: ReturnType<typeof createFakeWordPress>, extra: Record<string, unknown> = {}) {
  const res = await call("/api/sites", {
    method: "POST",
    token,
    json: { url: fake.origin, blogUsername: "admin", blogAppPassword: fake.appPassword, businessContext: "A bakery blog", ...extra },
  });
  if (res.status !== 201) throw new Error(`connect failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; status: string; url: string };
}
