// Load with autocannon against the real server: requests/s, latency percentiles (from every
// response's own time, so p95 is exact), status codes, and the server's CPU ms per request.
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

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

export async function load(opts: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  pid: number;
}): Promise<LoadResult> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  const cpu0 = cpuMs(opts.pid);
  const started = performance.now();
  const instance = autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    headers: opts.headers,
    timeout: 30,
  });
  instance.on("response", (_client: unknown, statusCode: number, resBytes: number, responseTime: number) => {
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
