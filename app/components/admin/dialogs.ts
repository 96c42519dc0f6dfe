import { lazyDialog } from "#app/components/lazy-dialog";

// The administration dialogs, loaded when one opens (lazyDialog): a list page's first load
// carries neither their forms nor Radix, which only dialogs use there. The server renders an
// open dialog complete, so it still shows at once without JavaScript.

export const LazyDistrictDialog = lazyDialog(() => import("./DistrictDialog").then((m) => m.DistrictDialog));
export const LazySchoolDialog = lazyDialog(() => import("./SchoolDialog").then((m) => m.SchoolDialog));
export const LazyUserDialog = lazyDialog(() => import("./UserDialog").then((m) => m.UserDialog));
export const LazyClassroomDialog = lazyDialog(() => import("./ClassroomDialog").then((m) => m.ClassroomDialog));
export const LazyStudentDialog = lazyDialog(() => import("./StudentDialog").then((m) => m.StudentDialog));
export const LazyDeleteDialog = lazyDialog(() => import("./DeleteDialog").then((m) => m.DeleteDialog));
