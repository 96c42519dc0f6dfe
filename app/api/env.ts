import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import type { CookieSecureSetting } from "#app/domain/cookie-security";
import type { RoleName } from "#app/domain/roles";
import type { Mailer } from "#app/server/mail.server";
import type { Flags } from "#app/server/flags.server";
import type { SsoProviders } from "./sso/providers";

export interface ApiConfig {
  /** Idle time after which the server forgets a session (spec 001: 1 hour, plus the 30 s grace). */
  sessionIdleMs: number;
  /** Absolute lifetime of a session, however active (12 hours unless a test says otherwise). */
  sessionMaxAgeMs?: number;
  /** The public origin of the app, for links in emails and CSRF checks. */
  publicUrl: string;
  /** COOKIE_SECURE: always, never, or "auto" (Secure when the request came over HTTPS or publicUrl is https). */
  secureCookies: CookieSecureSetting;
  /** Lets tests switch flags per request with the x-feature-flags header. */
  allowFlagOverride: boolean;
  flags: Flags;
  /** Single sign-on providers (app/api/sso); read from the environment when left out. */
  sso?: SsoProviders;
  /** How long the access log keeps rows, as RECORD_ACCESS_RETENTION_DAYS writes it (app/api/record-access.ts); read from the environment when left out. */
  recordAccessRetentionDays?: string | null;
}

export interface ApiDeps {
  db: Db;
  config: ApiConfig;
  mailer: Mailer;
  now: () => Date;
}

/** The signed-in caller, as every handler sees it. */
export interface Actor {
  sessionId: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: RoleName | null;
  organizationId: string | null;
  schoolIds: string[];
  passwordIsTemporary: boolean;
}

/**
 * What `app.fetch(request, bindings)` may carry. Only code in this process can pass it (neither
 * the /api route nor any HTTP caller does), so the UI's in-process client hands over the caller it
 * already resolved for its page, instead of a token the API would look up again
 * (app/lib/api.server.ts).
 */
export interface ApiBindings {
  caller?: { actor: Actor | null };
  /** The page request's X-Request-Id (REQUEST_LOG=json), for the access log's rows. */
  requestId?: string | null;
}

export type ApiEnv = {
  Bindings: ApiBindings;
  Variables: {
    deps: ApiDeps;
    actor: Actor | null;
    flags: Flags;
  };
};

export const ErrorBody = z.object({ message: z.string(), errors: z.array(z.string()).optional() }).openapi("Error");

/** Every router answers a failed zod check with the `{ message, errors }` shape of spec 000 section 5. */
export function newRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const errors = result.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message));
        return c.json({ message: result.error.issues[0]?.message ?? "Invalid request", errors }, 400);
      }
    },
  });
}

export type Router = ReturnType<typeof newRouter>;

/** Shorthands for route declarations. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

export const errorResponses = {
  400: jsonResponse(ErrorBody, "Invalid input"),
  401: jsonResponse(ErrorBody, "No session"),
  403: jsonResponse(ErrorBody, "Outside the caller's scope"),
  404: jsonResponse(ErrorBody, "Unknown id"),
} as const;
