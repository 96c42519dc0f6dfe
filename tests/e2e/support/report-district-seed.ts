// A 10,000-student district for tests/e2e/report-streaming.spec.ts (issue 15), added to that
// spec's own server's copy of the demo database (scripts/e2e-server.mjs with E2E_EXTRA_SEED,
// DATA_DIR set to the copy). Bulk SQL (generate_series), not the API: a few seconds.
//
// 20 schools of 500 students, 20 classrooms each. Student i: school i % 20, grade K when i is
// even (else 1), BOY tests: i % 3 = 0 all complete (finished), 1 one incomplete (started), 2 none.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../../../app/db/connect.server";
import { PERIODS } from "../../../app/domain/periods";
import { sampleCalendar, sampleTestDay } from "../../../app/domain/sample-calendar";
import { databaseOptions } from "../../../app/server/config.server";
import { REPORT_DISTRICT, REPORT_FIXTURE_FILE } from "./report-env";

const handle = await openDatabase(databaseOptions());
try {
  const db = handle.db;
  await db.transaction().execute(async (tx) => {
    const { organization_id: org } = await tx
      .insertInto("organization")
      .values({ name: REPORT_DISTRICT, state: "WA", website: "https://stream.example" })
      .returning("organization_id")
      .executeTakeFirstOrThrow();
    const today = new Date().toISOString().slice(0, 10);
    const { academicYear: year, windows } = sampleCalendar(today);
    for (const period of PERIODS) {
      const { assessment_period_id } = await tx
        .insertInto("assessment_period")
        .values({
          organization_id: org,
          academic_year: year,
          period_name: period,
          start_date: windows[period].start,
          end_date: windows[period].end,
        })
        .returning("assessment_period_id")
        .executeTakeFirstOrThrow();
      await tx
        .insertInto("grade_assessment_list")
        .values([
          { assessment_period_id, grade: "K", test_codes: "letter-names,letter-sounds" },
          { assessment_period_id, grade: "1", test_codes: "word-reading" },
        ])
        .execute();
    }
    await sql`
      insert into organization_unit (organization_id, name)
      select ${org}::uuid, 'Stream School ' || lpad(s::text, 2, '0') from generate_series(1, 20) s`.execute(tx);
    await sql`
      insert into participant_group (organization_unit_id, name)
      select ou.organization_unit_id, 'Room ' || lpad(r::text, 2, '0')
      from organization_unit ou, generate_series(1, 20) r where ou.organization_id = ${org}::uuid`.execute(tx);
    await sql`
      with schools as (
        select organization_unit_id, (row_number() over (order by name) - 1)::int as n
        from organization_unit where organization_id = ${org}::uuid
      )
      insert into participant (organization_unit_id, participant_code, first_name, last_name, date_of_birth, grade)
      select s.organization_unit_id, 'STRM' || lpad(i::text, 5, '0'), 'First' || i, 'Last' || lpad(i::text, 5, '0'),
        date '2020-05-17', case when i % 2 = 0 then 'K' else '1' end
      from generate_series(0, 9999) i join schools s on s.n = i % 20`.execute(tx);
    // Each student in one of their school's rooms: room ((i / 20) % 20) + 1.
    await sql`
      insert into participant_group_member (participant_group_id, participant_id)
      select g.participant_group_id, p.participant_id
      from participant p
      join participant_group g on g.organization_unit_id = p.organization_unit_id
        and g.name = 'Room ' || lpad((((substr(p.participant_code, 5)::int / 20) % 20) + 1)::text, 2, '0')
      where p.participant_code like 'STRM%'`.execute(tx);
    const boyDay = `${sampleTestDay(windows.BOY, 20, today)}T15:00:00Z`;
    await sql`
      insert into participant_test (participant_id, test_code, grade, start_dt_tm, end_dt_tm, completed_flag)
      select p.participant_id, c.code, p.grade, ${boyDay}::timestamptz, ${boyDay}::timestamptz,
        (substr(p.participant_code, 5)::int % 3 = 0)
      from participant p
      join (values ('K', 'letter-names'), ('K', 'letter-sounds'), ('1', 'word-reading')) c(grade, code) on c.grade = p.grade
      where p.participant_code like 'STRM%' and substr(p.participant_code, 5)::int % 3 <> 2
        and (substr(p.participant_code, 5)::int % 3 = 0 or c.code <> 'letter-sounds')`.execute(tx);
    // What the page must show, counted one student at a time by the database (not by the code under test).
    const first = await sql<{ id: string; name: string; total: number; started: number; finished: number }>`
      select ou.organization_unit_id as id, ou.name, count(*)::int as total,
        (count(*) filter (where substr(p.participant_code, 5)::int % 3 <> 2))::int as started,
        (count(*) filter (where substr(p.participant_code, 5)::int % 3 = 0))::int as finished
      from participant p join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
      where ou.organization_id = ${org}::uuid and ou.name = 'Stream School 01'
      group by ou.organization_unit_id, ou.name`.execute(tx);
    const last = await tx
      .selectFrom("organization_unit")
      .select("organization_unit_id")
      .where("organization_id", "=", org)
      .where("name", "=", "Stream School 20")
      .executeTakeFirstOrThrow();
    writeFileSync(
      path.join(process.env.DATA_DIR ?? "./data", REPORT_FIXTURE_FILE),
      JSON.stringify({ districtId: org, firstSchool: first.rows[0], lastSchoolId: last.organization_unit_id }),
    );
  });
  await sql`analyze`.execute(db);
} finally {
  await handle.close();
}
