// EXPLAIN ANALYZE of the paged administration lists (issue 15) on a PostgreSQL server at bench
// scale: one district of 200 schools, 100,000 students and 4,200 users (as `npm run bench` at
// 100k), plus 20 other districts of the same shape in miniature. Prints each list query's plan
// and time, so the indexes of migration 0007 can be checked. Usage:
//   npx tsx scripts/bench/explain-lists.ts postgres://postgres@127.0.0.1:5432/test
import { sql, type CompiledQuery } from "kysely";
import pg from "pg";
import { migrateToLatest, openDatabase } from "#app/db/connect.server";
import { districtSchools, districtUsers, pageOfIds, schoolClassrooms, schoolStudents, type ListSource } from "#app/db/queries/lists";
import { decodeCursor } from "#app/domain/paging";

const base = process.argv[2] ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `explain_lists_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = base.replace(/\/[^/]*$/, `/${name}`);
const captured: CompiledQuery[] = [];
const handle = await openDatabase({ url, log: (e) => void (e.level === "query" && captured.push(e.query)) });
try {
  const db = handle.db;
  await migrateToLatest(db);
  await sql`
    insert into organization (name, state) select 'District ' || g, 'WA' from generate_series(1, 21) g;
    insert into organization_unit (organization_id, name)
      select o.organization_id, 'School ' || lpad(g::text, 3, '0') from organization o, generate_series(1, 200) g where o.name = 'District 1';
    insert into participant (organization_unit_id, participant_code, first_name, last_name, date_of_birth, grade)
      select ou.organization_unit_id, 'P' || ou.name || '-' || g, 'First' || (g % 97), 'Last' || (g * 7919 % 1000), date '2019-05-01', 'K'
      from organization_unit ou, generate_series(1, 500) g;
    insert into participant_group (organization_unit_id, name)
      select ou.organization_unit_id, 'Room ' || g from organization_unit ou, generate_series(1, 25) g;
    insert into app_user (organization_id, first_name, last_name, email)
      select o.organization_id, 'Tess' || (g % 13), 'Teacher' || (g * 31 % 4200), 'user' || g || '.' || o.name || '@bench.example'
      from organization o, generate_series(1, 4200) g where o.name = 'District 1';
    insert into user_role (user_id, role_id) select user_id, '00000000-0000-0000-0000-00000000ff04' from app_user;
    insert into user_organization_unit (user_id, organization_unit_id)
      select u.user_id, (select organization_unit_id from organization_unit order by organization_unit_id offset (abs(hashtext(u.email)) % 200) limit 1) from app_user u;
    analyze;
  `.execute(db);
  const org = await db.selectFrom("organization").select("organization_id").where("name", "=", "District 1").executeTakeFirstOrThrow();
  const school = await db
    .selectFrom("organization_unit")
    .select("organization_unit_id")
    .where("name", "=", "School 001")
    .executeTakeFirstOrThrow();
  const lists: [string, ListSource<string>, string][] = [
    ["district users by name", districtUsers(org.organization_id, null), "name"],
    ["district users by email", districtUsers(org.organization_id, null), "email"],
    ["school admin's users", districtUsers(org.organization_id, [school.organization_unit_id]), "name"],
    ["district schools", districtSchools(org.organization_id, null), "name"],
    ["school classrooms", schoolClassrooms(school.organization_unit_id, null), "name"],
    ["school students by name", schoolStudents(school.organization_unit_id, null), "name"],
    ["school students by code", schoolStudents(school.organization_unit_id, null), "code"],
  ];
  for (const [label, source, sort] of lists) {
    for (const [step, q] of [
      ["first page", ""],
      ["search 'teacher12'", "teacher12"],
    ] as const) {
      captured.length = 0;
      const first = await pageOfIds(db, source, { q, sort, dir: "asc", cursor: null, page: 1, limit: 50 });
      const runs: [string, CompiledQuery[]][] = [[step, [...captured]]];
      if (first.next && !q) {
        captured.length = 0;
        await pageOfIds(db, source, { q, sort, dir: "asc", cursor: decodeCursor(first.next), page: 1, limit: 50 });
        runs.push(["next page (keyset)", [...captured]]);
      }
      for (const [what, queries] of runs) {
        for (const query of queries) {
          const plan = await sql<{ "QUERY PLAN": string }>`explain (analyze, buffers off) ${sql.raw(inline(query))}`.execute(db);
          const lines = plan.rows.map((r) => r["QUERY PLAN"]);
          const kind = /count\(\*\)/.test(query.sql) ? "count" : "page";
          console.info(`\n## ${label}: ${what}, ${kind} (total ${first.total})\n${lines.join("\n")}`);
        }
      }
    }
  }
} finally {
  await handle.close();
  await admin.query(`drop database ${name}`);
  await admin.end();
}

/** The query with its parameters written in (values here are the script's own, quoted). */
function inline(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const v = query.parameters[Number(n) - 1];
    return typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}
