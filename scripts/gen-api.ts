// npm run gen:api: regenerates app/lib/generated/api-schema.d.ts after a change to an API route's schemas.
import { writeFileSync } from "node:fs";
import { apiSchemaSource, committedApiSchema, SCHEMA_FILE } from "./gen-api-schema";

const source = await apiSchemaSource();
if (committedApiSchema() === source) {
  console.log(`${SCHEMA_FILE}: up to date`);
} else {
  writeFileSync(SCHEMA_FILE, source);
  console.log(`${SCHEMA_FILE}: written`);
}
