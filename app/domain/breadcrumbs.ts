import type { RoleName } from "./roles";

// Breadcrumbs of the school, classroom and student pages (spec 001 §2 'Breadcrumbs', spec 000 §2).

export type Crumb = { label: string; href: string | null };
export type Named = { id: string; name: string };

/** Which first crumb a user gets. */
export type CrumbStart = "Districts" | "Schools" | "Classrooms";

/**
 * Two readings of where a school admin with one school starts:
 * - spec 000 §2 (school page): 'Schools > school for a district admin, a school admin, or a user
 *   with more than one school' — a school admin starts at Schools;
 * - spec 001 §2/§6: district-level roles or users with several schools start at Schools, 'others'
 *   at Classrooms.
 * In force: each spec on its own pages. The school page follows spec 000 (it names the role:
 * 'Schools > school'); the classroom, student and RAN pages follow spec 001 §2/§6, so a school
 * admin with one school starts there at Classrooms (issue 12). `pageReading` picks the reading.
 */
export const SCHOOL_ADMIN_STARTS_AT: Record<"spec-000" | "spec-001", CrumbStart> = {
  "spec-000": "Schools",
  "spec-001": "Classrooms",
};
export const BREADCRUMB_READING_IN_FORCE = "spec-000" as const;

/** Spec 000's reading on the school and district pages, spec 001's below them. */
export function pageReading(input: Pick<BreadcrumbInput, "classrooms" | "student" | "tail">): keyof typeof SCHOOL_ADMIN_STARTS_AT {
  return input.classrooms !== undefined || input.student !== undefined || input.tail !== undefined
    ? "spec-001"
    : BREADCRUMB_READING_IN_FORCE;
}

export function crumbStart(
  role: RoleName | null,
  schoolCount: number,
  reading: keyof typeof SCHOOL_ADMIN_STARTS_AT = BREADCRUMB_READING_IN_FORCE,
): CrumbStart {
  if (role === "SUPER_ADMIN") return "Districts";
  if (role === "ORG_ADMIN" || schoolCount > 1) return "Schools";
  if (role === "ORG_UNIT_ADMIN") return SCHOOL_ADMIN_STARTS_AT[reading];
  return "Classrooms";
}

export interface BreadcrumbInput {
  role: RoleName | null;
  /** How many schools the user belongs to. */
  schoolCount: number;
  district: Named;
  school?: Named;
  /** The classroom on a classroom page, or the student's classroom(s) on a student page. */
  classrooms?: readonly Named[];
  student?: Named;
  /** A last crumb after everything else (e.g. 'RAN' on the test details page). */
  tail?: string;
  reading?: keyof typeof SCHOOL_ADMIN_STARTS_AT;
}

/**
 * The trail from the user's starting point down to the current page; the last crumb is the
 * current page (href null). The classroom crumb is left out when a student is in more than one
 * classroom (or in none). Without a school it is the district page's trail (districtBreadcrumbs).
 */
export function breadcrumbs(input: BreadcrumbInput): Crumb[] {
  const start = crumbStart(input.role, input.schoolCount, input.reading ?? pageReading(input));
  const { district, school, student, tail } = input;
  if (!school) return districtBreadcrumbs(start, district);
  const classroom = input.classrooms && input.classrooms.length === 1 ? input.classrooms[0] : null;
  const crumbs: Crumb[] = [];
  if (start === "Districts") {
    crumbs.push({ label: "Districts", href: "/super-admin" });
    crumbs.push({ label: district.name, href: `/district/${district.id}` });
  } else if (start === "Schools") {
    crumbs.push({ label: "Schools", href: `/district/${district.id}` });
  }
  if (school) {
    if (start === "Classrooms") crumbs.push({ label: "Classrooms", href: `/school/${school.id}` });
    else crumbs.push({ label: school.name, href: `/school/${school.id}` });
  }
  if (classroom) crumbs.push({ label: classroom.name, href: `/classroom/${classroom.id}` });
  if (student) crumbs.push({ label: student.name, href: `/student/${student.id}` });
  if (tail) crumbs.push({ label: tail, href: null });
  // The current page is the last crumb: not a link.
  const last = crumbs[crumbs.length - 1];
  if (last) last.href = null;
  return crumbs;
}

/**
 * The district page's trail (spec 000 §2: the district page has a breadcrumb, for every role),
 * ending in the district's name as the current page:
 * - a super admin came from the Districts list: Districts > district;
 * - everyone else has the district page as their 'Schools' level (the first crumb of their school
 *   page): Schools > district, 'Schools' linking to the district's school list (its Schools tab,
 *   the way back from the Users or Reports tab). A teacher with one school, whose own trail
 *   starts below the district (Classrooms), gets the same: the page shows them its schools.
 */
function districtBreadcrumbs(start: CrumbStart, district: Named): Crumb[] {
  const first: Crumb =
    start === "Districts" ? { label: "Districts", href: "/super-admin" } : { label: "Schools", href: `/district/${district.id}` };
  return [first, { label: district.name, href: null }];
}
