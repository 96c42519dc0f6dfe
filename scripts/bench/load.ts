// Load with autocannon against the real server: requests/s, latency percentiles (from every
// response's own time, so p95 is exact), status codes, and the server's CPU ms per request.
// With `before`, each connection sends that request before every measured one (the cold runs: the
// kept data invalidated first); only the measured requests are timed and counted.
import autocannon from "autocannon";
import { cpuMs } from "./server";

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  bytesPerReq: number;
  non2xx: number;
  errors: number;
  cpuMsPerReq: number | null;
  statuses: Record<string, number>;
}

// NaN when there are no times: a run that answered nothing has no percentile.
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A request sent, untimed, before each measured one. */
export interface Before {
  method: "POST";
  path: string;
  headers: Record<string, string>;
  body: string;
}

export async function load(opts: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  pid: number;
  before?: Before;
}): Promise<LoadResult> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  const cpu0 = cpuMs(opts.pid);
  const started = performance.now();
  const target = new URL(opts.url);
  const options: Parameters<typeof autocannon>[0] & { requests?: object[] } = {
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.before ? {} : opts.headers,
    timeout: 30,
  };
  // autocannon sends a connection's requests in this order, one at a time, round and round: the
  // answers of each connection alternate, the `before` one first.
  if (opts.before) options.requests = [opts.before, { method: "GET", path: target.pathname + target.search, headers: opts.headers }];
  const answered = new Map<unknown, number>();
  const instance = autocannon(options);
  instance.on("response", (client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
    if (opts.before) {
      const n = answered.get(client) ?? 0;
      answered.set(client, n + 1);
      if (n % 2 === 0) {
        // Its failures count against the run: a figure measured without the invalidation is not cold.
        if (statusCode < 200 || statusCode >= 300) statuses[`before ${statusCode}`] = (statuses[`before ${statusCode}`] ?? 0) + 1;
        return;
      }
    }
    times.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    bytes += resBytes;
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  const cpu1 = cpuMs(opts.pid);
  times.sort((a, b) => a - b);
  const n = times.length;
  const non2xx = Object.entries(statuses)
    .filter(([s]) => !s.startsWith("2"))
    .reduce((a, [, c]) => a + c, 0);
  // A cold run's time also holds its invalidations: its rate is of the measured requests over the
  // whole run, and its CPU a request includes one invalidation.
  return {
    connections: opts.connections,
    seconds: elapsed,
    requests: n,
    rps: n / Math.max(result.duration ?? elapsed, 0.001),
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    bytesPerReq: n ? bytes / n : 0,
    non2xx,
    errors: result.errors + result.timeouts,
    cpuMsPerReq: n ? (cpu1 - cpu0) / n : null,
    statuses,
  };
}
