import { fileURLToPath } from "node:url";
import { recordPredictiveProfile, recordTestResult } from "#app/api/results-ingest";
import { hashPassword } from "#app/api/password";
import type { Db } from "#app/db/connect.server";
import { ASSESSMENTS, defaultGradeAssessments, letterItems, type TestCode } from "#app/domain/assessments";
import type { Grade } from "#app/domain/grades";
import { PERIODS } from "#app/domain/periods";
import { itemAt } from "#app/domain/presence";
import { sampleCalendar, sampleTestDay, type SampleCalendar } from "#app/domain/sample-calendar";
import { ROLE_IDS, type RoleName } from "#app/domain/roles";
import { participantCode, seededRandom, type Random } from "#app/domain/random";
import { isPracticeResponse } from "#app/domain/ran";
import { audioStorageKey, parseAudioFileName, ranAudioFileName } from "#app/domain/ran-audio-name";
import { fileStore } from "#app/server/file-store.server";
import { FIRST_NAMES, LAST_NAMES } from "./names";
import { demoRanSeconds } from "./ran-times";

export const DEMO_DISTRICT_NAME = "Maple Valley School District";
export const DEMO_PASSWORD = "Screening#2026";

export const DEMO_SIGN_INS = [
  { role: "Super admin", email: "super@demo.example" },
  { role: "District admin", email: "district.admin@demo.example" },
  { role: "School admin (one school)", email: "school.admin@demo.example" },
  { role: "School admin (two schools)", email: "multi.admin@demo.example" },
  { role: "Teacher", email: "teacher@demo.example" },
] as const;

interface ClassPlan {
  name: string;
  grades: Grade[];
  size: number;
}

const SCHOOLS: { name: string; classes: ClassPlan[] }[] = [
  {
    name: "Cedar Elementary",
    classes: [
      { name: "Pre-K Sunflowers", grades: ["PK"], size: 18 },
      { name: "Kindergarten Room 4", grades: ["K"], size: 21 },
      { name: "First Grade Room 7", grades: ["1"], size: 22 },
      { name: "Second Grade Room 9", grades: ["2"], size: 21 },
      { name: "K/1 Combined", grades: ["K", "1"], size: 18 },
    ],
  },
  {
    name: "Lakeview Elementary",
    classes: [
      { name: "Kindergarten Blue", grades: ["K"], size: 20 },
      { name: "First Grade Green", grades: ["1"], size: 21 },
      { name: "Second Grade Gold", grades: ["2"], size: 20 },
      { name: "Third Grade Red", grades: ["3"], size: 22 },
    ],
  },
  {
    name: "Riverside Primary",
    classes: [
      { name: "Pre-K Otters", grades: ["PK"], size: 17 },
      { name: "Kindergarten Herons", grades: ["K"], size: 20 },
      { name: "First Grade Salmon", grades: ["1"], size: 21 },
      { name: "Third Grade Cedars", grades: ["3"], size: 20 },
    ],
  },
];

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

export async function isDemoSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom("organization").select("organization_id").where("name", "=", DEMO_DISTRICT_NAME).executeTakeFirst();
  return Boolean(row);
}

/** Builds the demo district of issue 2 and returns a count of what it made. */
export async function seedDemo(db: Db, today = new Date()) {
  const random = seededRandom(20261123);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // BOY and MOY behind us, EOY containing today (app/domain/sample-calendar.ts).
  const todayIso = iso(today);
  const { windows: periods, academicYear } = sampleCalendar(todayIso);

  const district = await db
    .insertInto("organization")
    .values({ name: DEMO_DISTRICT_NAME, state: "WA", website: "https://maplevalley.example" })
    .returning("organization_id")
    .executeTakeFirstOrThrow();
  const orgId = district.organization_id;

  for (const period of PERIODS) {
    const p = await db
      .insertInto("assessment_period")
      .values({
        organization_id: orgId,
        academic_year: academicYear,
        period_name: period,
        start_date: periods[period].start,
        end_date: periods[period].end,
      })
      .returning("assessment_period_id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("grade_assessment_list")
      .values(
        (["PK", "K", "1", "2", "3"] as Grade[]).map((grade) => ({
          assessment_period_id: p.assessment_period_id,
          grade,
          test_codes: defaultGradeAssessments(grade, period, { rerKindergarten: false }).join(","),
        })),
      )
      .execute();
  }

  const schoolIds: string[] = [];
  for (const s of SCHOOLS) {
    const row = await db
      .insertInto("organization_unit")
      .values({ organization_id: orgId, name: s.name })
      .returning("organization_unit_id")
      .executeTakeFirstOrThrow();
    schoolIds.push(row.organization_unit_id);
  }
  const cedarId = itemAt(schoolIds, 0, "Cedar Elementary's id");

  const addUser = async (u: {
    first: string;
    last: string;
    email: string;
    role: RoleName;
    schools: string[];
    status?: "None" | "Pending" | "Active";
    password?: boolean;
    temporary?: boolean;
    org?: string | null;
  }) => {
    const row = await db
      .insertInto("app_user")
      .values({
        organization_id: u.org === undefined ? orgId : u.org,
        first_name: u.first,
        last_name: u.last,
        email: u.email,
        auth_status: u.status ?? "Active",
        password_hash: u.password === false ? null : passwordHash,
        password_is_temporary: u.temporary ?? false,
      })
      .returning("user_id")
      .executeTakeFirstOrThrow();
    await db.insertInto("user_role").values({ user_id: row.user_id, role_id: ROLE_IDS[u.role], position: 0 }).execute();
    if (u.schools.length) {
      await db
        .insertInto("user_organization_unit")
        .values(u.schools.map((id) => ({ user_id: row.user_id, organization_unit_id: id })))
        .execute();
    }
    return row.user_id;
  };

  await addUser({ first: "Sam", last: "Rivera", email: "super@demo.example", role: "SUPER_ADMIN", schools: [], org: null });
  await addUser({ first: "Dana", last: "Whitfield", email: "district.admin@demo.example", role: "ORG_ADMIN", schools: [] });
  await addUser({ first: "Priya", last: "Shah", email: "school.admin@demo.example", role: "ORG_UNIT_ADMIN", schools: [cedarId] });
  await addUser({
    first: "Marcus",
    last: "Lee",
    email: "multi.admin@demo.example",
    role: "ORG_UNIT_ADMIN",
    schools: [cedarId, itemAt(schoolIds, 1, "Lakeview Elementary's id")],
  });
  const demoTeacher = await addUser({
    first: "Tess",
    last: "Morgan",
    email: "teacher@demo.example",
    role: "TEACHER",
    schools: [cedarId],
  });
  // A first-time user whose temporary password must be replaced (the 412 path of spec 000).
  await addUser({
    first: "Nia",
    last: "Brooks",
    email: "new.teacher@demo.example",
    role: "TEACHER",
    schools: [cedarId],
    status: "Pending",
    temporary: true,
  });

  let students = 0;
  let classrooms = 0;
  let tests = 0;
  const ranTests: SeededRanTest[] = [];
  for (const [schoolIndex, school] of SCHOOLS.entries()) {
    const schoolId = itemAt(schoolIds, schoolIndex, "the school's id");
    for (const [classIndex, plan] of school.classes.entries()) {
      // The demo teacher teaches Cedar's kindergarten and first grade; every other
      // class gets its own teacher, some not yet invited, some invited (Pending).
      const teacherId =
        schoolIndex === 0 && (classIndex === 1 || classIndex === 2)
          ? demoTeacher
          : await addUser({
              first: random.pick(FIRST_NAMES),
              last: random.pick(LAST_NAMES),
              email: `teacher.${schoolIndex + 1}.${classIndex + 1}@demo.example`,
              role: "TEACHER",
              schools: [schoolId],
              status: classIndex % 3 === 0 ? "None" : classIndex % 3 === 1 ? "Pending" : "Active",
              password: classIndex % 3 === 2,
            });
      const group = await db
        .insertInto("participant_group")
        .values({ organization_unit_id: schoolId, name: plan.name })
        .returning("participant_group_id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("participant_group_teacher")
        .values({ participant_group_id: group.participant_group_id, user_id: teacherId })
        .execute();
      classrooms++;
      for (let i = 0; i < plan.size; i++) {
        const grade = itemAt(plan.grades, i % plan.grades.length, "a grade of the class");
        const participantId = await addStudent(db, random, schoolId, grade, today);
        await db
          .insertInto("participant_group_member")
          .values({ participant_group_id: group.participant_group_id, participant_id: participantId })
          .execute();
        students++;
        tests += await addResults(db, random, participantId, grade, periods, academicYear, ranTests, todayIso);
      }
    }
  }
  const recordings = await storeDemoRecordings(ranTests);
  return { districtId: orgId, schools: schoolIds.length, classrooms, students, tests, recordings };
}

async function addStudent(db: Db, random: Random, schoolId: string, grade: Grade, today: Date) {
  const ageYears = { PK: 4, K: 5, "1": 6, "2": 7, "3": 8 }[grade];
  const dob = addDays(today, -Math.round(ageYears * 365.25 + random.int(0, 364)));
  const tags: string[] = [];
  if (random.chance(0.12)) tags.push("ELL");
  if (random.chance(0.08)) tags.push("IEP");
  if (random.chance(0.06)) tags.push("familyhistory");
  if (random.chance(0.02)) tags.push("exempt");
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const row = await db
    .insertInto("participant")
    .values({
      organization_unit_id: schoolId,
      participant_code: participantCode(random),
      first_name: first,
      middle_name: random.chance(0.3) ? random.pick(FIRST_NAMES) : null,
      last_name: last,
      date_of_birth: iso(dob),
      grade,
      tags,
      external_id: random.chance(0.8) ? String(random.int(100000, 999999)) : null,
      email: null,
    })
    .returning("participant_id")
    .executeTakeFirstOrThrow();
  return row.participant_id;
}

/**
 * Results that show every cell state of spec 001 section 4: empty (never taken),
 * incomplete, needs scoring (a finished RAN with no percentile yet), invalid and
 * complete; "not applicable" comes from the grade lists in the K/1 combined class.
 * The current period (EOY) is only partly done, as it would be mid-window.
 */
async function addResults(
  db: Db,
  random: Random,
  participantId: string,
  grade: Grade,
  periods: SampleCalendar["windows"],
  academicYear: string,
  ranTests: SeededRanTest[],
  today: string,
) {
  let count = 0;
  const ability = random.next(); // one latent skill level keeps a student's scores coherent
  for (const period of PERIODS) {
    const skipChance = period === "EOY" ? 0.35 : 0.04;
    const day = new Date(`${sampleTestDay(periods[period], random.int(3, 20), today)}T00:00:00Z`);
    for (const code of defaultGradeAssessments(grade, period, { rerKindergarten: false })) {
      if (random.chance(skipChance)) continue;
      const test = ASSESSMENTS[code as TestCode];
      const roll = random.next();
      const state =
        roll < 0.05 ? "incomplete" : roll < 0.08 ? "invalid" : test.manual === "ran" && roll < 0.3 ? "needs-scoring" : "complete";
      const percentile = Math.max(1, Math.min(99, Math.round(ability * 80 + random.int(-20, 25))));
      const start = new Date(day.getTime() + random.int(8 * 60, 14 * 60) * 60_000);
      const end = new Date(start.getTime() + random.int(2, 9) * 60_000);
      const letters = test.manual === "letters" ? letterItems(code as "letter-names" | "letter-sounds") : [];
      const correctByCode = Object.fromEntries(letters.map((item) => [item, random.chance(0.35 + ability * 0.6) ? 1 : 0] as const));
      const correct = Object.values(correctByCode).reduce<number>((a, b) => a + b, 0);
      // Drawn in this order (theta, then responses) so the seeded random gives the same district as before.
      const finalTheta =
        state === "complete" && test.scoring === "ability" ? Number((ability * 3 - 1.5 + random.next() * 0.6).toFixed(3)) : null;
      const responses = demoResponses(random, code as TestCode, letters, correctByCode, state, grade);
      // A scored RAN is what a save from the scoring dialog leaves in a district without RAN norms
      // (issue 34 item 4): its scored time and errors, valid, no percentile or theta.
      const scored = (test.manual === "ran" && state === "complete" ? responses[1] : undefined) as
        { evalResponseTime?: number | null; numOfErrors?: number | null } | undefined;
      const ran =
        typeof scored?.evalResponseTime === "number"
          ? { scoredSecs: scored.evalResponseTime, scoredErrors: scored.numOfErrors ?? null }
          : null;
      const { participantTestId } = await recordTestResult(db, {
        clientTestId: `demo-${participantId}-${period}-${code}`,
        participantId,
        testCode: code as TestCode,
        grade,
        startDtTm: start.toISOString(),
        endDtTm: state === "incomplete" ? null : end.toISOString(),
        completedFlag: state !== "incomplete",
        invalid: state === "invalid" ? true : ran ? false : null,
        finalTheta: test.manual === "ran" ? null : finalTheta,
        abilityPercentile: state === "complete" && test.manual !== "ran" ? percentile : null,
        correctItems: letters.length ? correct : null,
        totalItems: letters.length ? letters.length : null,
        correctByCode: letters.length && state === "complete" ? correctByCode : null,
        responses,
      });
      if (ran) {
        await db
          .updateTable("participant_test")
          .set({ scored_secs: ran.scoredSecs, scored_errors: ran.scoredErrors })
          .where("participant_test_id", "=", participantTestId)
          .execute();
      }
      if (test.manual === "ran") {
        ranTests.push({
          participantId,
          participantTestId,
          testCode: code as TestCode,
          questionCodes: responses.map((r) => r.questionCode),
        });
      }
      count++;
    }
    if (!random.chance(period === "EOY" ? 0.4 : 0.05)) {
      await recordPredictiveProfile(db, {
        participantId,
        academicYear,
        periodName: period,
        pwr: grade === "PK" ? null : round3(clamp01(ability * 0.8 + random.next() * 0.25)),
        dyslexia: grade === "PK" ? null : round3(clamp01((1 - ability) * 0.35 + random.next() * 0.1)),
        kready: grade === "K" || grade === "PK" ? round3(clamp01(ability * 0.7 + random.next() * 0.3)) : null,
        pkRisk: grade === "PK" ? round3(clamp01((1 - ability) * 0.6 + random.next() * 0.2)) : null,
      });
    }
  }
  return count;
}

function demoResponses(
  random: Random,
  code: TestCode,
  letters: string[],
  correctByCode: Record<string, number>,
  state: string,
  grade: Grade,
) {
  if (letters.length) {
    return state === "complete" ? letters.map((q) => ({ questionCode: q, score: correctByCode[q] ?? 0 })) : [];
  }
  if (ASSESSMENTS[code].manual === "ran") {
    const scored = state === "complete";
    return [
      {
        questionCode: `${code}_prac_1`,
        score: 1,
        responseTimeInSecs: random.int(8, 15),
        evalResponseTime: scored ? random.int(8, 15) : null,
        numOfErrors: scored ? random.int(0, 2) : null,
      },
      {
        questionCode: `${code}_1`,
        score: 1,
        responseTimeInSecs: random.int(30, 70),
        // The same draw as always (so the rest of the district is unchanged), as a time typical of the grade (./ran-times.ts).
        evalResponseTime: scored ? demoRanSeconds(grade, random.int(30, 70)) : null,
        numOfErrors: scored ? random.int(0, 6) : null,
        invalid: state === "invalid" ? true : null,
      },
    ];
  }
  return Array.from({ length: 3 }, (_, i) => ({
    questionCode: `${code}_${i + 1}`,
    score: random.chance(0.7) ? 1 : 0,
    providerResponse: JSON.stringify({ answer: random.pick(["cat", "sun", "map", "dog"]), confidence: Number(random.next().toFixed(2)) }),
    responseTimeInSecs: Number((1 + random.next() * 6).toFixed(2)),
  }));
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
const round3 = (x: number) => Number(x.toFixed(3));

// ── RAN recordings ──────────────────────────────────────────────────────────────────────────

interface SeededRanTest {
  participantId: string;
  participantTestId: string;
  testCode: TestCode;
  questionCodes: string[];
}

/** The committed recordings (scripts/seed/make-audio.sh makes them). */
const RECORDINGS_DIR = fileURLToPath(new URL("./audio/", import.meta.url));

/**
 * Which recording a RAN response gets: its test's practice or test recording, except that the
 * first letter RAN test and every fourth after it starts with 4.5 s of blank audio, and the
 * first object RAN test and every fourth after it ends with 4 s of it, so the scoring tools'
 * silence rule (spec 001 §9) has real cases in every school.
 */
export function demoRecordingFile(testCode: TestCode, questionCode: string, nthOfCode: number): string {
  if (isPracticeResponse(questionCode)) return `${testCode}-practice.wav`;
  if (nthOfCode % 4 === 0 && testCode === "letter-ran") return "letter-ran-test-leading-silence.wav";
  if (nthOfCode % 4 === 0 && testCode === "object-ran") return "object-ran-test-trailing-silence.wav";
  return `${testCode}-test.wav`;
}

/** Puts a recording in the file store for every response of the demo's RAN tests, under the name the audio endpoint asks for. */
async function storeDemoRecordings(ranTests: readonly SeededRanTest[]): Promise<number> {
  const store = fileStore();
  const seen = new Map<TestCode, number>();
  const jobs: { key: string; source: string }[] = [];
  for (const t of ranTests) {
    const nth = seen.get(t.testCode) ?? 0;
    seen.set(t.testCode, nth + 1);
    for (const questionCode of t.questionCodes) {
      const name = parseAudioFileName(ranAudioFileName(t.participantId, t.participantTestId, questionCode) ?? "");
      if (!name) throw new Error(`Demo question code ${questionCode} cannot name a recording`);
      jobs.push({ key: audioStorageKey(name), source: RECORDINGS_DIR + demoRecordingFile(t.testCode, questionCode, nth) });
    }
  }
  // A few copies at a time: the disk, not the CPU, sets the pace.
  const next = jobs[Symbol.iterator]();
  const worker = async () => {
    for (let job = next.next(); !job.done; job = next.next()) await store.putFile(job.value.key, job.value.source);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return jobs.length;
}

/**
 * `--reset` empties every table, so no stored recording belongs to anything any more: removes
 * them with the rows. Only the reset does this; seeding alone never deletes a file, since a
 * DATA_DIR may hold the files of another database than the one being seeded.
 */
export async function removeAllRecordings(): Promise<void> {
  await fileStore().deleteFolder("ran-audio/");
}
