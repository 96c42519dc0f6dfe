// Form texts the browser's own code shows. Kept apart from admin-forms.ts, whose zod schemas
// (107 KB gzip) would otherwise come along into every page that renders a form field.

/** The form-level fallback when a save fails with no server text (spec 000 §5). */
export const SUBMIT_FAILED_MESSAGE = "Error submitting form, please check your entries and try again.";
