import { describe, expect, it } from "vitest";
import { serverMessage } from "./server-message";

describe("serverMessage", () => {
  it.each([
    [{ message: "School name taken" }, "School name taken"],
    [{ errors: ["first problem", "second"] }, "first problem"],
    [{ message: "", errors: ["from errors"] }, "from errors"],
    [{ message: "email must be an isEmail value" }, "Please enter a valid email address."],
    [{ errors: ["isEmail failed"] }, "Please enter a valid email address."],
    [{}, "Unexpected Server Error"],
    [null, "Unexpected Server Error"],
    ["plain text", "Unexpected Server Error"],
  ])("%o -> %s", (body, expected) => {
    expect(serverMessage(body)).toBe(expected);
  });
});
