// The bench's letter-entry measure (issue 40 item 4; measureEntry in ./browser.ts) alone, against a
// server already running, without the rest of the bench: for a quick look on a machine where the
// whole bench cannot run. It makes a classroom of its own (a school admin through the REST API)
// with `--students` kindergartners for the teacher, so every letter cell opens an edit dialog.
//
//   npx tsx scripts/bench/entry-timing.ts --origin http://127.0.0.1:4650 --school <id> --teacher-id <id> \
//     [--teacher teacher@demo.example] [--admin school.admin@demo.example] [--runs 2] [--hops 3] [--students 9]
import { entrySummary, measureEntry } from "./browser";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const origin = arg("origin") ?? "http://127.0.0.1:3000";
const password = arg("password") ?? "Screening#2026";
const teacher = arg("teacher") ?? "teacher@demo.example";
const admin = arg("admin") ?? "school.admin@demo.example";
const school = arg("school");
const teacherId = arg("teacher-id");
const runs = Number(arg("runs") ?? 2);
const hops = Number(arg("hops") ?? 3);
// Each run saves the students it passes: enough for every run's hops, and one more after the last.
const students = Number(arg("students") ?? runs * (hops + 1) + 1);
if (!school || !teacherId) throw new Error("--school and --teacher-id are required");

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

const token = (
  await json(
    await fetch(`${origin}/api/dashboard/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: admin, password }),
    }),
  )
).token as string;
const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
const tag = Date.now().toString(36);
const room = (
  await json(
    await fetch(`${origin}/api/participantGroups`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ name: `Entry Timing ${tag}`, organizationUnitId: school, teacherId, participantGroupType: "CLASSROOM" }),
    }),
  )
).participantGroupId as string;
for (let i = 0; i < students; i++) {
  await json(
    await fetch(`${origin}/api/participants`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        firstName: `Kid${i + 1}`,
        lastName: `Timing${i}${tag}`,
        dateOfBirth: "05/17/2020",
        grade: "K",
        organizationUnitId: school,
        participantGroupIds: [room],
      }),
    }),
  );
}
// The teacher's session cookie, as the sign-in form sets it.
const login = await fetch(`${origin}/login`, {
  method: "POST",
  body: new URLSearchParams({ email: teacher, password }),
  redirect: "manual",
  headers: { origin },
});
const cookie = login.headers.get("set-cookie")?.split(";")[0];
if (!cookie) throw new Error(`sign-in failed: ${login.status}`);

const out = await measureEntry(origin, { key: "classroom", url: `/classroom/${room}`, cookie }, runs, (s) => console.log(s), hops);
console.log(JSON.stringify(entrySummary(out)));
