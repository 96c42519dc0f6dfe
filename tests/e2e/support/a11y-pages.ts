import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, signIn } from "./auth";
import { readDemoDb } from "./demo-db";
import { first } from "#app/domain/presence";

// The main page types of the accessibility conformance report (docs/accessibility.md), opened
// the way their users open them, for the specs that check WCAG criteria no other spec covers
// (reflow-and-zoom.spec.ts, accessibility-tree.spec.ts). Ids come from a copy of the template
// database the test server was copied from. Nothing here writes: the pages are only looked at.

export interface A11yIds {
  district: string;
  school: string;
  /** Kindergarten Room 4, the demo teacher's. */
  classroom: string;
  /** K/1 Combined: the grid with the most not-applicable cells (a kindergartner's grade 1 columns and the reverse). */
  combined: string;
  /** The first by name of its students with a Risk Flag in MOY (the profile has a 'Why flagged'). */
  student: string;
  /**
   * Kindergarten Herons (Riverside Primary) and the first by name of its finished, unscored RAN
   * tests of EOY: no other spec scores there, so the dialog opens with its scoring form.
   */
  ranClassroom: string;
  ranTest: string;
  /** A student of it with Letter Names done in EOY (the letter dialog opens read-only), and one without (edit mode). */
  lettersDone: string;
  lettersNone: string;
}

export interface A11yPage {
  name: string;
  /** Who opens it; null: signed out. */
  as: keyof typeof DEMO | null;
  url: (ids: A11yIds) => string;
  /** What shows once the page is there; for a dialog, the dialog (the page behind it is hidden from assistive technology). */
  ready: (page: Page) => Locator;
  /** Also waits for what the page's scripts add (the RAN player's controls), where a check needs it. */
  hydrated?: (page: Page) => Locator;
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole("heading", { level: 1, name });

export const MAIN_PAGES: readonly A11yPage[] = [
  { name: "login", as: null, url: () => "/login", ready: (p) => h1(p, "Log In") },
  { name: "home (super admin)", as: "superAdmin", url: () => "/super-admin", ready: (p) => h1(p, "Super Admin View") },
  { name: "district", as: "districtAdmin", url: (i) => `/district/${i.district}`, ready: (p) => h1(p, "Maple Valley School District") },
  { name: "school", as: "schoolAdmin", url: (i) => `/school/${i.school}`, ready: (p) => h1(p, "Cedar Elementary") },
  { name: "classroom grid", as: "teacher", url: (i) => `/classroom/${i.classroom}`, ready: (p) => p.locator("table.results-grid") },
  {
    name: "student profile",
    as: "teacher",
    url: (i) => `/student/${i.student}`,
    ready: (p) => p.getByRole("heading", { level: 2, name: "Subtest Results" }),
  },
  {
    name: "family report (classroom print page)",
    as: "teacher",
    url: (i) => `/classroom/${i.classroom}/family-reports?student=${i.student}`,
    ready: (p) => p.locator("article.family-report"),
  },
  {
    name: "family report (Print Report's report-only view)",
    as: "teacher",
    url: (i) => `/student/${i.student}?print=1&lang=en`,
    ready: (p) => p.locator("article.family-report"),
  },
  {
    name: "letter dialog, edit mode",
    as: "teacher",
    url: (i) => `/classroom/${i.classroom}/letters?student=${i.lettersNone}&test=letter-names&mode=edit`,
    ready: (p) => p.getByRole("dialog", { name: /^Edit Mode: Letter Sound\/Name Scores/ }),
  },
  {
    name: "letter dialog, read-only",
    as: "teacher",
    url: (i) => `/classroom/${i.classroom}/letters?student=${i.lettersDone}&test=letter-names&mode=view`,
    ready: (p) => p.getByRole("dialog", { name: /^Letter Sound\/Name Scores/ }),
  },
  {
    name: "RAN dialog",
    as: "superAdmin",
    url: (i) => `/classroom/${i.ranClassroom}?dialog=ran&ranTest=${i.ranTest}`,
    ready: (p) => p.getByRole("dialog", { name: "Test Details: RAN Scoring" }),
    hydrated: (p) => p.getByRole("group", { name: "Playback speed" }),
  },
];

/** The demo district's ids the pages need, read before the spec file's tests. */
export function useA11yIds(): A11yIds {
  const ids = {} as A11yIds;
  test.beforeAll(async () => {
    Object.assign(
      ids,
      await readDemoDb(async (db) => {
        const one = async (what: string, sql: string, params: unknown[] = []) =>
          first((await db.query<{ id: string }>(sql, params)).rows, what).id;
        const classroomNamed = (name: string) =>
          one(name, "select participant_group_id as id from participant_group where name = $1", [name]);
        const classroom = await classroomNamed("Kindergarten Room 4");
        const combined = await classroomNamed("K/1 Combined");
        const ranClassroom = await classroomNamed("Kindergarten Herons");
        const inEoy = `join assessment_period ap on ap.period_name = 'EOY' and t.start_dt_tm >= ap.start_date and t.start_dt_tm < ap.end_date + 1`;
        return {
          district: await one(
            "the demo district",
            "select organization_id as id from organization where name = 'Maple Valley School District'",
          ),
          school: await one("Cedar Elementary", "select organization_unit_id as id from organization_unit where name = 'Cedar Elementary'"),
          classroom,
          combined,
          student: await one(
            "a kindergartner with a Risk Flag in MOY",
            `select p.participant_id as id from participant p
             join participant_group_member m on m.participant_id = p.participant_id and m.participant_group_id = $1
             join predictive_profile pp on pp.participant_id = p.participant_id and pp.period_name = 'MOY' and pp.dyslexia > 0.168
             order by p.last_name, p.first_name limit 1`,
            [classroom],
          ),
          ranClassroom,
          ranTest: await one(
            "an unscored RAN test of EOY in Kindergarten Herons",
            `select t.participant_test_id as id from participant_test t
             join participant p on p.participant_id = t.participant_id
             join participant_group_member m on m.participant_id = t.participant_id and m.participant_group_id = $1
             ${inEoy}
             where t.test_code like '%ran' and t.completed_flag and t.ability_percentile is null and t.invalid is null
             order by p.last_name, p.first_name, t.test_code limit 1`,
            [ranClassroom],
          ),
          lettersDone: await one(
            "a kindergartner with Letter Names in EOY",
            `select t.participant_id as id from participant_test t
             join participant_group_member m on m.participant_id = t.participant_id and m.participant_group_id = $1
             ${inEoy}
             join participant p on p.participant_id = t.participant_id
             where t.test_code = 'letter-names' and t.completed_flag order by p.last_name, p.first_name limit 1`,
            [classroom],
          ),
          lettersNone: await one(
            "a kindergartner without Letter Names in EOY",
            `select m.participant_id as id from participant_group_member m
             join participant p on p.participant_id = m.participant_id
             where m.participant_group_id = $1 and not exists (
               select 1 from participant_test t ${inEoy} where t.participant_id = m.participant_id and t.test_code = 'letter-names')
             order by p.last_name, p.first_name limit 1`,
            [classroom],
          ),
        };
      }),
    );
  });
  return ids;
}

/** Opens one of the pages as its user and waits until it shows. */
export async function openA11yPage(page: Page, entry: A11yPage, ids: A11yIds) {
  const url = entry.url(ids);
  if (entry.as) await signIn(page, DEMO[entry.as], { to: url });
  else await page.goto(url);
  await expect(entry.ready(page).first()).toBeVisible();
  if (entry.hydrated) await expect(entry.hydrated(page)).toBeVisible();
}
