import { describe, expect, it } from "vitest";
import { ACCENTED, foldAccents, UNACCENTED } from "./accents";

describe("foldAccents", () => {
  it.each([
    ["José", "Jose"],
    ["JOSÉ", "JOSE"],
    ["Zoë Ñúñez", "Zoe Nunez"],
    ["Łukasz Øster", "Lukasz Oster"],
    ["Çağrı Şahin", "Cagri Sahin"],
    ["Jose\u0301", "Jose"], // e + combining acute
    ["O'Brien-Smith 42%", "O'Brien-Smith 42%"],
    ["Nguyễn Thị Ánh", "Nguyen Thi Anh"],
    ["Straße", "Straße"], // ß is its own letter: searched as typed
  ])("%s → %s", (text, folded) => expect(foldAccents(text)).toBe(folded));

  it("gives translate() one base letter for each accented letter", () => {
    expect([...ACCENTED]).toHaveLength([...UNACCENTED].length);
    expect(UNACCENTED).toMatch(/^[A-Za-z]+$/);
    expect([...ACCENTED].length).toBeGreaterThan(150);
  });
});
