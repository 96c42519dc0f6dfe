import { ERASE_STUDENT_DIALOG, STUDENT_COUNT_KEYS } from "#app/domain/student-records";
import { eraseForm } from "#app/lib/erase-form.server";

/** The confirmation form: the counts the dialog stated, sent back for the API to check against the counts now. */
export const EraseForm = eraseForm(ERASE_STUDENT_DIALOG, STUDENT_COUNT_KEYS);
