import { lazyDialog } from "#app/components/lazy-dialog";

// The student page's dialogs, loaded when one opens (app/components/lazy-dialog.tsx): the page's first load
// carries neither their forms nor Radix.

/** Edit (the school page's student dialog). */
export const LazyStudentDialog = lazyDialog(() => import("#app/components/admin/StudentDialog").then((m) => m.StudentDialog));

/** The read-only Test details. */
export const LazyTestDetailsDialog = lazyDialog(() => import("./TestDetailsDialog").then((m) => m.TestDetailsDialog));
