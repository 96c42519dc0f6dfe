import { readFile } from "node:fs/promises";
import path from "node:path";
import { createRoute, z } from "@hono/zod-openapi";
import { MATERIAL_NOT_FOUND, materialByFilename } from "#app/domain/test-materials";
import { text, TEXT_MAX } from "#app/domain/text";
import { isOn } from "#app/server/flags.server";
import { errorResponses, type Router } from "../env";
import { ApiError } from "../errors";
import { requireActor } from "../scope";

// The menu's test materials (spec 001 §7 GET /dashboard/resources/{filename}/download): the zips
// scripts/make-test-materials.ts builds into resources/test-materials/, for any signed-in user;
// Grade 3's only with flag grade3hamburger.

/** Where the zips live: resources/test-materials/ of the app (the server runs from its folder). */
export const materialsDir = () => path.resolve(process.cwd(), "resources", "test-materials");

const download = createRoute({
  method: "get",
  path: "/dashboard/resources/{filename}/download",
  tags: ["Dashboard"],
  summary: "A grade's test materials (a zip holding a printable PDF of the student materials)",
  description: "PreK, Kindergarten, Grade 1 and Grade 2 for every signed-in user; Grade 3 with flag grade3hamburger. 404 otherwise.",
  request: { params: z.object({ filename: text(TEXT_MAX.code).openapi({ param: { name: "filename", in: "path" } }) }) },
  responses: {
    200: {
      content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
      description: "The zip; its name is in Content-Disposition",
    },
    ...errorResponses,
  },
});

export function registerTestMaterials(app: Router) {
  app.openapi(download, async (c) => {
    requireActor(c.var.actor);
    const material = materialByFilename(c.req.valid("param").filename, { grade3hamburger: isOn(c.var.flags, "grade3hamburger") });
    if (!material) throw new ApiError(404, MATERIAL_NOT_FOUND);
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(materialsDir(), material.filename));
    } catch {
      throw new ApiError(404, MATERIAL_NOT_FOUND);
    }
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": "application/zip",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `attachment; filename="${material.filename}"`,
      "Access-Control-Expose-Headers": "Content-Disposition",
    });
  });
}
