// The app floor: the API's own deployment (its wrangler.toml: bindings, static-assets router,
// Durable Object and Workflow classes) with a fetch that does nothing but answer `/api/bytes?n=N`
// with N bytes of JSON. The API's own cost is read against it (bench/run.mjs, docs/scale.md).
export { AccountState } from "../../src/durable-objects/account-state";
export { ItemPipeline } from "../../src/pipeline/workflow";

export default {
  fetch(request: Request): Response {
    const n = Number(new URL(request.url).searchParams.get("n") ?? 0);
    const body = JSON.stringify({ success: true, data: "x".repeat(Math.max(0, n - 29)) });
    return new Response(body, { headers: { "Content-Type": "application/json" } });
  },
};
