// The floor: a Worker that does nothing, served by the same `wrangler dev --local` as the API.
export default { fetch: () => new Response('{"success":true}', { headers: { "Content-Type": "application/json" } }) };
