import { sql } from "kysely";
import type { Db } from "#app/db/connect.server";

// What the database holds, read behind the API's back: for tests whose point is what a call left
// in the tables (a row kept but marked deleted, a value saved, rows counted) rather than its answer.

const ID_COLUMN = {
  organization: "organization_id",
  organization_unit: "organization_unit_id",
  participant: "participant_id",
  participant_group: "participant_group_id",
  app_user: "user_id",
  roster_import: "roster_import_id",
} as const;

/** One column of the row with this id; the row must be there. */
export async function storedValue(db: Db, table: keyof typeof ID_COLUMN, column: string, id: string): Promise<unknown> {
  const { rows } = await sql<{
    value: unknown;
  }>`select ${sql.ref(column)} as value from ${sql.table(table)} where ${sql.ref(ID_COLUMN[table])} = ${id}`.execute(db);
  const [row, ...more] = rows;
  if (!row || more.length > 0) throw new Error(`no ${table} row ${id}`);
  return row.value;
}

/** When the row was marked deleted (null while it is live); the row must still be there. */
export const deletedAt = (db: Db, table: keyof typeof ID_COLUMN, id: string) =>
  storedValue(db, table, "deleted_at", id) as Promise<Date | null>;

/** How many rows the table holds. */
export async function rowCount(db: Db, table: "rate_limit_event" | "support_message"): Promise<number> {
  return Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
}
