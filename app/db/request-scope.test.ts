import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { PGliteDialect } from "./pglite-dialect";
import { currentRequestScope, inRequestScope } from "./request-scope";

// A request's scope (who a query serves) is read by the embedded database alone. Keeping it costs
// every promise of the process (async hooks), so a server on PostgreSQL keeps none.

describe("request scopes", () => {
  it("are not kept on PostgreSQL (no embedded driver), and kept once one exists", () => {
    const request = new Request("http://localhost/");
    expect(inRequestScope(request, () => currentRequestScope())).toBeUndefined();
    new PGliteDialect({} as PGlite).createDriver();
    const scope = inRequestScope(request, () => currentRequestScope());
    expect(scope).toMatchObject({ signal: request.signal, startedAt: expect.any(Number) });
    // The outermost scope wins: an API call made for a page's visitor belongs to that visitor.
    expect(inRequestScope(request, () => inRequestScope(new Request("http://localhost/api"), () => currentRequestScope()))).toBe(scope);
  });
});
