import { migrateToLatest, openDatabase } from "../app/db/connect.server";
import { databaseOptions } from "../app/server/config.server";

const handle = await openDatabase(databaseOptions());
await migrateToLatest(handle.db);
await handle.close();
console.log("Database is up to date.");
