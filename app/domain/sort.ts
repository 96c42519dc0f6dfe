// Tables sort by name (spec 000 §2): case-insensitive, numbers in names in numeric order.

export type SortDirection = "asc" | "desc";

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

export function sortByName<T>(rows: readonly T[], name: (row: T) => string, direction: SortDirection = "asc"): T[] {
  const sorted = [...rows].sort((a, b) => collator.compare(name(a), name(b)));
  return direction === "desc" ? sorted.reverse() : sorted;
}

/** `?sort=name-desc` → 'desc'; anything else → 'asc'. */
export function sortDirection(value: string | null | undefined): SortDirection {
  return value === "name-desc" ? "desc" : "asc";
}

/** A person as tables show them: 'Last, First'. */
export const lastFirst = (p: { firstName: string; lastName: string }) => `${p.lastName}, ${p.firstName}`;
