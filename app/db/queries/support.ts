import type { Db } from "../connect.server";

// Support messages, kept whether or not their mail goes out.

export function insertSupportMessage(
  db: Db,
  row: { userId: string; name: string; email: string; subject: string; message: string; page: string | null; now: Date },
) {
  return db
    .insertInto("support_message")
    .values({
      user_id: row.userId,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      page: row.page,
      created_at: row.now,
    })
    .returning(["support_message_id", "created_at"])
    .executeTakeFirstOrThrow();
}

export async function markSupportMessageMailed(db: Db, supportMessageId: string, now: Date): Promise<void> {
  await db.updateTable("support_message").set({ mailed_at: now }).where("support_message_id", "=", supportMessageId).execute();
}
