// Preloaded into the browser tests' server and seed processes (`node --import`, through NODE_OPTIONS,
// by scripts/e2e-server.mjs) when E2E_TODAY names a day. The app reads "today" in many places (the
// API's `now`, route loaders' `new Date()`, the seed's windows, PostgreSQL's now() inside PGlite), all
// through the process's Date: moving that one clock moves every one of them together, and the app
// needs no test-only branch. The process starts at noon of that day and its clock runs on from
// there, so durations (session idle time, rate-limit windows, code lifetimes) stay real.
// Why: the specs that place a district's screening windows around today used to skip themselves
// near the start and end of the school year; on a fixed day they run, and assert the same, all year.
const day = process.env.E2E_TODAY;

if (day) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`E2E_TODAY must be a YYYY-MM-DD day, not ${day}`);
  const RealDate = Date;
  const offset = new RealDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12).getTime() - RealDate.now();
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    // `new Date()` is now; a Date of a given time stays that time.
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    // `Date()` called without `new` answers the current time as a string.
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === "now" ? now : Reflect.get(target, key, receiver)),
  });
}
