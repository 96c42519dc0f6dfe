import { createRoute, z } from "@hono/zod-openapi";
import { raiseKeptVersions } from "#app/db/queries/kept";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError } from "../errors";
import { requireSuperAdmin } from "../scope";

// What every server process keeps in memory goes by versions in the database (app/api/kept.ts,
// docs/decisions/0022-kept-data.md). Raising them makes every process on every machine read its kept
// data again on its next use: for an operator after restoring a backup or editing rows in a way
// no trigger sees (a TRUNCATE), and for the benchmark's cold requests (issue 36 §1), which must
// include the database work on PGlite too, whose database only the server process can reach.

const Invalidate = z
  .object({
    organizationId: z.string().uuid("organizationId: a district's id").optional().openapi({
      description: "one district's kept data (and what spans districts); every district's when left out",
    }),
  })
  .openapi("KeptDataInvalidate");

const invalidate = createRoute({
  method: "post",
  path: "/kept-data/invalidate",
  tags: ["Operations"],
  summary: "Make every server process read its kept data again (super admin)",
  description:
    "Raises the versions the processes keep data under (district calendars and norms, classroom grids, list totals, " +
    "completion counts), in the database, so every process on every machine reads them again on its next use. " +
    "Nothing is lost: only the next read of each costs its database work.",
  request: { body: jsonBody(Invalidate) },
  responses: {
    200: jsonResponse(
      z.object({ districts: z.number().int() }).openapi("KeptDataInvalidated"),
      "The districts whose kept data was invalidated",
    ),
    ...errorResponses,
  },
});

export function registerKeptData(app: Router) {
  app.openapi(invalidate, async (c) => {
    requireSuperAdmin(c.var.actor);
    const { organizationId } = c.req.valid("json");
    const districts = await raiseKeptVersions(c.var.deps.db, organizationId);
    if (organizationId !== undefined && districts === 0) throw new ApiError(404, "District not found");
    return c.json({ districts }, 200);
  });
}
