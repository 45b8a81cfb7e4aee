import { it } from "vitest";
import { seedAccount, seedArticle, call, useVars } from "../harness";

it("prof app", async () => {
  useVars({ PUBLIC_RATE_LIMIT_PER_MINUTE: "1000000000" } as never);
  const { token, accountId } = await seedAccount();
  for (let i = 0; i < 20; i++) await seedArticle(accountId, {});
  const path = "/api/v1/public/articles";
  await call(path, { token });
  const N = 800;
  let last = 0;
  const res0 = () => last;
  const run = async (label: string, init: Parameters<typeof call>[1]) => {
    for (let round = 0; round < 2; round++) {
      const a = performance.now();
      for (let i = 0; i < N; i++) {
        const res = await call(path, init);
        last = res.status;
        await res.arrayBuffer();
      }
      console.log(label, res0(), "ms/op", ((performance.now() - a) / N).toFixed(3));
    }
  };
  await run("list", { token });
  const etag = (await call(path, { token })).headers.get("ETag")!;
  await run("304", { token, headers: { "If-None-Match": etag } });
  await run("401", {});
});
