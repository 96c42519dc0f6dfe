import type { CalendarYear } from "#app/domain/screening-calendar";
import type { Db } from "../connect.server";

// The writes of a district's screening calendar (issue 16). Reads share periodListRows
// (queries/results.ts) with the results pages, so both see the same rows.

/** Locks the live district row for the rest of the transaction: one calendar write at a time per district. */
export async function lockDistrictForCalendar(tx: Db, organizationId: string): Promise<boolean> {
  const row = await tx
    .selectFrom("organization")
    .select("organization_id")
    .where("organization_id", "=", organizationId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes a year's stored periods and grade lists exactly `calendar`: a period row is updated in
 * place (its id stays), added when missing, and its grade lists replaced. Run it in a transaction:
 * a failure part-way must leave the year as it was.
 */
export async function replaceCalendarYear(tx: Db, organizationId: string, calendar: CalendarYear): Promise<void> {
  for (const period of calendar.periods) {
    const row = await tx
      .insertInto("assessment_period")
      .values({
        organization_id: organizationId,
        academic_year: calendar.academicYear,
        period_name: period.periodName,
        start_date: period.startDate,
        end_date: period.endDate,
      })
      .onConflict((oc) =>
        oc
          .columns(["organization_id", "academic_year", "period_name"])
          .doUpdateSet({ start_date: period.startDate, end_date: period.endDate }),
      )
      .returning("assessment_period_id")
      .executeTakeFirstOrThrow();
    await tx.deleteFrom("grade_assessment_list").where("assessment_period_id", "=", row.assessment_period_id).execute();
    const lists = Object.entries(period.gradeLists).filter(([, codes]) => codes.length > 0);
    if (lists.length > 0) {
      await tx
        .insertInto("grade_assessment_list")
        .values(lists.map(([grade, codes]) => ({ assessment_period_id: row.assessment_period_id, grade, test_codes: codes.join(",") })))
        .execute();
    }
  }
}
