// npm run seed [-- --reset]: migrates and seeds the demo district once; --reset rebuilds it.
import { sql } from "kysely";
import { migrateToLatest, openDatabase } from "../app/db/connect.server";
import { refreshPlannerStatistics } from "../app/db/queries/planner-statistics";
import { databaseOptions } from "../app/server/config.server";
import { DEMO_PASSWORD, DEMO_SIGN_INS, isDemoSeeded, removeAllRecordings, seedDemo } from "./seed/demo";

const reset = process.argv.includes("--reset");
const quiet = process.argv.includes("--quiet");
const handle = await openDatabase(databaseOptions());
try {
  await migrateToLatest(handle.db);
  if (reset) {
    const tables = await sql<{
      tablename: string;
    }>`select tablename from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%' and tablename <> 'role'`.execute(
      handle.db,
    );
    await sql.raw(`truncate ${tables.rows.map((t) => `"${t.tablename}"`).join(", ")} cascade`).execute(handle.db);
    await removeAllRecordings();
  }
  if (await isDemoSeeded(handle.db)) {
    if (!quiet) console.log("Demo district already seeded (npm run seed -- --reset rebuilds it).");
  } else {
    const started = Date.now();
    const summary = await seedDemo(handle.db);
    // The planner's statistics of the tables just filled: the embedded database never gathers them itself.
    await refreshPlannerStatistics(handle.db);
    console.log(
      `Seeded the demo district: ${summary.schools} schools, ${summary.classrooms} classrooms, ${summary.students} students, ${summary.tests} tests (${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
  }
  console.log(`\nDemo sign-ins (password for all: ${DEMO_PASSWORD})`);
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.role.padEnd(28)} ${s.email}`);
} finally {
  await handle.close();
}
