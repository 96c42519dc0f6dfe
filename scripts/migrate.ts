import { databaseOptions, migrateToLatest, openDatabase } from "../app/db/connect.server";

const handle = await openDatabase(databaseOptions());
await migrateToLatest(handle.db);
await handle.close();
console.log("Database is up to date.");
