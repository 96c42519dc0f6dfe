import { describe, expect, it } from "vitest";
import { apiSchemaSource, committedApiSchema } from "./gen-api-schema";

describe("app/lib/generated/api-schema.d.ts", () => {
  it("matches the API's OpenAPI document (run `npm run gen:api` after changing an API route)", async () => {
    expect(committedApiSchema()).toBe(await apiSchemaSource());
  }, 30_000);
});
