import { sql } from "kysely";
import type { Db } from "../connect.server";

// The reads and writes of a district's family notice letter (migration 0020, issue 38 item 4):
// its contact and its own wording per language. No row: our default.

export type NoticeSettingsRows = {
  contact: string | null;
  updatedAt: Date | null;
  texts: { lang: string; title: string; body: string; updated_at: Date }[];
};

export async function noticeSettingsRows(db: Db, organizationId: string): Promise<NoticeSettingsRows> {
  const [row, texts] = await Promise.all([
    db.selectFrom("family_notice").select(["contact", "updated_at"]).where("organization_id", "=", organizationId).executeTakeFirst(),
    db
      .selectFrom("family_notice_text")
      .select(["lang", "title", "body", "updated_at"])
      .where("organization_id", "=", organizationId)
      .orderBy("lang")
      .execute(),
  ]);
  const times = [row?.updated_at, ...texts.map((t) => t.updated_at)].filter((t): t is Date => t instanceof Date);
  return {
    contact: row?.contact ?? null,
    updatedAt: times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null,
    texts: texts as NoticeSettingsRows["texts"],
  };
}

/** Serialises the district's saves of its letter (before/after in the audit log must be what was replaced). */
export async function lockNoticeSettings(tx: Db, organizationId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`family-notice:${organizationId}`}))`.execute(tx);
}

/** Replaces the contact and the wording of every language: a language given null returns to our default. */
export async function putNoticeSettings(
  tx: Db,
  organizationId: string,
  v: { contact: string | null; texts: Record<string, { title: string; body: string } | null> },
  by: string,
  at: Date,
): Promise<void> {
  await tx
    .insertInto("family_notice")
    .values({ organization_id: organizationId, contact: v.contact, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column("organization_id").doUpdateSet({ contact: v.contact, updated_at: at, updated_by: by }))
    .execute();
  for (const [lang, wording] of Object.entries(v.texts)) {
    if (wording === null) {
      await tx.deleteFrom("family_notice_text").where("organization_id", "=", organizationId).where("lang", "=", lang).execute();
      continue;
    }
    const row = { title: wording.title, body: wording.body, updated_at: at, updated_by: by };
    await tx
      .insertInto("family_notice_text")
      .values({ organization_id: organizationId, lang, ...row })
      .onConflict((oc) => oc.columns(["organization_id", "lang"]).doUpdateSet(row))
      .execute();
  }
}

/** A live student with their school, in the shape of a classroom's list (studentsOfScope). */
export function studentForNotice(db: Db, participantId: string) {
  return db
    .selectFrom("participant as p")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .select([
      "p.participant_id",
      "p.first_name",
      "p.last_name",
      "p.participant_code",
      "p.grade",
      "p.organization_unit_id",
      "ou.name as school_name",
    ])
    .where("p.participant_id", "=", participantId)
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
}
