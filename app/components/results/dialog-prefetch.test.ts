import { describe, expect, it } from "vitest";
import { dialogData, isReadAhead, readAheadHref } from "./dialog-prefetch";

// The read-ahead of 'Save and next student' (issue 40 item 4): a load marked as a read-ahead keeps
// its answer for the one navigation that follows; a navigation is never taken for a read-ahead.

const origin = "http://localhost";
const href = (student: string) => `/classroom/c1/letters?test=letter-names&student=${student}`;
const server = (answer: unknown) => {
  let calls = 0;
  const load = async () => {
    calls++;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { load, calls: () => calls };
};

describe("dialogData", () => {
  it("keeps a read-ahead's answer for the next navigation to the same dialog, once", async () => {
    const ahead = server({ dialog: "s1" });
    expect(await dialogData(origin + readAheadHref(href("s1")), ahead.load)).toEqual({ dialog: "s1" });
    // The parameters in another order name the same dialog.
    expect(isReadAhead("/classroom/c1/letters?student=s1&test=letter-names")).toBe(true);
    const nav = server({ dialog: "fresh" });
    expect(await dialogData(origin + href("s1"), nav.load)).toEqual({ dialog: "s1" });
    expect(nav.calls()).toBe(0);
    // Used once: the next navigation asks the server.
    expect(isReadAhead(href("s1"))).toBe(false);
    expect(await dialogData(origin + href("s1"), nav.load)).toEqual({ dialog: "fresh" });
    expect(nav.calls()).toBe(1);
  });

  it("a navigation to a dialog not read ahead asks the server, and its failure is the navigation's", async () => {
    const nav = server(new Error("offline"));
    await expect(dialogData(origin + href("s2"), nav.load)).rejects.toThrow("offline");
    expect(nav.calls()).toBe(1);
  });

  it("a failed read-ahead answers null, keeps nothing, and the navigation asks the server", async () => {
    expect(await dialogData(origin + readAheadHref(href("s3")), server(new Error("offline")).load)).toBeNull();
    expect(isReadAhead(href("s3"))).toBe(false);
    const nav = server({ dialog: "s3" });
    expect(await dialogData(origin + href("s3"), nav.load)).toEqual({ dialog: "s3" });
  });
});
