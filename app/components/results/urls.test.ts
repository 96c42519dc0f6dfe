import { describe, expect, it } from "vitest";
import { onlyLetterDialogMoved, withoutLetterDialog } from "./urls";

const u = (path: string) => new URL(path, "http://school.example");
const room = "/classroom/7f0c5b52-8f8a-4a55-9d55-3c4f4c1f7a11";

describe("onlyLetterDialogMoved: what the root's loader need not be asked again for", () => {
  it.each([
    ["opening a letter dialog", `${room}?period=MOY`, `${room}/letters?period=MOY&student=a&test=letter-names&mode=edit`, true],
    [
      "Save and next student",
      `${room}/letters?student=a&test=letter-names&mode=edit`,
      `${room}/letters?student=b&test=letter-names&mode=edit`,
      true,
    ],
    ["closing it", `${room}/letters?student=a&test=letter-names`, room, true],
    [
      "view to edit",
      `${room}/letters?student=a&test=letter-sounds&mode=view`,
      `${room}/letters?student=a&test=letter-sounds&mode=edit&from=view`,
      true,
    ],
    ["the same URL (a revalidation)", `${room}?period=MOY`, `${room}?period=MOY`, false],
    ["another period", `${room}/letters?period=MOY&student=a&test=letter-names`, `${room}?period=EOY`, false],
    ["another tab", room, `${room}?tab=students`, false],
    ["a create dialog", room, `${room}?tab=students&dialog=create-student`, false],
    ["a create dialog, same view", `${room}?dialog=create-student`, room, false],
    ["another classroom", `${room}/letters?student=a&test=letter-names`, "/classroom/other/letters?student=a&test=letter-names", false],
    ["another page", room, "/student/a", false],
  ])("%s", (_name, from, to, expected) => {
    expect(onlyLetterDialogMoved(u(from), u(to))).toBe(expected);
  });

  it("the page a dialog sits on keeps its view params in a stable order", () => {
    expect(withoutLetterDialog(u(`${room}/letters?student=a&score=raw&test=letter-names&period=MOY`))).toBe(`${room}?period=MOY&score=raw`);
  });
});
