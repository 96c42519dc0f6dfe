import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiToken } from "./api-world";
import { DEMO } from "./auth";
import { readDemoDb } from "./demo-db";
import { unique } from "./admin";
import { fieldOf, first } from "#app/domain/presence";

// The classroom results specs' shared look-ups and set-up. Tests that write scores do it in a
// classroom of their own: two spec files run at once, and two saves of the same demo student's
// empty cell would race (the second create is refused and its dialog stays open).

export const KINDERGARTEN = "Kindergarten Room 4";
export const COMBINED = "K/1 Combined";

export interface DemoIds {
  /** Classroom id by name. */
  classrooms: Record<string, string>;
  /** School id by classroom name. */
  schoolOf: Record<string, string>;
  teacherId: string;
}

/** The seeded demo district's ids, read from a copy of the template database the test server was copied from. */
export function demoIds(): Promise<DemoIds> {
  return readDemoDb(async (db) => {
    const rows = await db.query<{ name: string; participant_group_id: string; organization_unit_id: string }>(
      "select name, participant_group_id, organization_unit_id from participant_group",
    );
    const teacher = await db.query<{ user_id: string }>("select user_id from app_user where email = $1", [DEMO.teacher]);
    return {
      classrooms: Object.fromEntries(rows.rows.map((r) => [r.name, r.participant_group_id])),
      schoolOf: Object.fromEntries(rows.rows.map((r) => [r.name, r.organization_unit_id])),
      teacherId: first(teacher.rows, "the demo teacher").user_id,
    };
  });
}

/** The demo district's ids, read before the spec file's tests, and a way to open its classrooms by name. */
export function useDemoClassrooms() {
  const ids = { classrooms: {}, schoolOf: {}, teacherId: "" } as DemoIds;
  test.beforeAll(async () => {
    Object.assign(ids, await demoIds());
  });
  const openClassroom = (page: Page, name: string, query = "") =>
    openClassroomById(page, fieldOf(ids.classrooms, name, `the demo classroom ${name}`), name, query);
  return { ids, openClassroom };
}

/** Holds back the page's scripts (the app's build files) until the returned function is called: the page as it is before hydration. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

export const grid = (page: Page) => page.locator("table.results-grid");
export const cellsOf = (page: Page, column: number): Locator => grid(page).locator(`tbody tr > :nth-child(${column})`);
export const rowOf = (page: Page, student: string) => grid(page).locator("tbody tr").filter({ hasText: student });

/** The index (1-based, for nth-child) of a column by its header text. */
export async function columnIndex(page: Page, title: string): Promise<number> {
  const headers = await grid(page).locator("thead tr").nth(1).locator("th").allInnerTexts();
  const i = headers.findIndex((h) => h.replace(/\s+/g, " ").trim() === title);
  expect(i, `column ${title}`).toBeGreaterThanOrEqual(0);
  return i + 1;
}

export async function openClassroomById(page: Page, id: string, name: string, query = "") {
  await page.goto(`/classroom/${id}${query}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

/** A classroom of its own (a school admin through the REST API) in the kindergarten's school, with `count` kindergarten students for the demo teacher. */
export async function classroomWithStudents(page: Page, ids: DemoIds, count: number) {
  const admin = { authorization: `Bearer ${await apiToken(page.request, DEMO.schoolAdmin)}` };
  const school = ids.schoolOf[KINDERGARTEN];
  const name = unique("Keyboard Room");
  const created = await page.request.post("/api/participantGroups", {
    headers: admin,
    data: { name, organizationUnitId: school, teacherId: ids.teacherId, participantGroupType: "CLASSROOM" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const classroomId = ((await created.json()) as { participantGroupId: string }).participantGroupId;
  const suffix = name.split(" ").pop()!;
  for (let i = 0; i < count; i++) {
    const res = await page.request.post("/api/participants", {
      headers: admin,
      data: {
        firstName: `Kid${i + 1}`,
        lastName: `Keys${String(i).padStart(2, "0")}${suffix}`,
        dateOfBirth: "05/17/2020",
        grade: "K",
        organizationUnitId: school,
        participantGroupIds: [classroomId],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { classroomId, name };
}
