import { sql } from "kysely";
import type { Db } from "../connect.server";

// The follow-up lists' own read (issue 38 item 3, app/api/resources/follow-up-lists.ts): which
// classrooms each student of a district is in, for the lists' Classroom column and CSV.

/** Each student's live classrooms of the district, by name, joined with ', ' (a student may be in more than one). */
export async function classroomNamesOf(db: Db, organizationId: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ participant_id: string; names: string }>`
    select m.participant_id, string_agg(g.name, ', ' order by g.name, g.participant_group_id) as names
      from participant_group_member m
      join participant_group g on g.participant_group_id = m.participant_group_id
      join organization_unit ou on ou.organization_unit_id = g.organization_unit_id
     where ou.organization_id = ${organizationId} and g.deleted_at is null
     group by m.participant_id`.execute(db);
  return new Map(rows.map((r) => [r.participant_id, r.names]));
}
