import { beforeAll, describe, expect, it } from "vitest";
import { makeClassroom, makeDistrict, makeSchool, makeStudent } from "./support/fixtures";
import { deletedAt } from "./support/stored";
import { apiWorld } from "./support/world";

const { handle, t, w } = await apiWorld();
const su: string = await t.login(w.superAdmin.email);
const da: string = await t.login(w.districtAdmin.email);

const auditOf = (entityId: string) =>
  handle.db.selectFrom("audit_log").selectAll().where("entity_id", "=", entityId).orderBy("audit_log_id").execute();

describe(`districts (${process.env.TEST_DB_ENGINE})`, () => {
  it.each([
    [{ state: "WA" }, "Name is a required field."],
    [{ name: "   ", state: "WA" }, "Name is a required field."],
    [{ name: "North" }, "State is a required field."],
    [{ name: "North", state: "" }, "State is a required field."],
    [{ name: "North", state: "XX" }, "Please choose a state from the list."],
    [{ name: "North", state: "WA", website: "not a url" }, "Please enter a valid website address, such as https://www.example.org."],
    [{ name: "North", state: "WA", website: "ftp://x.org" }, "Please enter a valid website address, such as https://www.example.org."],
  ])("refuses %j with %s", async (body, message) => {
    const res = await t.call("POST", "/organization", { token: su, body });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("creates with a state from the list and an optional website, and writes the audit log", async () => {
    const res = await t.call("POST", "/organization", {
      token: su,
      body: { name: "  Pine Valley  ", state: "PR", website: "pinevalley.org" },
    });
    expect(res.status).toBe(201);
    const org = await res.json();
    expect(org).toMatchObject({ name: "Pine Valley", state: "PR", website: "https://pinevalley.org" });
    const none = await t.call("POST", "/organization", { token: su, body: { name: "No Site", state: "DC" } });
    expect((await none.json()).website).toBeNull();
    const log = await auditOf(org.organizationId);
    expect(log).toMatchObject([{ action: "create", entity_type: "organization", actor_user_id: w.superAdmin.user_id }]);
  });

  it("updates name, state and website", async () => {
    const d = await makeDistrict(handle.db);
    const res = await t.call("PUT", "/organization", {
      token: su,
      body: { organizationId: d.organization_id, name: "Renamed District", state: "NY", website: "https://renamed.example.org" },
    });
    expect(res.status).toBe(200);
    const get = await (await t.call("GET", `/organization/${d.organization_id}`, { token: su })).json();
    expect(get).toEqual({
      organizationId: d.organization_id,
      name: "Renamed District",
      state: "NY",
      website: "https://renamed.example.org",
      version: 2, // one edit since it was created (optimistic concurrency, issue 14)
    });
    expect((await auditOf(d.organization_id)).map((a) => a.action)).toEqual(["update"]);
  });

  it("refuses to delete a district that still has schools", async () => {
    const res = await t.call("DELETE", `/organization/${w.otherDistrict.organization_id}`, { token: su });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(`${w.otherDistrict.name} still has 1 school. Delete its schools before deleting the district.`);
  });

  it("soft-deletes: the row stays with deleted_at, the district is gone from lists and reads", async () => {
    const d = await makeDistrict(handle.db);
    expect((await t.call("DELETE", `/organization/${d.organization_id}`, { token: su })).status).toBe(204);
    expect(await deletedAt(handle.db, "organization", d.organization_id)).not.toBeNull();
    const list = (await (await t.call("GET", "/organization", { token: su })).json()) as { organizationId: string }[];
    expect(list.map((o) => o.organizationId)).not.toContain(d.organization_id);
    expect((await t.call("GET", `/organization/${d.organization_id}`, { token: su })).status).toBe(404);
    expect((await t.call("DELETE", `/organization/${d.organization_id}`, { token: su })).status).toBe(404);
    expect((await auditOf(d.organization_id)).map((a) => a.action)).toEqual(["delete"]);
  });
});

describe(`schools (${process.env.TEST_DB_ENGINE})`, () => {
  it("needs a name", async () => {
    const res = await t.call("POST", "/organizationUnit", { token: da, body: { organizationId: w.district.organization_id, name: " " } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Name is a required field.");
  });

  it("creates in the district and renames, with the district attached", async () => {
    const res = await t.call("POST", "/organizationUnit", {
      token: da,
      body: { organizationId: w.district.organization_id, name: "Cedar Elementary" },
    });
    expect(res.status).toBe(201);
    const school = await res.json();
    expect(school).toMatchObject({
      name: "Cedar Elementary",
      organizationId: w.district.organization_id,
      Organization: { name: w.district.name },
    });
    const put = await t.call("PUT", "/organizationUnit", {
      token: da,
      body: { organizationUnitId: school.organizationUnitId, organizationId: w.district.organization_id, name: "Cedar Primary" },
    });
    expect(put.status).toBe(200);
    expect((await put.json()).name).toBe("Cedar Primary");
    expect((await auditOf(school.organizationUnitId)).map((a) => [a.action, a.actor_user_id])).toEqual([
      ["create", w.districtAdmin.user_id],
      ["update", w.districtAdmin.user_id],
    ]);
  });

  it("does not move a school to another district", async () => {
    const res = await t.call("PUT", "/organizationUnit", {
      token: su,
      body: { organizationUnitId: w.schoolB.organization_unit_id, organizationId: w.otherDistrict.organization_id, name: w.schoolB.name },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("A school cannot be moved to another district.");
  });

  it("refuses to delete a school with students or classrooms, naming what must move first", async () => {
    const school = await makeSchool(handle.db, w.district.organization_id, "Busy School");
    const group = await makeClassroom(handle.db, school.organization_unit_id);
    await makeStudent(handle.db, school.organization_unit_id, { classroomIds: [group.participant_group_id] });
    await makeStudent(handle.db, school.organization_unit_id);
    const res = await t.call("DELETE", `/organizationUnit/${school.organization_unit_id}`, { token: da });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      "Busy School still has 2 students and 1 classroom. Move the students to another school and delete its classrooms before deleting the school.",
    );

    const onlyClassroom = await makeSchool(handle.db, w.district.organization_id, "Room Only");
    await makeClassroom(handle.db, onlyClassroom.organization_unit_id);
    const res2 = await t.call("DELETE", `/organizationUnit/${onlyClassroom.organization_unit_id}`, { token: da });
    expect(res2.status).toBe(409);
    expect((await res2.json()).message).toMatch(/^Room Only still has 1 classroom\./);
  });

  it("soft-deletes an empty school: kept with deleted_at, hidden from the district's schools", async () => {
    const school = await makeSchool(handle.db, w.district.organization_id);
    // A deleted student or classroom does not hold the school.
    const gone = await makeStudent(handle.db, school.organization_unit_id);
    await handle.db.updateTable("participant").set({ deleted_at: new Date() }).where("participant_id", "=", gone.participant_id).execute();
    expect((await t.call("DELETE", `/organizationUnit/${school.organization_unit_id}`, { token: da })).status).toBe(204);
    expect(await deletedAt(handle.db, "organization_unit", school.organization_unit_id)).not.toBeNull();
    const list = (await (await t.call("GET", `/organization/orgUnits/${w.district.organization_id}`, { token: da })).json()) as {
      organizationUnitId: string;
    }[];
    expect(list.map((s) => s.organizationUnitId)).not.toContain(school.organization_unit_id);
    expect((await t.call("GET", `/organizationUnit/${school.organization_unit_id}`, { token: da })).status).toBe(404);
  });
});

// Issue 13 item 6: a duplicate name within its parent (all districts; a school's district) is
// refused whatever its case and spacing, with the error on the name field.
describe(`duplicate names (${process.env.TEST_DB_ENGINE})`, () => {
  const DISTRICT_TAKEN = "A district with this name already exists.";
  const SCHOOL_TAKEN = "A school with this name already exists in this district.";
  beforeAll(() => makeDistrict(handle.db, "Harbor Point District"));

  it.each(["Harbor Point District", "harbor point district", "  HARBOR   Point\tdistrict "])(
    "refuses a new district named %j when 'Harbor Point District' exists",
    async (name) => {
      const res = await t.call("POST", "/organization", { token: su, body: { name, state: "WA" } });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: DISTRICT_TAKEN, errors: [`name: ${DISTRICT_TAKEN}`] });
    },
  );

  it("refuses renaming a district to another's name, but keeps its own name in another case", async () => {
    const a = await makeDistrict(handle.db, "Quarry Hill District");
    const b = await makeDistrict(handle.db, "Elm Ridge District");
    const rename = (name: string) =>
      t.call("PUT", "/organization", { token: su, body: { organizationId: b.organization_id, name, state: "WA" } });
    const taken = await rename(" quarry hill  DISTRICT");
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe(DISTRICT_TAKEN);
    expect((await rename("ELM RIDGE District")).status).toBe(200);
    expect(a.organization_id).not.toBe(b.organization_id);
  });

  it("lets a deleted district's name be used again", async () => {
    const gone = await makeDistrict(handle.db, "Sunset Flats District");
    expect((await t.call("DELETE", `/organization/${gone.organization_id}`, { token: su })).status).toBe(204);
    expect((await t.call("POST", "/organization", { token: su, body: { name: "Sunset Flats District", state: "WA" } })).status).toBe(201);
  });

  it("refuses a school named like another of its district, allows it in another district", async () => {
    await makeSchool(handle.db, w.district.organization_id, "Birch Lane Elementary");
    const create = (organizationId: string, name: string) =>
      t.call("POST", "/organizationUnit", { token: su, body: { organizationId, name } });
    const taken = await create(w.district.organization_id, "  birch LANE   elementary");
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ message: SCHOOL_TAKEN, errors: [`name: ${SCHOOL_TAKEN}`] });
    expect((await create(w.otherDistrict.organization_id, "Birch Lane Elementary")).status).toBe(201);
  });

  it("refuses renaming a school to a sibling's name, as the district admin too", async () => {
    const school = await makeSchool(handle.db, w.district.organization_id, "Aspen Court Elementary");
    const res = await t.call("PUT", "/organizationUnit", {
      token: da,
      body: { organizationUnitId: school.organization_unit_id, name: w.schoolA.name.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(SCHOOL_TAKEN);
    const same = await t.call("PUT", "/organizationUnit", {
      token: da,
      body: { organizationUnitId: school.organization_unit_id, name: "aspen court elementary" },
    });
    expect(same.status).toBe(200);
  });
});
