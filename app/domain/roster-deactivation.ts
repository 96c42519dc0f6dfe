// When an upload deactivates so much of a district that a person must look first (issue 35 item 1:
// a file with one school and header-only users, classes and enrollments previewed 'Deactivated:
// Classrooms 35, Teachers 35, Students 715' and applied in a quarter of a second). The share is the
// issue's rule, not a norm of ours: more than 5% of the district's active students, classrooms or
// teachers needs a signed-in admin's explicit confirmation, even from a holder of the rostering key.

export const MASS_DEACTIVATION = {
  /** More than this share of a kind's active records deactivated at once needs an admin's confirmation. */
  share: 0.05,
  source: "issue 35 item 1 (rostering safety)",
} as const;

export const GUARDED_KINDS = ["students", "classrooms", "teachers"] as const;
export type GuardedKind = (typeof GUARDED_KINDS)[number];

/** The district's active records of each guarded kind, before the upload. */
export type DistrictTotals = Record<GuardedKind, number>;

export interface MassDeactivation {
  kind: GuardedKind;
  deactivated: number;
  total: number;
}

/** The kinds an upload would deactivate more than the share of, with the counts an admin confirms. */
export function massDeactivations(
  deactivated: Record<GuardedKind, number>,
  totals: DistrictTotals,
  share: number = MASS_DEACTIVATION.share,
): MassDeactivation[] {
  return GUARDED_KINDS.filter((kind) => deactivated[kind] > 0 && deactivated[kind] > share * totals[kind]).map((kind) => ({
    kind,
    deactivated: deactivated[kind],
    total: totals[kind],
  }));
}

const NOUNS: Record<GuardedKind, [string, string]> = {
  students: ["student", "students"],
  classrooms: ["classroom", "classrooms"],
  teachers: ["teacher", "teachers"],
};

/** '715 of 715 students (100%)': what the preview and the confirmation state. */
export function massDeactivationText({ kind, deactivated, total }: MassDeactivation): string {
  const percent = total === 0 ? 100 : Math.round((deactivated / total) * 100);
  return `${deactivated.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${NOUNS[kind][total === 1 ? 0 : 1]} (${percent}%)`;
}

/** A stable key of the counts, so an apply confirms exactly what the preview showed. */
export const massDeactivationsKey = (list: readonly MassDeactivation[]) =>
  list.map((m) => `${m.kind}:${m.deactivated}/${m.total}`).join(",");
