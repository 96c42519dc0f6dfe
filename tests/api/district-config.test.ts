import { describe, expect, it } from "vitest";
import { invalidateDistrictConfig } from "#app/api/district-config";
import { openDatabase } from "#app/db/connect.server";
import { makePeriods, periodIdOf, setWindowDates } from "./support/fixtures";
import { statementLog } from "./support/statement-log";
import { databaseUrlOf } from "./support/test-db";
import { apiWorld } from "./support/world";

// The per-district calendar each process keeps in memory (issue 15, app/api/district-config.ts):
// a repeated read costs no calendar query, and any write to assessment_period or
// grade_assessment_list, by whatever code or process, is seen by the very next read.

const statements = statementLog();

const RANGES = {
  BOY: { start: "2025-08-01", end: "2025-10-31" },
  MOY: { start: "2025-11-01", end: "2026-02-28" },
  EOY: { start: "2026-03-01", end: "2026-06-30" },
};

type Config = {
  academicYear: string | null;
  periods: {
    periodName: string;
    startDate: string;
    endDate: string;
    GradeAssessmentLists: { grade: string; testCodes: string }[];
  }[];
};

async function readConfig(): Promise<{ config: Config; calendarQueries: number }> {
  statements.reset();
  const res = await t.call("GET", `/assessmentConfig/currentAcademicYear/${w.district.organization_id}`, { token });
  expect(res.status).toBe(200);
  const config = (await res.json()) as Config;
  return { config, calendarQueries: statements.count(/"assessment_period"/) };
}

const boy = (c: Config) => c.periods.find((p) => p.periodName === "BOY")!;

const { handle, t, w } = await apiWorld({ log: statements.log });
t.clock.now = new Date("2025-09-15T12:00:00Z");
await makePeriods(handle.db, w.district.organization_id, RANGES, "2025-2026");
const token: string = await t.login(w.districtAdmin.email);

describe(`the district calendar cache (${process.env.TEST_DB_ENGINE})`, () => {
  it("answers a repeated read from memory, without a calendar query", async () => {
    invalidateDistrictConfig(w.district.organization_id);
    const first = await readConfig();
    expect(first.calendarQueries).toBe(1);
    expect(boy(first.config).startDate).toBe("2025-08-01");
    const second = await readConfig();
    expect(second.calendarQueries).toBe(0);
    expect(second.config).toEqual(first.config);
  });

  it("sees a period's new dates, written behind the API's back, on the next read", async () => {
    await readConfig();
    await setWindowDates(handle.db, w.district.organization_id, "BOY", { start_date: "2025-08-11" });
    const after = await readConfig();
    expect(after.calendarQueries).toBe(1);
    expect(boy(after.config).startDate).toBe("2025-08-11");
  });

  it("sees a grade list changed, removed and added", async () => {
    const period = await periodIdOf(handle.db, w.district.organization_id, "BOY");
    const grade3 = async () => boy((await readConfig()).config).GradeAssessmentLists.find((l) => l.grade === "3")?.testCodes;
    await readConfig();
    const list = (eb: typeof handle.db) =>
      eb.updateTable("grade_assessment_list").where("assessment_period_id", "=", period).where("grade", "=", "3");
    await list(handle.db).set({ test_codes: "pwr,rhyming" }).execute();
    expect(await grade3()).toBe("pwr,rhyming");
    await handle.db.deleteFrom("grade_assessment_list").where("assessment_period_id", "=", period).where("grade", "=", "3").execute();
    expect(await grade3()).toBeUndefined();
    await handle.db.insertInto("grade_assessment_list").values({ assessment_period_id: period, grade: "3", test_codes: "pwr" }).execute();
    expect(await grade3()).toBe("pwr");
  });

  it("sees a period deleted, and leaves other districts' versions alone", async () => {
    const other = await handle.db
      .selectFrom("organization")
      .select("config_version")
      .where("organization_id", "=", w.otherDistrict.organization_id)
      .executeTakeFirstOrThrow();
    await readConfig();
    await handle.db
      .deleteFrom("assessment_period")
      .where("organization_id", "=", w.district.organization_id)
      .where("period_name", "=", "EOY")
      .execute();
    expect((await readConfig()).config.periods.map((p) => p.periodName)).toEqual(["BOY", "MOY"]);
    const otherAfter = await handle.db
      .selectFrom("organization")
      .select("config_version")
      .where("organization_id", "=", w.otherDistrict.organization_id)
      .executeTakeFirstOrThrow();
    expect(otherAfter.config_version).toBe(other.config_version);
  });

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "sees a write another process made (its own connection pool) on the next read",
    async () => {
      await readConfig();
      const elsewhere = await openDatabase({ url: await databaseUrlOf(handle) });
      try {
        await setWindowDates(elsewhere.db, w.district.organization_id, "BOY", { end_date: "2025-10-24" });
      } finally {
        await elsewhere.close();
      }
      expect(boy((await readConfig()).config).endDate).toBe("2025-10-24");
    },
  );
});
