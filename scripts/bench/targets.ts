// The pages the benchmark loads. Each target lists candidate URLs (tabs may land as a query
// parameter or as a nested route) and a marker: content only the finished page would show,
// taken from the generated district. A page that answers 404, or 200 without its marker, is
// reported as missing and never measured, so pages are measured automatically once they land.
import type { Fixture } from "./generate";
import { BENCH_DISTRICT, type SIGN_INS } from "./generate";

export type Role = keyof typeof SIGN_INS | "anonymous";

export interface Target {
  key: string;
  label: string;
  role: Role;
  candidates: string[];
  marker?: (html: string) => boolean;
  /** Pages whose latency must not grow with the district (the scale target). */
  scale?: boolean;
}

export function targets(f: Fixture): Target[] {
  const d = f.districtId;
  const s = f.schoolId;
  return [
    { key: "login", label: "Login", role: "anonymous", candidates: ["/login"], marker: (h) => /name="password"/.test(h) },
    {
      key: "super-admin",
      label: "Super admin: districts",
      role: "super",
      candidates: ["/super-admin"],
      marker: (h) => h.includes(BENCH_DISTRICT),
    },
    {
      key: "district-schools",
      label: "District: schools",
      role: "district",
      candidates: [`/district/${d}`],
      marker: (h) => h.includes("School 001 Elementary"),
    },
    {
      key: "district-users",
      label: "District: users",
      role: "district",
      candidates: [`/district/${d}?tab=users`, `/district/${d}/users`],
      // Lists are paged (issue 15): the first page need not hold the fixture's user, so the marker is
      // the list's count line, which only a loaded list shows.
      marker: (h) => h.includes("@bench.example") && /class="pager__count">1–[\d,]+ of [\d,]+</.test(h),
    },
    {
      key: "school-students",
      label: "School: students",
      role: "school",
      candidates: [`/school/${s}?tab=students`, `/school/${s}/students`],
      // Paged (issue 15): the first page need not hold the fixture's student; the count line of a loaded list.
      marker: (h) => h.includes("Participant Code") && /class="pager__count">1–[\d,]+ of [\d,]+</.test(h),
      scale: true,
    },
    {
      key: "classroom",
      label: `Classroom results (30)`,
      role: "teacher",
      candidates: [`/classroom/${f.classroomId}`],
      // The grid itself, not a student's name: the fixture's named student sits in another classroom
      // when the district has many.
      marker: (h) => h.includes(f.classroomName) && h.includes('class="results-grid'),
      scale: true,
    },
    {
      key: "student",
      label: "Student profile",
      // The fixture's student is the first generated one, in school 1's first (prekindergarten)
      // classroom, which the bench teacher (the measured kindergarten class) does not teach: a
      // teacher would be refused (403). School 1's admin may see it, with the same page and API
      // call (the teacher's scope check is one query more).
      role: "school",
      candidates: [`/student/${f.studentId}`],
      // The finished page: the student's name and the Subtest Results tables with a cell per period.
      marker: (h) => h.includes(f.studentLastName) && h.includes('class="sp-table') && h.includes("Subtest Results"),
      scale: true,
    },
    {
      key: "student-progress",
      label: "Student progress (probes)",
      role: "school",
      candidates: [`/student/${f.studentId}/progress`],
      // The page title with the student's name and the probe entry's intro: a loaded page.
      marker: (h) => h.includes(f.studentLastName) && h.includes('class="progress__intro"'),
    },
    {
      key: "classroom-groups",
      label: "Classroom support groups",
      role: "teacher",
      candidates: [`/classroom/${f.classroomId}/groups`],
      marker: (h) => h.includes(f.classroomName) && h.includes("Letters most missed"),
    },
    {
      key: "district-report",
      label: "District completion report",
      role: "super",
      candidates: [`/district/${d}?tab=reports`, `/district/${d}/reports`, `/district/${d}?tab=report`],
      marker: (h) => /finished/i.test(h) && h.includes("School 001 Elementary"),
    },
  ];
}

/** `/a/b?x=1` → `/a/b.data?x=1` (Remix single fetch: the loaders' data of a client navigation). */
export function dataUrl(url: string): string {
  const [p, q] = url.split("?");
  return `${p === "/" ? "/_root" : p}.data${q ? `?${q}` : ""}`;
}
