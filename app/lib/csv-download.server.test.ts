import { describe, expect, it } from "vitest";
import { csvDownload, REPORT_NOT_ALLOWED } from "./csv-download.server";
import { getSession } from "./session.server";

// Issue 12 item 13: a teacher on the school CSV URL is told they may not, not 'Report not found'.

const request = new Request("http://localhost/download/school/x", { headers: { referer: "http://localhost/school/x" } });
const answer = (status: number, data?: string) =>
  Promise.resolve({ data, error: data ? undefined : { message: "m" }, response: new Response(data ?? null, { status }) });

describe("csvDownload", () => {
  it("answers a refusal (403) with 'not allowed', not 'Report not found'", async () => {
    const res = await csvDownload(request, answer(403), "/school/x");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/school/x");
    const session = await getSession(
      new Request("http://localhost/", { headers: { cookie: res.headers.get("set-cookie")!.split(";")[0] } }),
    );
    expect(JSON.stringify(session.data)).toContain(REPORT_NOT_ALLOWED);
    expect(JSON.stringify(session.data)).not.toContain("Report not found");
  });

  it("sends an unknown report back with the 'Report not found' toast", async () => {
    const res = await csvDownload(request, answer(404), "/school/x");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/school/x");
  });

  it("passes a CSV on with its file name and a byte order mark", async () => {
    const response = new Response("a,b\r\n", { status: 200, headers: { Filename: "room_4_student_details_BOY.csv" } });
    const res = await csvDownload(request, Promise.resolve({ data: "a,b\r\n", response }), "/school/x");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="room_4_student_details_BOY.csv"');
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
