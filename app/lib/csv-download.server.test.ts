import { describe, expect, it } from "vitest";
import { first } from "#app/domain/presence";
import { csvDownload, csvStreamDownload, REPORT_NOT_FOUND } from "./csv-download.server";
import { getSession } from "./session.server";

// Issue 35 item 15: a refused download (403) said 'You are not allowed to download this report.',
// a text of ours; the spec's only download failure text is 'Report not found' (spec 000 §8).

const request = new Request("http://localhost/download/school/x", { headers: { referer: "http://localhost/school/x" } });
const answer = (status: number, data?: string) =>
  Promise.resolve({ data, error: data ? undefined : { message: "m" }, response: new Response(data ?? null, { status }) });
const streamAnswer = (status: number) => Promise.resolve({ data: null, error: { message: "m" }, response: new Response(null, { status }) });

/** The toast texts the redirect stored in the session. */
async function toastOf(res: Response): Promise<string> {
  const session = await getSession(
    new Request("http://localhost/", { headers: { cookie: first(res.headers.get("set-cookie")!.split(";")) } }),
  );
  return JSON.stringify(session.data);
}

describe("csvDownload", () => {
  it.each([
    ["a refusal (403)", 403],
    ["an unknown report (404)", 404],
    ["a server failure (500)", 500],
  ])("sends %s back to the page with the spec's 'Report not found' toast", async (_label, status) => {
    for (const res of [
      await csvDownload(request, answer(status), "/school/x"),
      await csvStreamDownload(request, streamAnswer(status), "/school/x"),
    ]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/school/x");
      const toast = await toastOf(res);
      expect(toast).toContain(REPORT_NOT_FOUND);
      expect(toast).not.toContain("not allowed");
    }
  });

  it("passes a CSV on with its file name and a byte order mark", async () => {
    const response = new Response("a,b\r\n", { status: 200, headers: { Filename: "room_4_student_details_BOY.csv" } });
    const res = await csvDownload(request, Promise.resolve({ data: "a,b\r\n", response }), "/school/x");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="room_4_student_details_BOY.csv"');
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
