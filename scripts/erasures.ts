// Erasure receipts across a database restore (issue 41 item 3; docs/features/student-records.md,
// "Backups"). A backup taken before a student or district was deleted for good brings them back
// when restored; their receipts, kept in the audit log, say what to delete again.
//
//   npx tsx scripts/erasures.ts export > erasures.json    before restoring: the receipts of the database in use
//   npx tsx scripts/erasures.ts replay erasures.json      after restoring: deletes again what the backup brought back
//
// Both use DATABASE_URL / DATA_DIR as the server does. `replay` also removes the stored files of
// the receipts' students (recordings), and writes back the receipts the restored audit log lacks.
import { readFileSync } from "node:fs";
import { listErasureReceipts, replayErasure, type StoredReceipt } from "../app/api/student-records";
import { migrateToLatest, openDatabase } from "../app/db/connect.server";
import { databaseOptions } from "../app/server/config.server";

const [command, file] = process.argv.slice(2);
if (command !== "export" && !(command === "replay" && file)) {
  console.error("Usage: npx tsx scripts/erasures.ts export > erasures.json | replay erasures.json");
  process.exit(2);
}

const handle = await openDatabase(databaseOptions());
try {
  if (command === "export") {
    process.stdout.write(`${JSON.stringify(await listErasureReceipts(handle.db), null, 2)}\n`);
  } else {
    await migrateToLatest(handle.db);
    const receipts = JSON.parse(readFileSync(file!, "utf8")) as StoredReceipt[];
    let rows = 0;
    let files = 0;
    for (const receipt of receipts) {
      const done = await replayErasure(handle.db, receipt);
      if (done.rows + done.files > 0)
        console.error(`${receipt.entity_type} ${receipt.entity_id}: ${done.rows} rows, ${done.files} files deleted again`);
      rows += done.rows;
      files += done.files;
    }
    console.error(`${receipts.length} receipts replayed: ${rows} rows and ${files} files deleted again.`);
  }
} finally {
  await handle.close();
}
