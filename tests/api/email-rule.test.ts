import { beforeEach, describe, expect, it } from "vitest";
import { ROLE_IDS } from "#app/domain/roles";
import { apiWorld } from "./support/world";

// Issue 13 item 3: one e-mail rule. An address the user form (POST /user) accepts must be one
// the invitation's set-password, the password reset and the registration accept too, or an
// invited user can never activate. Accented (internationalised) addresses are refused everywhere.

const INVALID = "Please enter a valid email address.";

const { handle, t, w } = await apiWorld();
const admin: string = await t.login(w.districtAdmin.email);
beforeEach(async () => {
  await handle.db.deleteFrom("rate_limit_event").execute();
});

let n = 0;
/** Each call's answer: refused with the invalid-email text, or not. */
async function refusedAsInvalid(res: Response): Promise<boolean> {
  const body = res.status === 400 ? ((await res.json()) as { message?: string }) : null;
  return body?.message === INVALID;
}

async function verdicts(email: string) {
  n += 1;
  const createUser = await t.call("POST", "/user", {
    token: admin,
    body: {
      organizationId: w.district.organization_id,
      firstName: "Mail",
      lastName: `Rule ${n}`,
      email,
      roles: [ROLE_IDS.TEACHER],
      organizationUnitIds: [w.schoolA.organization_unit_id],
    },
  });
  const createStudent = await t.call("POST", "/participants", {
    token: admin,
    body: {
      firstName: "Mail",
      lastName: `Rule ${n}`,
      dateOfBirth: "05/17/2019",
      grade: "K",
      organizationUnitId: w.schoolA.organization_unit_id,
      email,
      participantGroupIds: [],
    },
  });
  const setPassword = await t.call("POST", "/dashboard/forgot-password/new", {
    body: { email, code: "ABCDEFGH", password: "Fresh#Password9" },
  });
  const reset = await t.call("POST", "/dashboard/forgot-password", { body: { email } });
  const register = await t.call("POST", "/registerUser", {
    body: { email },
    headers: { "x-feature-flags": "new-user-password-registration" },
  });
  return {
    "POST /user": await refusedAsInvalid(createUser),
    "POST /participants": await refusedAsInvalid(createStudent),
    "set password": await refusedAsInvalid(setPassword),
    "reset password": await refusedAsInvalid(reset),
    register: await refusedAsInvalid(register),
  };
}

const all = (refused: boolean) => ({
  "POST /user": refused,
  "POST /participants": refused,
  "set password": refused,
  "reset password": refused,
  register: refused,
});

describe(`one e-mail rule across the API (${process.env.TEST_DB_ENGINE})`, () => {
  it.each([
    ["jöhn@exämple.com", true],
    ["jöhn@example.com", true],
    ["john@exämple.com", true],
    ["john@example", true],
    [".john@example.com", true],
    ["o'brien.{n}@example.com", false],
    ["First.Last+{n}@Example.co.uk", false],
  ])("%s: refused everywhere = %s", async (template, refused) => {
    const email = template.replace("{n}", String(Date.now() + n));
    expect(await verdicts(email)).toEqual(all(refused));
  });

  it("the address a user is created with is the one their set-password and reset accept (lowercased)", async () => {
    const email = `Mixed.Case${Date.now()}@Example.org`;
    const res = await t.call("POST", "/user", {
      token: admin,
      body: {
        organizationId: w.district.organization_id,
        firstName: "Mixed",
        lastName: "Case",
        email,
        roles: [ROLE_IDS.TEACHER],
        organizationUnitIds: [w.schoolA.organization_unit_id],
      },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { email: string }).email).toBe(email.toLowerCase());
    t.mail.length = 0;
    expect((await t.call("POST", "/dashboard/forgot-password", { body: { email } })).status).toBe(204);
    expect(t.mail.map((m) => m.to)).toEqual([email.toLowerCase()]);
  });
});
