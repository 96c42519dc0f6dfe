import { z } from "zod";
import { ERASE_STUDENT_DIALOG } from "#app/domain/student-records";

// The deletion's confirmation read on the server, so zod never reaches the page's bundle (a
// module-level schema in the route would keep it there: tests/e2e/page-scripts.spec.ts).

/** The confirmation form: the counts the dialog stated, sent back for the API to check against the counts now. */
export const EraseForm = z.object({
  intent: z.literal(ERASE_STUDENT_DIALOG),
  results: z.coerce.number().int().min(0),
  scores: z.coerce.number().int().min(0),
  recordings: z.coerce.number().int().min(0),
});
