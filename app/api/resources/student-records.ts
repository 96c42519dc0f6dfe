import { createRoute, z } from "@hono/zod-openapi";
import { districtForRecords } from "#app/db/queries/student-records";
import { flushRecordAccess, recordAccess } from "../record-access";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { notFound } from "../errors";
import { IdParam } from "../params";
import { assertStudentRecords, requireActor, requireCapability } from "../scope";
import {
  CountsChanged,
  districtRecordCounts,
  eraseDistrict,
  eraseStudent,
  studentExportZip,
  studentRecordsSummary,
} from "../student-records";
import { DistrictCounts, DistrictRecordsSummary, ErasureReceipt, StudentCounts, StudentRecordsSummary } from "../student-records-mappers";

// Deletion and export on request (issue 41 item 3; docs/features/student-records.md). Distinct
// from DELETE /participants/delete/{id} and DELETE /organization/{id}, which hide a record and
// keep it: these delete for good, only with the counts of what goes, and answer a receipt.
// District admins (their district's students) and super admins; a district only a super admin.

const confirmText = (what: string) =>
  `The counts of what will be deleted, as GET …/records gave them: the ${what} is deleted only when they are the counts now`;
const StudentConfirmation = z.object({ confirm: StudentCounts.openapi({ description: confirmText("student") }) }).openapi("StudentErasure");
const DistrictConfirmation = z
  .object({ confirm: DistrictCounts.openapi({ description: confirmText("district") }) })
  .openapi("DistrictErasure");

const changed = (counts: typeof StudentCounts | typeof DistrictCounts, what: string) => ({
  409: jsonResponse(
    z.object({ message: z.string(), counts }),
    `The ${what}'s records changed since the confirmed counts: nothing was deleted; the counts now are in \`counts\``,
  ),
});

const studentRecords = createRoute({
  method: "get",
  path: "/participant/{id}/records",
  summary: "What the product holds about a student, counted (district admins of the student's district, super admins)",
  description: "The counts a deletion must confirm. Works for a student deleted (hidden) already, whose records are still kept.",
  request: { params: IdParam },
  responses: { 200: jsonResponse(StudentRecordsSummary, "The student and the counts of their records"), ...errorResponses },
});

const exportStudent = createRoute({
  method: "get",
  path: "/participant/{id}/export",
  summary: "Everything about one student as a zip (district admins of the student's district, super admins)",
  description:
    "student.json, results.json, scores.json, recordings.json with the recordings/ as stored, access-history.json, changes.json " +
    "(the audit log's entries about the student) and a README.txt saying what each file is. The name is in the Filename header.",
  request: { params: IdParam },
  responses: {
    200: { content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } }, description: "The zip" },
    ...errorResponses,
  },
});

const eraseStudentRoute = createRoute({
  method: "post",
  path: "/participant/{id}/erase",
  summary: "Delete a student for good, with a receipt (district admins of the student's district, super admins)",
  description:
    "In one transaction: the student, their results, scores, scoring entries, risk scores, classroom places, access history, the " +
    "audit entries about them and their mentions in roster imports; then their recording files. The receipt (who, when, the student's " +
    "id, what went per table) is written to the audit log without the child's name. Needs `confirm` with the counts of GET …/records.",
  request: { params: IdParam, body: jsonBody(StudentConfirmation) },
  responses: { 200: jsonResponse(ErasureReceipt, "Deleted; the receipt"), ...errorResponses, ...changed(StudentCounts, "student") },
});

const districtRecords = createRoute({
  method: "get",
  path: "/organization/{id}/records",
  summary: "What the product holds about a district, counted (super admin)",
  description: "The counts a district's deletion must confirm. Works for a district deleted (hidden) already.",
  request: { params: IdParam },
  responses: { 200: jsonResponse(DistrictRecordsSummary, "The district and the counts of its records"), ...errorResponses },
});

const eraseDistrictRoute = createRoute({
  method: "post",
  path: "/organization/{id}/erase",
  summary: "Delete a district for good, with a receipt (super admin)",
  description:
    "Every student of the district as POST /participant/{id}/erase does, then its classrooms, schools, staff accounts (with their " +
    "sessions and messages), calendar, norms, roster imports and key, and the audit entries about them; erasure receipts stay. " +
    "Needs `confirm` with the counts of GET /organization/{id}/records.",
  request: { params: IdParam, body: jsonBody(DistrictConfirmation) },
  responses: { 200: jsonResponse(ErasureReceipt, "Deleted; the receipt"), ...errorResponses, ...changed(DistrictCounts, "district") },
});

export function registerStudentRecords(app: Router) {
  app.openapi(studentRecords, async (c) => {
    const { db } = c.var.deps;
    const student = await assertStudentRecords(db, requireActor(c.var.actor), c.req.valid("param").id);
    c.header("Cache-Control", "private, no-store");
    return c.json(await studentRecordsSummary(db, student.participant_id), 200);
  });

  app.openapi(exportStudent, async (c) => {
    const { db, now } = c.var.deps;
    const student = await assertStudentRecords(db, requireActor(c.var.actor), c.req.valid("param").id);
    const { zip, fileName } = await studentExportZip(db, student.participant_id, now());
    recordAccess(c, { what: "student-export", organizationId: student.organization_id, participantId: student.participant_id });
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      Filename: fileName,
      "Content-Length": String(zip.length),
      "Cache-Control": "private, no-store",
    });
  });

  app.openapi(eraseStudentRoute, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireActor(c.var.actor);
    const student = await assertStudentRecords(db, actor, c.req.valid("param").id);
    // Reads of the student this process still holds for the access log are written first, so the deletion takes them too.
    await flushRecordAccess(c.var.deps);
    try {
      return c.json(await eraseStudent(db, actor, student.participant_id, c.req.valid("json").confirm, now()), 200);
    } catch (error) {
      if (error instanceof CountsChanged)
        return c.json({ message: error.message, counts: error.counts as z.infer<typeof StudentCounts> }, 409);
      throw error;
    }
  });

  app.openapi(districtRecords, async (c) => {
    const { db } = c.var.deps;
    requireCapability(c.var.actor, "manageDistricts");
    const org = await districtForRecords(db, c.req.valid("param").id);
    if (!org) throw notFound("District");
    c.header("Cache-Control", "private, no-store");
    return c.json(
      {
        organizationId: org.organization_id,
        name: org.name,
        deleted: org.deleted_at !== null,
        counts: await districtRecordCounts(db, org.organization_id),
      },
      200,
    );
  });

  app.openapi(eraseDistrictRoute, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "manageDistricts");
    const org = await districtForRecords(db, c.req.valid("param").id);
    if (!org) throw notFound("District");
    await flushRecordAccess(c.var.deps);
    try {
      return c.json(await eraseDistrict(db, actor, org.organization_id, c.req.valid("json").confirm, now()), 200);
    } catch (error) {
      if (error instanceof CountsChanged)
        return c.json({ message: error.message, counts: error.counts as z.infer<typeof DistrictCounts> }, 409);
      throw error;
    }
  });
}
