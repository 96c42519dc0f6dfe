import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";

// Imported statically so the migrations travel inside the server bundle.
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
};
