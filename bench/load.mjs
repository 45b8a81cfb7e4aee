// A closed-loop load run with autocannon; every response time is kept so p50/p95/p99 are exact.
import autocannon from "autocannon";

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `requests` (cycled) for `seconds` with `connections` and returns rps and latency percentiles (ms). */
export async function measure({ url, headers, requests, seconds = 10, connections = 8 }) {
  const times = [];
  const statuses = new Map();
  const instance = autocannon({ url, headers, requests, duration: seconds, connections, pipelining: 1 });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    statuses: Object.fromEntries(statuses),
    errors: result.errors + result.timeouts,
  };
}

/**
 * The same closed loop with fetch, one request at a time per connection: for peers that close
 * every connection (PHP's built-in server under WordPress), which autocannon does not count.
 */
export async function measureWithFetch({ url, headers, requests, seconds = 10, connections = 8 }) {
  const times = [];
  const statuses = new Map();
  const deadline = performance.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i += connections) {
        const started = performance.now();
        try {
          const response = await fetch(url + requests[i % requests.length].path, { headers });
          await response.arrayBuffer();
          times.push(performance.now() - started);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        } catch {
          errors++;
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    statuses: Object.fromEntries(statuses),
    errors,
  };
}
