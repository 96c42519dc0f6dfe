import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { unique } from "./admin";
import { DEMO, DEMO_PASSWORD, signIn } from "./auth";
import { fieldOf } from "#app/domain/presence";

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

type Periods = Record<"BOY" | "MOY" | "EOY", { startDate: string; endDate: string; gradeLists: Record<string, string[]> }>;

/** What a spec's own district holds; every part but the district, its school and classroom is optional. */
export interface WorldPlan {
  /** Names it: 'Theta' gives the district 'Theta District …' (made unique), 'Theta Elementary', 'Theta Room' and `@theta.example` addresses. */
  label: string;
  /** A teacher of the classroom (an account with no password). */
  teacher?: { firstName: string; lastName: string };
  /** An invited district admin who set this password, to sign in with. */
  admin?: { firstName: string; lastName: string; password: string };
  /** The classroom's students (born 05/17/2020 unless said). */
  students?: { firstName: string; lastName: string; grade: string; dateOfBirth?: string }[];
  /** Headers of the students' creation (a feature flag a grade needs: `x-feature-flags`). */
  studentHeaders?: Record<string, string>;
  /** The district's screening calendar of one school year. */
  calendar?: { academicYear: string; periods: Periods };
}

export interface ApiWorld {
  /** The demo super admin's REST token, which built it. */
  token: string;
  tag: string;
  districtId: string;
  schoolId: string;
  classroomId: string;
  /** The students' ids, in the plan's order. */
  studentIds: string[];
  /** The district admin's email, when the plan has one. */
  admin: string;
  password: string;
}

/** A district of a spec's own, built through the REST API as the demo super admin. */
export async function buildApiWorld(request: APIRequestContext, plan: WorldPlan): Promise<ApiWorld> {
  const token = await apiToken(request);
  const tag = unique(plan.label).replace(/\W/g, "").toLowerCase();
  const domain = `${plan.label.toLowerCase()}.example`;
  const organizationId = fieldOf(
    await api(request, token, "POST", "/organization", { name: unique(`${plan.label} District`), state: "WA" }),
    "organizationId",
  );
  const schoolId = fieldOf(
    await api(request, token, "POST", "/organizationUnit", { organizationId, name: `${plan.label} Elementary` }),
    "organizationUnitId",
  );
  const teacherId = plan.teacher
    ? [
        (
          await api(request, token, "POST", "/user", {
            ...plan.teacher,
            organizationId,
            email: `${tag}.teacher@${domain}`,
            roles: ["TEACHER"],
            organizationUnitIds: [schoolId],
          })
        ).userId,
      ]
    : [];
  const classroomId = fieldOf(
    await api(request, token, "POST", "/participantGroups", {
      name: `${plan.label} Room`,
      organizationUnitId: schoolId,
      teacherId,
      participantGroupType: "CLASSROOM",
    }),
    "participantGroupId",
  );
  const studentIds: string[] = [];
  for (const { dateOfBirth = "05/17/2020", ...student } of plan.students ?? []) {
    const created = await request.post("/api/participants", {
      headers: { authorization: `Bearer ${token}`, ...plan.studentHeaders },
      data: { ...student, dateOfBirth, organizationUnitId: schoolId, participantGroupIds: [classroomId] },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    studentIds.push(((await created.json()) as { participantId: string }).participantId);
  }
  const admin = plan.admin ? `${tag}.admin@${domain}` : "";
  if (plan.admin) {
    const { password, ...name } = plan.admin;
    await invitedDistrictAdmin(request, token, { ...name, organizationId, email: admin, password });
  }
  if (plan.calendar) await api(request, token, "PUT", `/organization/${organizationId}/screening-calendar`, plan.calendar);
  return { token, tag, districtId: organizationId, schoolId, classroomId, studentIds, admin, password: plan.admin?.password ?? "" };
}

/**
 * The world of a spec file: built once before its tests (then `more` adds what the spec needs on
 * top, such as results), and read by the tests from the object returned here, which the build fills in.
 *   const world = useApiWorld({ label: "Theta", students: [...] });
 *   test("…", async ({ page }) => { await signIn(page, DEMO.superAdmin, { to: `/classroom/${world.classroomId}` }); });
 */
export function useApiWorld<Extra extends object = object>(
  plan: WorldPlan,
  more?: (world: ApiWorld, request: APIRequestContext) => Promise<Extra>,
): ApiWorld & Extra {
  const world = {} as ApiWorld & Extra;
  test.beforeAll(async ({ request }) => {
    const built = await buildApiWorld(request, plan);
    Object.assign(world, built, more ? await more(built, request) : {});
  });
  return world;
}

/** The demo super admin opens a page of the world with feature flags on (`x-feature-flags`, comma-separated). */
export async function openWithFlags(page: Page, flags: string, to: string) {
  await page.setExtraHTTPHeaders({ "x-feature-flags": flags });
  await signIn(page, DEMO.superAdmin, { to });
}

/** Signs the world's district admin in on `page`, at `to` if given. */
export const signInAdmin = (page: Page, world: ApiWorld, to?: string) => signIn(page, world.admin, { password: world.password, to });

/**
 * A new district with an active district admin, signed in on `page` at `to` (a path; the district's
 * id is put in for `:id`). For specs whose writes (roster imports, keys) must not meet another
 * spec's in the demo district while both run.
 */
export async function districtOfItsOwn(request: APIRequestContext, page: Page, label: string, password: string, to = "/district/:id") {
  const token = await apiToken(request);
  const name = unique(label);
  const tag = name.replace(/\W/g, "").toLowerCase();
  const districtId = fieldOf(await api(request, token, "POST", "/organization", { name, state: "WA" }), "organizationId");
  const admin = `${tag}.admin@own-district.example`;
  await invitedDistrictAdmin(request, token, { organizationId: districtId, firstName: "Ida", lastName: "Admin", email: admin, password });
  await signIn(page, admin, { password, to: to.replace(":id", districtId) });
  return { districtId, name, tag, admin };
}
