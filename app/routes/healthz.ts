/**
 * GET /healthz: the process is up and its app answers (README, "More than one core, more than one
 * machine"). A resource route like /session-keepalive, so it passes through remix-serve and Remix
 * as every request does, but reads no session and no database, and sets no cookie. Never held or
 * refused by the admission (scripts/shed-load.mjs, neverShed): a busy process is not a dead one.
 */
export function loader() {
  return Response.json({ status: "up" }, { headers: { "Cache-Control": "no-store" } });
}
