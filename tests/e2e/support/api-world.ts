import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { unique } from "./admin";
import { DEMO, DEMO_PASSWORD, signIn } from "./auth";

// For specs that build a district of their own through the REST API, so the demo district other
// specs read stays as seeded; and the main e2e server's outbox (no SMTP there: app/lib/mail.server.ts).

/** The newest mail the main e2e server wrote to its outbox for `to`, as written (headers, blank line, body). */
export function outboxText(to: string): string {
  const dir = path.join(process.cwd(), `.tmp/e2e-data-${process.env.E2E_PORT ?? 3210}`, "outbox");
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(`-${to.replace(/[^a-z0-9@.]/gi, "_")}.txt`))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no mail to ${to} in ${dir}`);
  return readFileSync(path.join(dir, file), "utf8");
}

/** A REST bearer token of a demo user (the super admin unless named). */
export async function apiToken(request: APIRequestContext, email: string = DEMO.superAdmin): Promise<string> {
  const login = await request.post("/api/dashboard/login", { data: { username: email, password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** One REST call with a bearer token; anything but a 2xx fails the test. The JSON answer ({} for 204). */
export async function api(request: APIRequestContext, token: string, method: "POST" | "PUT", url: string, data?: unknown) {
  const res = await request.fetch(`/api${url}`, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (res.status() === 204 ? {} : await res.json()) as Record<string, string>;
}

/** A district admin who sets a password from the invitation's code, as an invited person does. */
export async function invitedDistrictAdmin(
  request: APIRequestContext,
  token: string,
  admin: { organizationId: string; firstName: string; lastName: string; email: string; password: string },
) {
  const { password, ...user } = admin;
  await api(request, token, "POST", "/user", { ...user, roles: ["ORG_ADMIN"] });
  await api(request, token, "POST", `/user/inviteUser/${admin.email}`);
  const code = /verification code: ([A-Z0-9]+)/.exec(outboxText(admin.email))?.[1];
  const reset = await request.post("/api/dashboard/forgot-password/new", { data: { email: admin.email, code, password } });
  expect(reset.status()).toBeLessThan(300);
}

/**
 * A new district with an active district admin, signed in on `page` at `to` (a path; the district's
 * id is put in for `:id`). For specs whose writes (roster imports, keys) must not meet another
 * spec's in the demo district while both run.
 */
export async function districtOfItsOwn(request: APIRequestContext, page: Page, label: string, password: string, to = "/district/:id") {
  const token = await apiToken(request);
  const name = unique(label);
  const tag = name.replace(/\W/g, "").toLowerCase();
  const districtId = (await api(request, token, "POST", "/organization", { name, state: "WA" })).organizationId;
  const admin = `${tag}.admin@own-district.example`;
  await invitedDistrictAdmin(request, token, { organizationId: districtId, firstName: "Ida", lastName: "Admin", email: admin, password });
  await signIn(page, admin, { password, to: to.replace(":id", districtId) });
  return { districtId, name, tag, admin };
}
