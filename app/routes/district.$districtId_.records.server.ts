import { DISTRICT_COUNT_KEYS, ERASE_DISTRICT_DIALOG } from "#app/domain/student-records";
import { eraseForm } from "#app/lib/erase-form.server";

/** The confirmation form: the counts the dialog stated, sent back for the API to check against the counts now. */
export const EraseDistrictForm = eraseForm(ERASE_DISTRICT_DIALOG, DISTRICT_COUNT_KEYS);
