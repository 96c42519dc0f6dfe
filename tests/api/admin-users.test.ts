import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "#app/domain/roles";
import { makeTeacher, makeUser, newTeacherBody } from "./support/fixtures";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

const { handle, t, w } = await apiWorld();
const su: string = await t.login(w.superAdmin.email);
const da: string = await t.login(w.districtAdmin.email);
const sa: string = await t.login(w.schoolAdmin.email);

const SCHOOLS_NOT_FOR_ROLE = "Schools are only for school admins and teachers: a district admin works across all schools.";

let n = 0;
const email = () => `Person.${process.pid}.${++n}@School.Example`;
const teacherBody = (over: Record<string, unknown> = {}) => ({ ...newTeacherBody(w, "Tess", "Teacher", email()), ...over });

describe(`create user (${process.env.TEST_DB_ENGINE})`, () => {
  it.each([
    [{ firstName: "" }, "First Name is a required field."],
    [{ firstName: undefined }, "First Name is a required field."],
    [{ lastName: "  " }, "Last Name is a required field."],
    [{ email: "" }, "Email is a required field."],
    [{ email: "not-an-email" }, "Please enter a valid email address."],
    [{ roles: [] }, "Role is a required field."],
    [{ roles: undefined }, "Role is a required field."],
    [{ organizationUnitIds: [] }, "Schools is a required field."],
    [{ roles: ["ORG_UNIT_ADMIN"], organizationUnitIds: undefined }, "Schools is a required field."],
    [{ roles: ["PRINCIPAL"] }, "Unknown role: PRINCIPAL"],
    [{ organizationUnitIds: "school of another district" }, "Schools must belong to the user's district."],
  ] as [Record<string, unknown>, string][])("refuses %j: %s", async (over, message) => {
    // `w` is not built yet when the table is declared.
    const fixed =
      over.organizationUnitIds === "school of another district"
        ? { ...over, organizationUnitIds: [w.otherSchool.organization_unit_id] }
        : over;
    const res = await t.call("POST", "/user", { token: su, body: teacherBody(fixed) });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("trims and lowercases the email, keeps roles in order and the schools by name, starts with auth status None", async () => {
    const raw = `  ${email()} `;
    const res = await t.call("POST", "/user", { token: sa, body: teacherBody({ email: raw }) });
    expect(res.status).toBe(201);
    const user = await res.json();
    expect(user).toMatchObject({
      email: raw.trim().toLowerCase(),
      authStatus: "None",
      organizationId: w.district.organization_id,
      Role: [{ roleId: ROLE_IDS.TEACHER, roleName: "TEACHER" }],
      OrganizationUnits: [{ organizationUnitId: w.schoolA.organization_unit_id, name: w.schoolA.name }],
    });
    const log = await handle.db.selectFrom("audit_log").selectAll().where("entity_id", "=", user.userId).execute();
    expect(log).toMatchObject([{ action: "create", entity_type: "app_user", actor_user_id: w.schoolAdmin.user_id }]);
  });

  // Issue 13 item 4: schools ticked for a district admin were dropped while the answer said saved.
  it("refuses schools for a district admin (they work across all schools) instead of dropping them", async () => {
    const body = teacherBody({ roles: [ROLE_IDS.ORG_ADMIN] });
    const res = await t.call("POST", "/user", { token: su, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: SCHOOLS_NOT_FOR_ROLE });
    const created = await t.call("POST", "/user", { token: su, body: { ...body, organizationUnitIds: [] } });
    expect(created.status).toBe(201);
    expect((await created.json()).OrganizationUnits).toEqual([]);
  });

  it("creates super admins without a district, on the Super Admins tab", async () => {
    const res = await t.call("POST", "/user", {
      token: su,
      body: { firstName: "Sam", lastName: "Super", email: email(), roles: ["SUPER_ADMIN"] },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    const list = (await (await t.call("GET", "/user/superAdmins", { token: su })).json()) as { userId: string }[];
    expect(list.map((u) => u.userId)).toEqual(expect.arrayContaining([w.superAdmin.user_id, created.userId]));
  });

  it.each([
    ["district admin", () => da, ["ORG_ADMIN"], "You may not give the District Admin role."],
    ["school admin", () => sa, ["ORG_ADMIN"], "You may not give the District Admin role."],
    ["district admin", () => da, ["SUPER_ADMIN"], "You may not give the Super Admin role."],
  ])("a %s may not give %j", async (_, token, roles, message) => {
    const res = await t.call("POST", "/user", { token: token(), body: teacherBody({ roles }) });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(message);
  });

  it("refuses an email already in use, whatever its case", async () => {
    const res = await t.call("POST", "/user", { token: su, body: teacherBody({ email: w.teacher.email.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("A user with this email already exists.");
  });

  it("refuses the email of a deleted user: re-adding needs support", async () => {
    const gone = await makeTeacher(handle.db, w.schoolA);
    expect((await t.call("DELETE", `/user/${gone.user_id}`, { token: da })).status).toBe(204);
    const res = await t.call("POST", "/user", { token: da, body: teacherBody({ email: gone.email }) });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      "A deleted user has this email. Re-adding a deleted user requires contacting the product's customer support.",
    );
  });
});

describe(`edit user (${process.env.TEST_DB_ENGINE})`, () => {
  it("refuses schools for a district admin rather than answering saved with nothing saved", async () => {
    const admin = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: w.district.organization_id });
    const body = { userId: admin.user_id, firstName: "Dana", lastName: "Admin" };
    const res = await t.call("PUT", "/user", { token: su, body: { ...body, organizationUnitIds: [w.schoolA.organization_unit_id] } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: SCHOOLS_NOT_FOR_ROLE });
    const saved = await t.call("PUT", "/user", { token: su, body: { ...body, organizationUnitIds: [] } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ firstName: "Dana", OrganizationUnits: [] });
  });

  const teacherIn = (schoolIds = [w.schoolA.organization_unit_id]) =>
    makeUser(handle.db, { role: "TEACHER", organizationId: w.district.organization_id, schoolIds });
  /** The Edit User dialog's save of the user, with these fields. */
  const editUser = (token: string, u: { user_id: string }, fields: Record<string, unknown>) =>
    t.call("PUT", "/user", { token, body: { userId: u.user_id, ...fields } });

  it("changes names and schools", async () => {
    const u = await teacherIn();
    const res = await editUser(da, u, {
      firstName: "New",
      lastName: "Name",
      email: u.email,
      roles: [ROLE_IDS.TEACHER],
      organizationUnitIds: [w.schoolB.organization_unit_id, w.schoolA.organization_unit_id],
    });
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({ firstName: "New", lastName: "Name" });
    // Schools come back by name: 'A School…' before 'B School…'.
    expect(user.OrganizationUnits.map((s: { organizationUnitId: string }) => s.organizationUnitId)).toEqual([
      w.schoolA.organization_unit_id,
      w.schoolB.organization_unit_id,
    ]);
  });

  it.each([
    [{ email: "someone.else@school.example" }, "Email cannot be changed. Please contact the product's customer support to change email."],
    [{ roles: ["ORG_UNIT_ADMIN"] }, "Role cannot be changed. Please contact the product's customer support to change the role."],
    [{ organizationUnitIds: [] }, "Schools is a required field."],
    [{ firstName: "" }, "First Name is a required field."],
  ])("refuses %j: %s", async (over, message) => {
    const u = await teacherIn();
    const res = await editUser(su, u, { firstName: "A", lastName: "B", organizationUnitIds: [w.schoolA.organization_unit_id], ...over });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("accepts the same email in another case", async () => {
    const u = await teacherIn();
    const res = await editUser(su, u, {
      firstName: "A",
      lastName: "B",
      email: ` ${u.email.toUpperCase()} `,
      organizationUnitIds: [w.schoolA.organization_unit_id],
    });
    expect(res.status).toBe(200);
  });

  it("lets a school admin change only their own schools and keeps the user's others", async () => {
    const u = await teacherIn([w.schoolA.organization_unit_id, w.schoolB.organization_unit_id]);
    const both = [w.schoolA.organization_unit_id, w.schoolB.organization_unit_id];
    const refused = await editUser(sa, u, { firstName: "A", lastName: "B", organizationUnitIds: both });
    expect(refused.status).toBe(403);
    const res = await editUser(sa, u, { firstName: "A", lastName: "B", organizationUnitIds: [] });
    expect(res.status).toBe(200);
    expect((await res.json()).OrganizationUnits.map((s: { organizationUnitId: string }) => s.organizationUnitId)).toEqual([
      w.schoolB.organization_unit_id,
    ]);
  });
});

describe(`user lists and delete (${process.env.TEST_DB_ENGINE})`, () => {
  it("lists a district's users by name, with roles in order; a school admin sees the school-level users of their schools", async () => {
    const all = (await (await t.call("GET", `/user/organization/${w.district.organization_id}`, { token: da })).json()) as {
      userId: string;
      lastName: string;
      Role: { roleName: string }[];
    }[];
    expect(all.map((u) => u.userId)).toEqual(expect.arrayContaining([w.districtAdmin.user_id, w.schoolAdmin.user_id, w.teacher.user_id]));
    const names = all.map((u) => u.lastName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const mine = (await (await t.call("GET", `/user/organization/${w.district.organization_id}`, { token: sa })).json()) as typeof all;
    expect(mine.map((u) => u.userId)).toContain(w.teacher.user_id);
    expect(mine.map((u) => u.userId)).not.toContain(w.districtAdmin.user_id);
    expect(mine.every((u) => ["ORG_UNIT_ADMIN", "TEACHER"].includes(first(u.Role, "a role").roleName))).toBe(true);
  });

  it("lists a school's users with roles in their order, so the classroom form can offer first-role teachers", async () => {
    const both = await makeUser(handle.db, {
      role: "ORG_UNIT_ADMIN",
      organizationId: w.district.organization_id,
      schoolIds: [w.schoolA.organization_unit_id],
    });
    await handle.db.insertInto("user_role").values({ user_id: both.user_id, role_id: ROLE_IDS.TEACHER, position: 1 }).execute();
    const users = (await (await t.call("GET", `/user/organizationUnit/${w.schoolA.organization_unit_id}`, { token: sa })).json()) as {
      userId: string;
      Role: { roleName: string }[];
    }[];
    expect(users.find((u) => u.userId === both.user_id)?.Role.map((r) => r.roleName)).toEqual(["ORG_UNIT_ADMIN", "TEACHER"]);
    expect(users.find((u) => u.userId === w.teacher.user_id)?.Role.map((r) => r.roleName)).toEqual(["TEACHER"]);
  });

  it("finds a user by email (any case), and always yourself", async () => {
    const res = await t.call("GET", `/user/userByEmail/${encodeURIComponent(w.teacher.email.toUpperCase())}`, { token: sa });
    expect(res.status).toBe(200);
    expect((await res.json()).userId).toBe(w.teacher.user_id);
    const teacher = await t.login(w.teacher.email);
    const self = await t.call("GET", `/user/userByEmail/${encodeURIComponent(w.teacher.email)}`, { token: teacher });
    expect(self.status).toBe(200);
  });

  it("soft-deletes: the row stays with deleted_at, hidden from lists, sessions end", async () => {
    const u = await makeTeacher(handle.db, w.schoolA);
    const token = await t.login(u.email);
    expect((await t.call("DELETE", `/user/${u.user_id}`, { token: sa })).status).toBe(204);
    const row = await handle.db.selectFrom("app_user").selectAll().where("user_id", "=", u.user_id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const list = (await (await t.call("GET", `/user/organization/${w.district.organization_id}`, { token: da })).json()) as {
      userId: string;
    }[];
    expect(list.map((x) => x.userId)).not.toContain(u.user_id);
    expect((await t.call("GET", "/dashboard/current-user", { token })).status).toBe(401);
    expect((await t.call("DELETE", `/user/${u.user_id}`, { token: sa })).status).toBe(404);
    const log = await handle.db.selectFrom("audit_log").selectAll().where("entity_id", "=", u.user_id).execute();
    expect(log.map((a) => a.action)).toEqual(["delete"]);
  });

  it("does not let you delete yourself", async () => {
    const res = await t.call("DELETE", `/user/${w.schoolAdmin.user_id}`, { token: sa });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("You cannot delete your own user.");
  });
});
