import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { ROSTER_LIMITS, ROSTER_MESSAGES } from "#app/api/resources/rostering";
import { ZIP_MESSAGES } from "#app/api/roster-zip";
import { SKIP_REASONS } from "#app/domain/oneroster-plan";
import { ROLE_IDS } from "#app/domain/roles";
import { exportZip, makeZip, oneRosterFiles, sampleDistrict, type ExportSpec, type ZipEntry } from "../support/oneroster-export";
import { rosterDistrict } from "./support/roster";
import { makeSchool, makeTeacher, makeUser } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";
import { itemAt } from "#app/domain/presence";

// Issue 16: OneRoster uploads through the API, on both engines: a district made from nothing, a
// re-upload (updates, no duplicates), tobedeleted rows, every refused case, undo, and a database
// left exactly as it was after a refused or failed import.

const data = useTempDataDir();

interface Import {
  rosterImportId: string;
  status: string;
  report: {
    confirmations: { kind: string; userId: string; sourcedId: string; email: string; previousEmail: string | null }[];
    confirmationCount: number;
    notices: { file: string; line: number; column: string; reason: string }[];
    counts: Record<
      string,
      {
        created: number;
        updated: number;
        deactivated: number;
        unchanged: number;
        skipped: number;
        skippedBy?: { reason: string; count: number }[];
        withoutBirthDate?: number;
      }
    > | null;
    errors: { file: string; line: number; column: string; reason: string }[];
    errorCount: number;
    message: string | null;
  };
}

const { handle, t, w } = await apiWorld();

afterAll(() => data.cleanup());

/** A new district of its own per test, so tests do not depend on each other. */
const district = () => rosterDistrict(t, handle.db);

const upload = (d: { id: string; name: string }, zip: Buffer, fileName = "roster.zip", headers?: Record<string, string>) =>
  t.call("POST", "/roster-stream-old/process-roster-file", {
    body: { file: zip.toString("base64"), fileName, districtName: d.name, districtId: d.id },
    headers,
  });
/** Applying needs a signed-in admin of the district (issue 33): the district's own admin applies. */
const apply = (d: { id: string; token: string }, rosterImportId: string, confirmAccounts?: boolean, confirmDeactivations?: boolean) =>
  t.call("POST", "/roster-stream-old/apply", {
    body: { districtId: d.id, rosterImportId, confirmAccounts, confirmDeactivations },
    token: d.token,
  });

async function staged(d: { id: string; name: string }, spec: ExportSpec): Promise<Import> {
  const res = await upload(d, exportZip(oneRosterFiles(spec)));
  expect(res.status).toBe(200);
  return (await res.json()) as Import;
}
async function applied(
  d: { id: string; name: string; token: string },
  spec: ExportSpec,
  confirmAccounts?: boolean,
  confirmDeactivations?: boolean,
): Promise<Import> {
  const s = await staged(d, spec);
  expect(s.status, JSON.stringify(s.report.errors.slice(0, 3))).toBe("staged");
  const res = await apply(d, s.rosterImportId, confirmAccounts, confirmDeactivations);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Import;
}

/** Every row of the rostered tables, for "nothing changed" checks. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of [
    "organization_unit",
    "participant_group",
    "app_user",
    "participant",
    "participant_group_member",
    "participant_group_teacher",
    "user_organization_unit",
    "user_role",
  ]) {
    out[table] = (await sql`select * from ${sql.table(table)} order by 1, 2`.execute(handle.db)).rows;
  }
  return JSON.stringify(out);
}

/** The live rostered rows of a district, by sourcedId. */
async function districtRows(districtId: string) {
  const db = handle.db;
  const schools = await db
    .selectFrom("organization_unit")
    .select(["sourced_id", "name"])
    .where("organization_id", "=", districtId)
    .where("deleted_at", "is", null)
    .orderBy("sourced_id")
    .execute();
  const classrooms = await db
    .selectFrom("participant_group as g")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
    .select(["g.sourced_id", "g.name", "ou.sourced_id as school"])
    .where("ou.organization_id", "=", districtId)
    .where("g.deleted_at", "is", null)
    .orderBy("g.sourced_id")
    .execute();
  const students = await db
    .selectFrom("participant as p")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .select(["p.sourced_id", "p.first_name", "p.grade", "p.date_of_birth", "p.external_id", "ou.sourced_id as school"])
    .where("ou.organization_id", "=", districtId)
    .where("p.deleted_at", "is", null)
    .orderBy("p.sourced_id")
    .execute();
  const teachers = await db
    .selectFrom("app_user as u")
    .innerJoin("user_role as r", "r.user_id", "u.user_id")
    .select(["u.sourced_id", "u.email"])
    .where("u.organization_id", "=", districtId)
    .where("r.role_id", "=", ROLE_IDS.TEACHER)
    .where("u.deleted_at", "is", null)
    .orderBy("u.sourced_id")
    .execute();
  const members = await db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
    .innerJoin("participant as p", "p.participant_id", "m.participant_id")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
    .select(["g.sourced_id as classroom", "p.sourced_id as student"])
    .where("ou.organization_id", "=", districtId)
    .orderBy("g.sourced_id")
    .orderBy("p.sourced_id")
    .execute();
  const classTeachers = await db
    .selectFrom("participant_group_teacher as m")
    .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
    .innerJoin("app_user as u", "u.user_id", "m.user_id")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
    .select(["g.sourced_id as classroom", "u.sourced_id as teacher"])
    .where("ou.organization_id", "=", districtId)
    .orderBy("g.sourced_id")
    .execute();
  const links = await db
    .selectFrom("user_organization_unit as l")
    .innerJoin("app_user as u", "u.user_id", "l.user_id")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "l.organization_unit_id")
    .select(["u.sourced_id as teacher", "ou.sourced_id as school"])
    .where("ou.organization_id", "=", districtId)
    .where("u.sourced_id", "is not", null)
    .orderBy("u.sourced_id")
    .execute();
  return { schools, classrooms, students, teachers, members, classTeachers, links };
}

describe(`roster upload (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  it("check-district names a district by its link, and says 'District not found' otherwise", async () => {
    const d = await district();
    const res = await t.call("GET", `/roster-stream-old/check-district/${d.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ organizationId: d.id, name: d.name });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const missing = await t.call("GET", `/roster-stream-old/check-district/${id}`);
      expect(missing.status).toBeGreaterThanOrEqual(400);
      expect(((await missing.json()) as { message: string }).message).toBe(ROSTER_MESSAGES.districtNotFound);
    }
  });

  it("stages a valid district without changing anything, then applies it in full", async () => {
    const d = await district();
    const before = await snapshot();
    const s = await staged(d, sampleDistrict("a"));
    expect(s.status).toBe("staged");
    expect(s.report.errors).toEqual([]);
    expect(s.report.counts).toMatchObject({
      schools: { created: 2, updated: 0, deactivated: 0, unchanged: 0, skipped: 1 },
      classrooms: { created: 10, updated: 0, deactivated: 0, unchanged: 0, skipped: 2 },
      teachers: { created: 4, updated: 0, deactivated: 0, unchanged: 0, skipped: 1 },
      students: { created: 20, updated: 0, deactivated: 0, unchanged: 0, skipped: 4, withoutBirthDate: 0 },
      enrollments: { created: 30, updated: 0, deactivated: 0, unchanged: 0, skipped: 6 },
    });
    // Skipped counts say why (issue 35).
    expect(s.report.counts?.students?.skippedBy).toEqual([{ reason: SKIP_REASONS.studentsOutOfGrade, count: 4 }]);
    expect(s.report.counts?.schools?.skippedBy).toEqual([{ reason: SKIP_REASONS.otherOrgs, count: 1 }]);
    expect(await snapshot()).toBe(before);

    const res = await apply(d, s.rosterImportId);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Import).status).toBe("applied");
    const rows = await districtRows(d.id);
    expect(rows.schools.map((x) => x.name)).toEqual(["a North Elementary", "a South Elementary"]);
    expect(rows.classrooms).toHaveLength(10);
    expect(rows.teachers.map((x) => x.email)).toEqual([
      "a-tch-1-1@example.org",
      "a-tch-1-2@example.org",
      "a-tch-2-1@example.org",
      "a-tch-2-2@example.org",
    ]);
    expect(rows.students).toHaveLength(20);
    expect([...new Set(rows.students.map((x) => x.grade))].sort()).toEqual(["1", "2", "3", "K", "PK"]);
    expect(rows.students.find((x) => x.sourced_id === "a-stu-1-KG-1")).toEqual({
      sourced_id: "a-stu-1-KG-1",
      first_name: "Kid1",
      grade: "K",
      date_of_birth: "2017-01-10",
      external_id: "ID-a-stu-1-KG-1",
      school: "a-sch-1",
    });
    expect(rows.members).toHaveLength(20);
    // Teachers in several classes: each teaches three classes' worth of the PK–3 grades (one has the skipped grade 4).
    expect(rows.classTeachers.filter((x) => x.teacher === "a-tch-1-1").map((x) => x.classroom)).toEqual([
      "a-cls-1-01",
      "a-cls-1-03",
      "a-cls-1-PK",
    ]);
    expect(rows.links).toEqual(
      rows.teachers.map((x) => ({ teacher: x.sourced_id, school: x.sourced_id!.startsWith("a-tch-1") ? "a-sch-1" : "a-sch-2" })),
    );

    // Applied once only.
    const again = await apply(d, s.rosterImportId);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(ROSTER_MESSAGES.notStaged);
  });

  it("a re-upload updates by sourcedId without duplicates; missing and tobedeleted rows are deactivated; undo puts each step back", async () => {
    const d = await district();
    await applied(d, sampleDistrict("b"));
    const first = await districtRows(d.id);

    // The same file again changes nothing.
    const same = await applied(d, sampleDistrict("b"));
    expect(Object.values(same.report.counts!).map((c) => c.created + c.updated + c.deactivated)).toEqual([0, 0, 0, 0, 0]);
    expect(await districtRows(d.id)).toEqual(first);

    const spec = sampleDistrict("b");
    spec.users.find((u) => u.id === "b-stu-1-PK-1")!.givenName = "Renamed";
    spec.users.find((u) => u.id === "b-stu-1-KG-1")!.status = "tobedeleted";
    spec.users.find((u) => u.id === "b-stu-1-01-1")!.grade = "02";
    spec.users = spec.users.filter((u) => u.id !== "b-stu-2-01-2");
    spec.enrollments = spec.enrollments.filter((e) => e.user !== "b-stu-2-01-2");
    spec.schools.push({ id: "b-sch-3", name: "b West Elementary" });
    spec.classes.push({ id: "b-cls-3-KG", title: "b West KG", school: "b-sch-3" });
    spec.users.push({
      id: "b-stu-3-KG-1",
      givenName: "New",
      familyName: "Kid",
      role: "student",
      orgs: ["b-sch-3"],
      grade: "KG",
      birthDate: "2020-05-05",
    });
    spec.enrollments.push(
      { class: "b-cls-3-KG", user: "b-stu-3-KG-1", role: "student" },
      { class: "b-cls-3-KG", user: "b-tch-1-1", role: "teacher" },
    );
    spec.classes.find((c) => c.id === "b-cls-2-03")!.status = "tobedeleted";
    // 2 of 20 students and 1 of 10 classrooms is more than 5%: the admin confirms the counts (issue 35 item 1).
    const changed = await applied(d, spec, undefined, true);
    expect(changed.report.counts).toMatchObject({
      schools: { created: 1, updated: 0, deactivated: 0 },
      classrooms: { created: 1, updated: 0, deactivated: 1 },
      teachers: { created: 0, updated: 1, deactivated: 0 },
      students: { created: 1, updated: 2, deactivated: 2 },
    });
    const now = await districtRows(d.id);
    expect(now.schools).toHaveLength(3);
    expect(now.classrooms.map((c) => c.sourced_id)).not.toContain("b-cls-2-03");
    expect(now.students.map((s) => s.sourced_id)).not.toContain("b-stu-1-KG-1");
    expect(now.students.map((s) => s.sourced_id)).not.toContain("b-stu-2-01-2");
    expect(now.students.find((s) => s.sourced_id === "b-stu-1-PK-1")!.first_name).toBe("Renamed");
    expect(now.students.find((s) => s.sourced_id === "b-stu-1-01-1")!.grade).toBe("2");
    expect(now.links.filter((l) => l.teacher === "b-tch-1-1").map((l) => l.school)).toEqual(["b-sch-1", "b-sch-3"]);
    // No duplicates: one live row per sourcedId.
    expect(new Set(now.students.map((s) => s.sourced_id)).size).toBe(now.students.length);
    const allRows = await handle.db
      .selectFrom("participant as p")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
      .select("p.sourced_id")
      .where("ou.organization_id", "=", d.id)
      .execute();
    expect(allRows).toHaveLength(21);

    // Undo: only the latest; then the one before it.
    const list = async () => {
      const res = await t.call("GET", `/organization/${d.id}/roster-imports`, { token: await t.login(d.admin.email) });
      expect(res.status).toBe(200);
      return (await res.json()) as { imports: Import[]; undoableId: string | null };
    };
    const listed = await list();
    expect(listed.imports.map((i) => i.status)).toEqual(["applied", "applied", "applied"]);
    expect(listed.undoableId).toBe(changed.rosterImportId);
    const token = await t.login(d.admin.email);
    const oldest = itemAt(listed.imports, 2, "the first import");
    const tooOld = await t.call("POST", `/roster-imports/${oldest.rosterImportId}/undo`, { token });
    expect(tooOld.status).toBe(409);
    expect(((await tooOld.json()) as { message: string }).message).toBe(ROSTER_MESSAGES.notLatest);

    const undone = await t.call("POST", `/roster-imports/${changed.rosterImportId}/undo`, { token });
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as Import).status).toBe("undone");
    const back = await districtRows(d.id);
    expect(back).toEqual(first);

    expect((await list()).undoableId).toBe(same.rosterImportId);
    expect((await t.call("POST", `/roster-imports/${same.rosterImportId}/undo`, { token })).status).toBe(200);
    expect((await t.call("POST", `/roster-imports/${oldest.rosterImportId}/undo`, { token })).status).toBe(200);
    const empty = await districtRows(d.id);
    expect([empty.schools, empty.classrooms, empty.students, empty.teachers]).toEqual([[], [], [], []]);
  });

  it("adopts a same-district teacher made by hand by email once an admin confirms it: keeps their schools, adds the class's school, leaves hand-made rows alone", async () => {
    const d = await district();
    const handSchool = await makeSchool(handle.db, d.id);
    const teacher = await makeTeacher(handle.db, handSchool, { email: "h-tch-1-1@example.org" });
    const s = await staged(d, sampleDistrict("h"));
    // The public preview counts the accounts it matched without naming them; the district's admin sees which.
    expect([s.report.confirmationCount, s.report.confirmations]).toEqual([1, []]);
    const listed = await t.call("GET", `/organization/${d.id}/roster-imports`, { token: d.token });
    const [mine] = ((await listed.json()) as { imports: Import[] }).imports;
    expect(mine?.report.confirmations).toEqual([
      expect.objectContaining({ kind: "adopt", userId: teacher.user_id, sourcedId: "h-tch-1-1", email: "h-tch-1-1@example.org" }),
    ]);
    // Not without the admin's confirmation.
    const unconfirmed = await apply(d, s.rosterImportId);
    expect(unconfirmed.status).toBe(409);
    expect(((await unconfirmed.json()) as { message: string }).message).toBe(ROSTER_MESSAGES.confirmNeeded(1));
    const res = await apply(d, s.rosterImportId, true);
    expect(res.status).toBe(200);
    const done = (await res.json()) as Import;
    expect(done.report.counts!.teachers).toMatchObject({ created: 3, updated: 1 });
    const roles = await handle.db.selectFrom("user_role").select("role_id").where("user_id", "=", teacher.user_id).execute();
    expect(roles).toEqual([{ role_id: ROLE_IDS.TEACHER }]);
    const rows = await districtRows(d.id);
    expect(rows.classTeachers.filter((c) => c.teacher === "h-tch-1-1")).toHaveLength(3);
    const links = await handle.db
      .selectFrom("user_organization_unit")
      .select("organization_unit_id")
      .where("user_id", "=", teacher.user_id)
      .execute();
    expect(links.map((l) => l.organization_unit_id)).toContain(handSchool.organization_unit_id);
    expect(links).toHaveLength(2);
    // The same file again changes nothing and needs no confirmation, and the hand-made school is never deactivated.
    const again = await applied(d, sampleDistrict("h"));
    expect(Object.values(again.report.counts!).map((c) => c.created + c.updated + c.deactivated)).toEqual([0, 0, 0, 0, 0]);
    const school = await handle.db
      .selectFrom("organization_unit")
      .select("deleted_at")
      .where("organization_unit_id", "=", handSchool.organization_unit_id)
      .executeTakeFirstOrThrow();
    expect(school.deleted_at).toBeNull();
  });

  it("only the district's admins and super admins list and undo imports", async () => {
    const d = await district();
    const done = await applied(d, sampleDistrict("c"));
    const other = await district();
    const outsider = await t.login(other.admin.email);
    expect((await t.call("GET", `/organization/${d.id}/roster-imports`, { token: outsider })).status).toBe(403);
    expect((await t.call("POST", `/roster-imports/${done.rosterImportId}/undo`, { token: outsider })).status).toBe(403);
    expect((await t.call("POST", `/roster-imports/${done.rosterImportId}/undo`)).status).toBe(401);
    const teacher = await t.login(w.teacher.email);
    expect((await t.call("GET", `/organization/${d.id}/roster-imports`, { token: teacher })).status).toBe(403);
    const superAdmin = await t.login(w.superAdmin.email);
    expect((await t.call("POST", `/roster-imports/${done.rosterImportId}/undo`, { token: superAdmin })).status).toBe(200);
  });

  const files = () => oneRosterFiles(sampleDistrict("r"));
  const plus = (extra: ZipEntry) =>
    makeZip([...[...files()].filter(([n]) => n !== extra.name).map(([name, data]) => ({ name, data })), extra]);
  const refusedZips: [string, () => Buffer, string][] = [
    ["a path outside the root", () => plus({ name: "../orgs.csv", data: "x" }), ZIP_MESSAGES.outsideRoot("../orgs.csv")],
    ["a nested zip", () => plus({ name: "more.zip", data: exportZip(files()) }), ZIP_MESSAGES.nested("more.zip")],
    ["a zip bomb", () => plus({ name: "bomb.csv", data: Buffer.alloc(50_000_000) }), ZIP_MESSAGES.ratio("bomb.csv")],
    ["a lying entry size", () => plus({ name: "courses.csv", data: Buffer.alloc(2_000_000, 65), declaredSize: 100 }), ZIP_MESSAGES.bomb],
    [
      "non-UTF-8 text",
      () => plus({ name: "orgs.csv", data: Buffer.from("sourcedId,name,type\ns1,\xc9cole,school\n", "latin1") }),
      ZIP_MESSAGES.notUtf8("orgs.csv"),
    ],
    ["not a zip", () => Buffer.from("just,a,csv\n"), ZIP_MESSAGES.notZip],
  ];
  it.each(refusedZips)("refuses %s with a clear message and changes nothing", async (_, zip, message) => {
    const d = await district();
    const before = await snapshot();
    const res = await upload(d, zip());
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message });
    expect(await snapshot()).toBe(before);
    const recorded = await handle.db.selectFrom("roster_import").select(["status"]).where("organization_id", "=", d.id).execute();
    expect(recorded).toEqual([{ status: "rejected" }]);
  });

  it.each<[string, () => { zip: Buffer; fileName?: string; districtName?: string }, number, string]>([
    ["a file that is not .zip", () => ({ zip: exportZip(files()), fileName: "roster.csv" }), 400, ROSTER_MESSAGES.notZipName],
    ["a file over 15,000,000 bytes", () => ({ zip: Buffer.alloc(15_000_001) }), 413, ROSTER_MESSAGES.tooLarge],
    ["an empty file", () => ({ zip: Buffer.alloc(0) }), 400, ROSTER_MESSAGES.emptyFile],
    ["another district's name", () => ({ zip: exportZip(files()), districtName: "Somewhere Else" }), 400, ROSTER_MESSAGES.wrongDistrict],
  ])("refuses %s", async (_, make, status, message) => {
    const d = await district();
    const { zip, fileName, districtName } = make();
    const res = await t.call("POST", "/roster-stream-old/process-roster-file", {
      body: { file: zip.toString("base64"), fileName: fileName ?? "roster.zip", districtName: districtName ?? d.name, districtId: d.id },
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it("row problems skip their rows, listed with file, line, column and reason; the rest is staged and applies (issue 35)", async () => {
    const d = await district();
    const spec = sampleDistrict("e");
    itemAt(spec.classes, 0).school = "nowhere";
    spec.users.push({ ...itemAt(spec.users, 3) });
    spec.enrollments.push({ id: "enr-ghost", class: "e-cls-1-PK", user: "ghost", role: "student" });
    const before = await snapshot();
    const s = await staged(d, spec);
    expect(s.status).toBe("staged");
    expect(s.report.errors).toEqual([]);
    expect(s.report.notices).toEqual([
      { file: "classes.csv", line: 2, column: "schoolSourcedId", reason: "unknown org 'nowhere'" },
      { file: "users.csv", line: 31, column: "sourcedId", reason: "duplicate id 'e-stu-1-PK-2' (first on line 5): this row is skipped" },
      {
        file: "demographics.csv",
        line: 26,
        column: "sourcedId",
        reason: "duplicate id 'e-stu-1-PK-2' (first on line 3): this row is skipped",
      },
      { file: "enrollments.csv", line: 38, column: "userSourcedId", reason: "unknown user 'ghost'" },
    ]);
    expect(s.report.counts!.classrooms).toMatchObject({ created: 9, skipped: 3 });
    expect(await snapshot()).toBe(before);
    const res = await apply(d, s.rosterImportId);
    expect(res.status).toBe(200);
    const rows = await districtRows(d.id);
    expect(rows.classrooms.map((c) => c.sourced_id)).not.toContain("e-cls-1-PK");
    expect(rows.students).toHaveLength(20);
    // The applied import's report still lists the skipped rows.
    expect(((await res.json()) as Import).report.notices).toHaveLength(4);
  });

  it("counts every skipped row past the 10,000 it lists", async () => {
    const d = await district();
    const spec = sampleDistrict("k");
    for (let i = 0; i < 10_050; i++)
      spec.enrollments.push({ id: `enr-ghost-${i}`, class: "k-cls-1-PK", user: `ghost-${i}`, role: "student" });
    const s = await staged(d, spec);
    expect(s.status).toBe("staged");
    expect(s.report.notices).toHaveLength(10_000);
    expect(s.report.notices.at(-1)!.reason).toBe("51 more row problems are not listed");
    expect(s.report.counts?.enrollments?.skippedBy).toContainEqual({ reason: SKIP_REASONS.problems, count: 10_050 });
  });

  it("a file that cannot be read is still refused whole: a required file or column missing", async () => {
    const d = await district();
    const files = oneRosterFiles(sampleDistrict("m"));
    files.delete("enrollments.csv");
    files.set("users.csv", files.get("users.csv")!.replace("givenName", "firstName"));
    const res = await upload(d, exportZip(files));
    const s = (await res.json()) as Import;
    expect(s.status).toBe("rejected");
    expect(s.report.errors).toEqual([
      { file: "enrollments.csv", line: 0, column: "", reason: "required file is missing from the zip" },
      { file: "users.csv", line: 1, column: "givenName", reason: "required column is missing" },
    ]);
  });

  it("a weekly update with new students lacking a demographics row is staged: they come without a birth date, counted; the rest applies", async () => {
    const d = await district();
    const spec = sampleDistrict("w");
    await applied(d, spec);
    // A week later: 3 new kindergartners (no demographics row), one child withdrawn (left out of the bulk file).
    const week = sampleDistrict("w");
    week.users = week.users.filter((u) => u.id !== "w-stu-1-01-1");
    week.enrollments = week.enrollments.filter((e) => e.user !== "w-stu-1-01-1");
    for (const n of [1, 2, 3]) {
      week.users.push({ id: `w-new-${n}`, givenName: `New${n}`, familyName: "Kid", role: "student", orgs: ["w-sch-1"], grade: "KG" });
      week.enrollments.push({ class: "w-cls-1-KG", user: `w-new-${n}`, role: "student" });
    }
    const s = await staged(d, week);
    expect(s.status).toBe("staged");
    expect(s.report.errors).toEqual([]);
    expect(s.report.counts!.students).toMatchObject({ created: 3, deactivated: 1, withoutBirthDate: 3 });
    const res = await apply(d, s.rosterImportId);
    expect(res.status).toBe(200);
    const rows = await districtRows(d.id);
    expect(rows.students.filter((x) => x.sourced_id!.startsWith("w-new")).map((x) => x.date_of_birth)).toEqual([null, null, null]);
    expect(rows.students.map((x) => x.sourced_id)).not.toContain("w-stu-1-01-1");
    expect(rows.students).toHaveLength(22);
  });

  it("a header-only demographics.csv erases no birth date the district has (bulk, then the same file without birth dates)", async () => {
    const d = await district();
    await applied(d, sampleDistrict("h"));
    const files = oneRosterFiles(sampleDistrict("h"));
    files.set("demographics.csv", "sourcedId,status,dateLastModified,birthDate,sex\n");
    const res = await upload(d, exportZip(files));
    const s = (await res.json()) as Import;
    expect(s.status).toBe("staged");
    expect(s.report.counts!.students).toMatchObject({ updated: 0, unchanged: 20, withoutBirthDate: 0 });
    expect((await apply(d, s.rosterImportId)).status).toBe(200);
    const rows = await districtRows(d.id);
    expect(rows.students.find((x) => x.sourced_id === "h-stu-1-KG-1")!.date_of_birth).toBe("2017-01-10");
  });

  it("bulk, then a delta with a new student and no demographics.csv at all: the student comes without a birth date, nothing else moves", async () => {
    const d = await district();
    await applied(d, sampleDistrict("q"));
    const delta = sampleDistrict("q");
    delta.manifest = {
      "file.users": "delta",
      "file.enrollments": "delta",
      "file.classes": "delta",
      "file.orgs": "delta",
      "file.demographics": "absent",
    };
    delta.users = [{ id: "q-new-1", givenName: "Zoë", familyName: "Ñúñez", role: "student", orgs: ["q-sch-2"], grade: "01" }];
    delta.classes = delta.classes.filter((c) => c.id === "q-cls-2-01");
    delta.enrollments = [{ class: "q-cls-2-01", user: "q-new-1", role: "student" }];
    const files = oneRosterFiles(delta);
    files.delete("demographics.csv");
    const res = await upload(d, exportZip(files));
    const s = (await res.json()) as Import;
    expect(s.status, JSON.stringify(s.report.errors)).toBe("staged");
    expect(s.report.counts!.students).toMatchObject({ created: 1, deactivated: 0, withoutBirthDate: 1 });
    expect(s.report.counts!.classrooms).toMatchObject({ deactivated: 0 });
    expect((await apply(d, s.rosterImportId)).status).toBe(200);
    const rows = await districtRows(d.id);
    expect(rows.students).toHaveLength(21);
    expect(rows.members.filter((m) => m.classroom === "q-cls-2-01").map((m) => m.student)).toEqual([
      "q-new-1",
      "q-stu-2-01-1",
      "q-stu-2-01-2",
    ]);
  });

  it("refuses a teacher email held by another district's user, at upload and again at apply", async () => {
    const d = await district();
    const spec = sampleDistrict("f");
    const s = await staged(d, spec);
    expect(s.status).toBe("staged");
    // Between preview and apply, another district takes a teacher's email.
    await makeUser(handle.db, { role: "TEACHER", organizationId: w.otherDistrict.organization_id, email: "f-tch-2-2@example.org" });
    const before = await snapshot();
    const res = await apply(d, s.rosterImportId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message: ROSTER_MESSAGES.hasErrors,
      errors: ["users.csv line 17, column email: email 'f-tch-2-2@example.org' belongs to another account"],
    });
    expect(await snapshot()).toBe(before);
    // Uploaded again, that teacher's row is skipped (issue 35) and the rest is staged.
    const again = await staged(d, spec);
    expect(again.status).toBe("staged");
    expect(again.report.notices.map((e) => e.reason)).toEqual([
      "email 'f-tch-2-2@example.org' belongs to another account: this row is skipped",
    ]);
    expect(again.report.counts!.teachers).toMatchObject({ created: 3 });
  });

  it("a failure in the middle of applying changes nothing (one transaction)", async () => {
    const d = await district();
    const spec = sampleDistrict("g");
    spec.users.find((u) => u.id === "g-stu-2-03-2")!.givenName = "Boom";
    const s = await staged(d, spec);
    // The database refuses the last student written, after schools, classrooms, teachers and most students.
    await sql`create or replace function roster_boom() returns trigger language plpgsql as $$
      begin if new.first_name = 'Boom' then raise exception 'boom'; end if; return new; end $$`.execute(handle.db);
    await sql`create trigger roster_boom before insert on participant for each row execute function roster_boom()`.execute(handle.db);
    const before = await snapshot();
    try {
      const res = await apply(d, s.rosterImportId);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: ROSTER_MESSAGES.applyFailed });
    } finally {
      await sql`drop trigger roster_boom on participant`.execute(handle.db);
    }
    expect(await snapshot()).toBe(before);
    const row = await handle.db
      .selectFrom("roster_import")
      .select("status")
      .where("roster_import_id", "=", s.rosterImportId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("staged");
    expect((await apply(d, s.rosterImportId)).status).toBe(200);
  });

  it("rate limits uploads per district and per address", async () => {
    const d = await district();
    const now = t.clock.now;
    const fill = (bucket: string, n: number) =>
      handle.db
        .insertInto("rate_limit_event")
        .values(Array.from({ length: n }, () => ({ bucket, created_at: now })))
        .execute();
    await fill(`roster:district:${d.id}`, ROSTER_LIMITS.district.max);
    const res = await upload(d, exportZip(files()));
    expect(res.status).toBe(429);

    const marker = Symbol.for("literacy.socketAddressStamped");
    (globalThis as Record<symbol, unknown>)[marker] = true;
    try {
      const e = await district();
      await fill("roster:ip:203.0.113.9", ROSTER_LIMITS.ip.max);
      const fromIp = await upload(e, exportZip(files()), "roster.zip", { "x-internal-socket-address": "203.0.113.9" });
      expect(fromIp.status).toBe(429);
      const elsewhere = await upload(e, exportZip(files()), "roster.zip", { "x-internal-socket-address": "203.0.113.10" });
      expect(elsewhere.status).toBe(200);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[marker];
    }
  });
});
