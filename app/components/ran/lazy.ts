import { lazyDialog } from "#app/components/lazy-dialog";

/** The RAN scoring dialog, loaded when it opens (app/components/lazy-dialog.tsx): the student and classroom pages' first load carries none of it. */
export const LazyRanScoringDialog = lazyDialog(() => import("./RanScoringDialog").then((m) => m.RanScoringDialog));
