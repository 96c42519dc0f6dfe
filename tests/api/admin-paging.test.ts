import { describe, expect, it } from "vitest";
import { PAGE_MESSAGES } from "#app/api/paging";
import { encodeCursor } from "#app/domain/paging";
import { ROLE_IDS } from "#app/domain/roles";
import { makeClassroom, makeStudent, makeUser, newTeacherBody } from "./support/fixtures";
import { apiWorld } from "./support/world";
import { itemAt } from "#app/domain/presence";

// Issue 15: the paged variants of the administration lists. Page boundaries, keyset and offset
// paging, a stable order among equal names, search with % and _ taken literally, scope, and
// bad params refused with a message.

const EXTRA = 120;
type Page = {
  rows: { userId: string; email: string; lastName: string }[];
  total: number;
  from: number;
  to: number;
  next: string | null;
  prev: string | null;
};

const { handle, t, w } = await apiWorld();
const db = handle.db;
const org = w.district.organization_id;
// 120 teachers of school A: 20 share one name (the id decides their order), two carry % and _.
const names = Array.from({ length: EXTRA }, (_, i) => ({
  first: i < 20 ? "Same" : `First${i}`,
  last:
    i < 20
      ? "Twin"
      : i === 20
        ? "Hundred%Percent"
        : i === 21
          ? "Under_Score"
          : i === 22
            ? "Hundredxpercent"
            : `Last${String(i).padStart(3, "0")}`,
}));
const users = await db
  .insertInto("app_user")
  .values(
    names.map((n, i) => ({
      organization_id: org,
      first_name: n.first,
      last_name: n.last,
      email: `paging.${i}@paging.example`,
      auth_status: "Active" as const,
    })),
  )
  .returning("user_id")
  .execute();
await db
  .insertInto("user_role")
  .values(users.map((u) => ({ user_id: u.user_id, role_id: ROLE_IDS.TEACHER })))
  .execute();
await db
  .insertInto("user_organization_unit")
  .values(users.map((u) => ({ user_id: u.user_id, organization_unit_id: w.schoolA.organization_unit_id })))
  .execute();
// Another district's user with the same name: never listed here.
await makeUser(db, { role: "TEACHER", organizationId: w.otherDistrict.organization_id, email: "twin.other@paging.example" });
await db.updateTable("app_user").set({ first_name: "Same", last_name: "Twin" }).where("email", "=", "twin.other@paging.example").execute();
const su: string = await t.login(w.superAdmin.email);
const da: string = await t.login(w.districtAdmin.email);
const sa: string = await t.login(w.schoolAdmin.email);
const te: string = await t.login(w.teacher.email);

const usersPath = (query = "", org = w.district.organization_id) => `/user/organization/${org}/page${query}`;
async function get<T = Page>(path: string, token = da): Promise<T> {
  const res = await t.call("GET", path, { token });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}
async function walk(query: string, token = da): Promise<Page[]> {
  const pages: Page[] = [];
  let page = await get(usersPath(query), token);
  pages.push(page);
  while (page.next) {
    page = await get(usersPath(`${query}&cursor=${page.next}`), token);
    pages.push(page);
  }
  return pages;
}

describe(`paged lists (${process.env.TEST_DB_ENGINE})`, () => {
  it("pages through a district's users in the full list's order, with counts at the boundaries", async () => {
    const all = (await (await t.call("GET", `/user/organization/${w.district.organization_id}`, { token: da })).json()) as {
      userId: string;
    }[];
    const total = EXTRA + 3;
    expect(all).toHaveLength(total);
    const pages = await walk("?limit=50");
    expect(pages.map((p) => [p.from, p.to, p.total])).toEqual([
      [1, 50, total],
      [51, 100, total],
      [101, total, total],
    ]);
    const [one, two, three] = [itemAt(pages, 0), itemAt(pages, 1), itemAt(pages, 2)];
    expect(one.prev).toBeNull();
    expect(three.next).toBeNull();
    expect(pages.flatMap((p) => p.rows.map((r) => r.userId))).toEqual(all.map((u) => u.userId));
    // Back from the last page: the middle one again.
    const back = await get(usersPath(`?limit=50&cursor=${three.prev}`));
    expect([back.from, back.to]).toEqual([51, 100]);
    expect(back.rows.map((r) => r.userId)).toEqual(two.rows.map((r) => r.userId));
    // Back from the second: the first, without a previous.
    const first = await get(usersPath(`?limit=50&cursor=${back.prev}`));
    expect([first.from, first.to, first.prev]).toEqual([1, 50, null]);
    // The offset page of a bookmark is the same page as the cursor's.
    const offset = await get(usersPath("?limit=50&page=2"));
    expect(offset.rows.map((r) => r.userId)).toEqual(two.rows.map((r) => r.userId));
    expect([offset.from, offset.to]).toEqual([51, 100]);
    // A page number past the end shows the last page.
    const past = await get(usersPath("?limit=50&page=9"));
    expect([past.from, past.to]).toEqual([101, total]);
  });

  it("a page size of 7 over twenty equal names neither repeats nor skips a row, both ways", async () => {
    for (const dir of ["asc", "desc"]) {
      const pages = await walk(`?limit=7&q=twin&dir=${dir}`);
      const ids = pages.flatMap((p) => p.rows.map((r) => r.userId));
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      expect([...ids].sort()).toEqual(dir === "asc" ? ids : [...ids].reverse());
    }
  });

  it("sorts by email both ways, the default page size is 50", async () => {
    const asc = await get(usersPath("?sort=email"));
    expect(asc.rows).toHaveLength(50);
    const emails = asc.rows.map((r) => r.email.toLowerCase());
    expect(emails).toEqual([...emails].sort());
    const desc = await get(usersPath("?sort=email&dir=desc"));
    const down = desc.rows.map((r) => r.email.toLowerCase());
    expect(down).toEqual([...down].sort().reverse());
  });

  it.each([
    ["Hundred%", ["Hundred%Percent"]],
    ["hundred%percent", ["Hundred%Percent"]],
    ["under_", ["Under_Score"]],
    ["_", ["Under_Score"]],
    ["%", ["Hundred%Percent"]],
    ["twin, same", Array(20).fill("Twin")],
    ["paging.5@", ["Twin"]],
    ["paging.42@PAGING.example", ["Last042"]],
    ["nobody-at-all", []],
  ])("searching %j finds %j (and nothing of another district)", async (q, lastNames) => {
    const page = await get(usersPath(`?q=${encodeURIComponent(q)}`));
    expect(page.rows.map((r) => r.lastName)).toEqual(lastNames);
    expect(page.total).toBe(lastNames.length);
    expect(page.rows.some((r) => r.email === "twin.other@paging.example")).toBe(false);
  });

  it("keeps every call in scope", async () => {
    // A school admin: the school-level users of their school only (the 120 teachers, the teacher, themself).
    const school = await walk("?limit=100", sa);
    const ids = school.flatMap((p) => p.rows.map((r) => r.userId));
    expect(ids).not.toContain(w.districtAdmin.user_id);
    expect(school[0]?.total).toBe(EXTRA + 2);
    expect((await t.call("GET", usersPath(), { token: te })).status).toBe(403);
    expect((await t.call("GET", usersPath("", w.otherDistrict.organization_id), { token: da })).status).toBe(403);
    expect((await t.call("GET", usersPath(), { token: null })).status).toBe(401);
    expect((await t.call("GET", "/user/superAdmins/page", { token: da })).status).toBe(403);
    expect((await t.call("GET", `/organization/orgUnits/${w.otherDistrict.organization_id}/page`, { token: sa })).status).toBe(403);
    expect((await t.call("GET", `/participants/organizationUnit/${w.otherSchool.organization_unit_id}/page`, { token: da })).status).toBe(
      403,
    );
    expect((await t.call("GET", `/participantGroups/organizationUnit/${w.schoolB.organization_unit_id}/page`, { token: te })).status).toBe(
      403,
    );
  });

  it.each([
    ["?sort=role", "sort: one of name, email"],
    ["?dir=up", "dir: asc or desc"],
    ["?page=0", "page: a whole number from 1 to 200"],
    ["?page=abc", "page: a whole number from 1 to 200"],
    ["?page=201", "page: a whole number from 1 to 200; further pages by cursor"],
    ["?limit=1000", "limit: a whole number from 0 to 100"],
    ["?limit=-1", "limit: a whole number from 0 to 100"],
    [`?q=${"x".repeat(101)}`, "q: at most 100 characters"],
    ["?cursor=not-a-cursor", PAGE_MESSAGES.cursor],
    [
      `?sort=email&cursor=${encodeCursor({ k: ["a", "b", "00000000-0000-0000-0000-000000000000"], i: 50, b: false, s: "name:asc" })}`,
      PAGE_MESSAGES.cursor,
    ],
    [`?cursor=${encodeCursor({ k: ["a"], i: 50, b: false, s: "name:asc" })}`, PAGE_MESSAGES.cursor],
  ])("refuses %s: %s", async (query, message) => {
    const res = await t.call("GET", usersPath(query), { token: da });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("answers the total alone for limit=0: no rows, no cursors", async () => {
    const all = await get<{ total: number }>(usersPath(), da);
    expect(all.total).toBeGreaterThan(0);
    expect(await get(usersPath("?limit=0"), da)).toEqual({
      rows: [],
      total: all.total,
      from: 0,
      to: 0,
      pageSize: 0,
      next: null,
      prev: null,
    });
    const rooms = await get<{ rows: unknown[]; total: number }>(
      `/participantGroups/organizationUnit/${w.schoolA.organization_unit_id}/page?limit=0`,
      sa,
    );
    expect(rooms.rows).toEqual([]);
    expect(rooms.total).toBe(
      (await get<{ total: number }>(`/participantGroups/organizationUnit/${w.schoolA.organization_unit_id}/page`, sa)).total,
    );
  });

  it("pages the other lists: districts, super admins, schools, classrooms, students", async () => {
    const districts = await get<{ rows: { organizationId: string }[]; total: number }>("/organization/page?sort=state", su);
    expect(districts.rows.map((d) => d.organizationId)).toEqual(
      expect.arrayContaining([w.district.organization_id, w.otherDistrict.organization_id]),
    );
    const own = await get<{ rows: { organizationId: string }[]; total: number }>("/organization/page", da);
    expect(own.rows.map((d) => d.organizationId)).toEqual([w.district.organization_id]);
    const admins = await get<{ rows: { userId: string }[] }>("/user/superAdmins/page?q=user", su);
    expect(admins.rows.map((u) => u.userId)).toContain(w.superAdmin.user_id);
    const schools = await get<{ rows: { organizationUnitId: string }[]; total: number }>(
      `/organization/orgUnits/${w.district.organization_id}/page?dir=desc`,
    );
    expect(schools.rows.map((s) => s.organizationUnitId)).toEqual([w.schoolB.organization_unit_id, w.schoolA.organization_unit_id]);
    const mine = await get<{ rows: { organizationUnitId: string }[] }>(`/organization/orgUnits/${w.district.organization_id}/page`, sa);
    expect(mine.rows.map((s) => s.organizationUnitId)).toEqual([w.schoolA.organization_unit_id]);
    const rooms = await get<{ rows: { participantGroupId: string; User: unknown[] }[]; total: number }>(
      `/participantGroups/organizationUnit/${w.schoolA.organization_unit_id}/page`,
      te,
    );
    expect(rooms.rows.map((g) => g.participantGroupId)).toEqual([w.classA.participant_group_id]);
    expect(rooms.rows[0]?.User).toHaveLength(1);
    const schoolA = w.schoolA.organization_unit_id;
    const extraRoom = await makeClassroom(handle.db, schoolA, [], "Paging Room");
    const odd = await makeStudent(handle.db, schoolA, {
      firstName: "Ann",
      lastName: "O_Neil",
      classroomIds: [extraRoom.participant_group_id],
    });
    const byCode = await get<{ rows: { participantId: string; ParticipantGroup: { name: string }[] }[]; total: number }>(
      `/participants/organizationUnit/${schoolA}/page?q=${encodeURIComponent(odd.participant_code.toLowerCase())}`,
    );
    expect(byCode.rows.map((s) => s.participantId)).toEqual([odd.participant_id]);
    expect(byCode.rows[0]?.ParticipantGroup.map((g) => g.name)).toEqual(["Paging Room"]);
    const byName = await get<{ rows: { participantId: string }[] }>(`/participants/organizationUnit/${schoolA}/page?q=o_n&sort=code`);
    expect(byName.rows.map((s) => s.participantId)).toEqual([odd.participant_id]);
    // A teacher: the students of their classrooms only.
    const taught = await get<{ rows: { participantId: string }[]; total: number }>(`/participants/organizationUnit/${schoolA}/page`, te);
    expect(taught.rows.map((s) => s.participantId)).toEqual([w.studentA.participant_id]);
    expect(taught.total).toBe(1);
  });
});

// The totals are kept between pages (app/api/kept.ts) under the district's roster version, which
// the database raises on any write behind a list (migration 0015): a change through the API or
// past it (SQL by hand, a script) shows in the very next count.
describe(`kept totals (${process.env.TEST_DB_ENGINE})`, () => {
  it("counts a user added through the API, or past it, at once", async () => {
    const before = (await get(usersPath("?limit=50"))).total;
    expect((await get(usersPath("?limit=50&page=2"))).total).toBe(before);
    const res = await t.call("POST", "/user", { token: da, body: newTeacherBody(w, "Kept", "Total", "kept.total@paging.example") });
    expect(res.status).toBe(201);
    const added = await get(usersPath("?limit=50"));
    expect(added.total).toBe(before + 1);
    // Past the API: the first page of 50 cannot tell from its rows; the version does.
    await makeUser(handle.db, { role: "TEACHER", organizationId: w.district.organization_id, email: "past.api@paging.example" });
    const recounted = await get(usersPath("?limit=50"));
    expect(recounted.total).toBe(before + 2);
    // The last page lists every row up to the total.
    const last = await get(usersPath(`?limit=50&page=${Math.ceil(recounted.total / 50)}`));
    expect(last.to).toBe(before + 2);
  });

  it("counts a school added past the API at once", async () => {
    const schools = `/organization/orgUnits/${w.district.organization_id}/page`;
    const before = await get<{ rows: unknown[]; total: number }>(schools);
    expect(before.rows).toHaveLength(before.total);
    await handle.db
      .insertInto("organization_unit")
      .values({ organization_id: w.district.organization_id, name: "Zz Past The Api School" })
      .execute();
    const after = await get<{ rows: { name: string }[]; total: number; to: number }>(schools);
    expect(after.rows.map((s) => s.name)).toContain("Zz Past The Api School");
    expect([after.total, after.to]).toEqual([before.total + 1, before.total + 1]);
  });
});
