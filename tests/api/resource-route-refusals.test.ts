import { describe, expect, it } from "vitest";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { commitSession, getSession } from "#app/lib/session.server";
import { loader as resultsCsvLoader } from "#app/routes/classroom.$classroomId_.results[.]csv";
import { action as timeoutAction, MAX_REMEMBERED_PATH } from "#app/routes/timeout";
import { makePeriods, MID_YEAR } from "./support/fixtures";
import { apiWorld } from "./support/world";

// Issue 33 items 6 and 12, in-process against the test database: a classroom id that is not an
// id is a 404 with a message (it was a 500), and the time-out page never sends a Location header
// longer than it should (a 20 KB remembered path was sent back as a 20 KB Location).

process.env.SESSION_SECRET ??= "resource-route-refusals-secret";
const { handle, t, w } = await apiWorld();
setApiAppForTests(t.api, t.deps);
await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
t.clock.now = MID_YEAR.now;
const session = await getSession(new Request("http://localhost/"));
session.set("token", await t.login(w.teacher.email));
const cookie: string = (await commitSession(session)).split(";")[0]!;

async function resultsCsv(classroomId: string): Promise<Response> {
  const request = new Request(`http://localhost/classroom/${classroomId}/results.csv`, { headers: { cookie } });
  return (await resultsCsvLoader({ request, params: { classroomId }, context: {} })) as Response;
}

async function timeOut(redirectTo: string): Promise<Response> {
  return (await timeoutAction({
    request: new Request("http://localhost/timeout", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ redirectTo }),
    }),
    context: {},
    params: {},
  })) as Response;
}

describe(`results.csv of a classroom id that is not an id (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  it.each(["not-a-uuid", "1", "00000000-0000-0000-0000-00000000000g"])("%s: 404 with a message", async (id) => {
    const res = await resultsCsv(id);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toBe("Classroom not found.");
  });

  it("a classroom of the teacher still downloads", async () => {
    const res = await resultsCsv(w.classA.participant_group_id);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  });
});

describe("the time-out page's remembered path", () => {
  const location = (res: Response) => res.headers.get("location")!;
  const remembered = (res: Response) => new URL(location(res), "http://localhost").searchParams.get("redirectTo");

  it("a 20 KB path is dropped: the Location is the plain time-out page", async () => {
    const res = await timeOut(`/school/${"a".repeat(20_000)}`);
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/timeout?redirectTo=%2F");
  });

  it("a path of exactly the limit is kept, one character more is dropped", async () => {
    const at = `/school/${"a".repeat(MAX_REMEMBERED_PATH - "/school/".length)}`;
    expect(remembered(await timeOut(at))).toBe(at);
    expect(remembered(await timeOut(`${at}a`))).toBe("/");
  });

  it("the limit counts the path as it is sent: percent-encoding that lengthens it counts", async () => {
    // 700 × "ü" is 700 characters as typed, 4,200 once percent-encoded for the Location.
    expect(remembered(await timeOut(`/s/${"ü".repeat(700)}`))).toBe("/");
  });

  it.each([
    ["/school/1", "/school/1"],
    ["//evil.example/", "/"],
    ["/\t/evil.example/", "/"],
  ])("the safe-redirect rules still hold: %s → %s", async (to, expected) => {
    expect(remembered(await timeOut(to))).toBe(expected);
  });
});
