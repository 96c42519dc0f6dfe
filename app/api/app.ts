import { getCookie } from "hono/cookie";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import { apiBodyLimit, bodyTooLargeMessage } from "#app/server/body-limit.server";
import { CROSS_SITE_MESSAGE, crossSiteReason } from "#app/server/csrf.server";
import { withOverride } from "#app/server/flags.server";
import { noteRequestRoute, requestLogOn } from "#app/server/request-log.server";
import { nonPageSecurityHeaders } from "#app/server/security-headers.server";
import { type ApiBindings, type ApiDeps, newRouter } from "./env";
import { dropIdleConnections, isPoolWaitTimeout } from "#app/db/connect.server";
import { isConnectionLoss } from "#app/db/connection-loss";
import { inRequestScope, isRequestAbandoned } from "#app/db/request-scope";
import { ApiError } from "./errors";
import { idempotency } from "./idempotency";
import { registerAccounts } from "./resources/accounts";
import { registerAudio } from "./resources/audio";
import { registerBandSummary } from "./resources/band-summary";
import { registerDashboard } from "./resources/dashboard";
import { registerFamilyNotice } from "./resources/family-notice";
import { registerFollowUp } from "./resources/follow-up";
import { registerFollowUpCounts } from "./resources/follow-up-counts";
import { registerFollowUpLists } from "./resources/follow-up-lists";
import { registerKeptData } from "./resources/kept-data";
import { registerOrganization } from "./resources/organization";
import { registerOrganizationUnit } from "./resources/organization-unit";
import { registerParticipantGroups } from "./resources/participant-groups";
import { registerParticipants } from "./resources/participants";
import { registerProgress } from "./resources/progress";
import { registerRanScoring } from "./resources/ran-scoring";
import { registerRecordAccess } from "./resources/record-access";
import { registerReports } from "./resources/reports";
import { registerResults } from "./resources/results";
import { registerRostering } from "./resources/rostering";
import { registerScreeningCalendar } from "./resources/screening-calendar";
import { registerScreeningStandards } from "./resources/screening-standards";
import { registerStudentProfile } from "./resources/student-profile";
import { registerStudentRecords } from "./resources/student-records";
import { registerSupport } from "./resources/support";
import { registerSupportGroups } from "./resources/support-groups";
import { registerTestMaterials } from "./resources/test-materials";
import { registerUsers } from "./resources/users";
import { resolveCaller } from "./sessions";
import { registerSso } from "./sso/routes";

export const API_SESSION_COOKIE = "api_session";

/** The REST API of spec section 7 (both specs), mounted under /api. */
export function createApi(deps: ApiDeps) {
  const app = newRouter().basePath("/api");

  // REQUEST_LOG=json (scripts/request-log.mjs): an /api call's log line names the API route that
  // answered ("/api/*" when none did: not found, or refused before any route ran).
  if (requestLogOn())
    app.use("*", async (c, next) => {
      await next();
      noteRequestRoute(c.req.raw, routePath(c));
    });

  // Every answer, errors included, carries the security headers (no-store, nosniff, DENY…).
  app.use("*", async (c, next) => {
    await next();
    nonPageSecurityHeaders(c.req.raw, c.res.headers, deps.config.publicUrl);
  });

  // Bodies are capped before anything reads them: 64 KB on the calls anyone may make, 1 MB elsewhere.
  app.use("*", (c, next) => {
    const maxSize = apiBodyLimit(c.req.path);
    return bodyLimit({ maxSize, onError: (c) => c.json({ message: bodyTooLargeMessage(maxSize) }, 413) })(c, next);
  });

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set(
      "flags",
      deps.config.allowFlagOverride ? withOverride(deps.config.flags, c.req.header("x-feature-flags") ?? null) : deps.config.flags,
    );
    // app.fetch without bindings (the /api route) leaves c.env undefined.
    const handedOver = (c.env as ApiBindings | undefined)?.caller;
    if (handedOver) {
      c.set("actor", handedOver.actor);
      return next();
    }
    const bearer = c.req.header("authorization")?.match(/^Bearer (.+)$/i)?.[1];
    const token = bearer ?? getCookie(c, API_SESSION_COOKIE);
    // A cookie rides along on any site's request; a bearer token does not. So cookie-authenticated
    // changes must come from this site (app/lib/csrf.server.ts).
    if (!bearer && token && crossSiteReason(c.req.raw, deps.config.publicUrl)) return c.json({ message: CROSS_SITE_MESSAGE }, 403);
    c.set("actor", token ? await resolveCaller(deps, token) : null);
    await next();
  });

  // After the caller is known: a create's Idempotency-Key belongs to its caller (issue 13 item 5).
  app.use("*", idempotency);

  registerDashboard(app);
  registerAccounts(app);
  registerSso(app);
  registerOrganization(app);
  registerOrganizationUnit(app);
  registerParticipants(app);
  registerUsers(app);
  registerReports(app);
  registerBandSummary(app);
  registerTestMaterials(app);
  registerSupport(app);
  registerParticipantGroups(app);
  registerResults(app);
  registerAudio(app);
  registerStudentProfile(app);
  registerRanScoring(app);
  registerRostering(app);
  registerScreeningCalendar(app);
  registerScreeningStandards(app);
  registerKeptData(app);
  registerRecordAccess(app);
  registerStudentRecords(app);
  registerFollowUp(app);
  registerFamilyNotice(app);
  registerSupportGroups(app);
  registerProgress(app);
  registerFollowUpCounts(app);
  registerFollowUpLists(app);

  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", { type: "http", scheme: "bearer" });
  app.doc("/openapi.json", {
    openapi: "3.0.3",
    info: {
      title: "Early-literacy screening dashboard API",
      version: "1",
      description:
        "Every call takes `Authorization: Bearer <token>` from POST /dashboard/login. Errors answer `{ message, errors? }`. " +
        "The create calls (POST /organization, /organizationUnit, /user, /participantGroups, /participants) honour an " +
        "`Idempotency-Key` header: the same key from the same caller answers the first success again (header " +
        "`Idempotent-Replayed: true`) and creates nothing more; a blank key is refused (400), a key reused for a different " +
        "request too (422), and a failed call is not remembered.",
    },
    security: [{ Bearer: [] }],
  });

  app.notFound((c) => c.json({ message: "Not found" }, 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json({ message: err.message, ...(err.errors ? { errors: err.errors } : {}) }, err.status);
    }
    if (err instanceof HTTPException) return c.json({ message: err.message || "Request failed" }, err.status);
    // The visitor has gone (app/db/request-scope.ts): nobody reads this answer, and it is no error of ours.
    if (isRequestAbandoned(err)) return c.json({ message: err.message }, 503);
    // The database dropped the connection (a failover, an administrator, a restart): the request
    // fails cleanly with 503, and fetchApi tries an idempotent read once more on a fresh one.
    if (isConnectionLoss(err)) {
      console.warn("[api]", c.req.method, c.req.path, `database connection lost: ${err.message}`);
      return c.json({ message: DATABASE_UNAVAILABLE }, 503, { "Retry-After": "1" });
    }
    // Every connection of the pool stayed busy for DATABASE_POOL_WAIT_MS: nothing ran. No
    // Retry-After: with one, fetchApi would take it for a lost connection and wait a second time.
    if (isPoolWaitTimeout(err)) {
      console.warn("[api]", c.req.method, c.req.path, "no database connection free within DATABASE_POOL_WAIT_MS");
      return c.json({ message: SERVER_BUSY }, 503);
    }
    console.error("[api]", c.req.method, c.req.path, err);
    return c.json({ message: "Unexpected Server Error" }, 500);
  });

  return app;
}

export type Api = ReturnType<typeof createApi>;

export const DATABASE_UNAVAILABLE = "The database connection was lost. Please try again.";
/** The words of a request refused for load, as scripts/shed-load.mjs answers it (BUSY_MESSAGE). */
export const SERVER_BUSY = "The server is busy. Please wait a few seconds and try again.";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * The API's fetch for every caller (the /api route and the in-process client): a read (GET, HEAD)
 * whose database connection was lost (503 with Retry-After, from onError) is tried once more, so
 * the request after a database blink is not an error. A change is never repeated here: its
 * caller sees the 503 and decides.
 */
export function fetchApi(app: Api, request: Request, env?: Parameters<Api["fetch"]>[1]): Promise<Response> {
  // Its database work belongs to this request, or to the page's visitor that called in-process.
  return inRequestScope(request, () => fetchOnce(app, request, env));
}

async function fetchOnce(app: Api, request: Request, env?: Parameters<Api["fetch"]>[1]): Promise<Response> {
  const response = await app.fetch(request, env);
  if (!SAFE_METHODS.has(request.method) || response.status !== 503 || !response.headers.has("retry-after")) return response;
  await response.body?.cancel();
  await dropIdleConnections();
  return app.fetch(request, env);
}
