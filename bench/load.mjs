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
