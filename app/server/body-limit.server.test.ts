import { describe, expect, it } from "vitest";
import { ACCOUNT_BODY_LIMIT, apiBodyLimit, BODY_LIMIT, bodyTooLargeMessage, declaredOver, readFormData } from "./body-limit.server";

const form = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

async function refusal(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  const res = thrown as Response;
  return { status: res.status, text: await res.text() };
}

describe("apiBodyLimit", () => {
  it.each([
    ["/api/dashboard/login", ACCOUNT_BODY_LIMIT],
    ["/api/dashboard/forgot-password/new", ACCOUNT_BODY_LIMIT],
    ["/api/registerUser", ACCOUNT_BODY_LIMIT],
    ["/api/auth/callback/google", ACCOUNT_BODY_LIMIT],
    ["/api/participants", BODY_LIMIT],
    ["/api/participantTest/results", BODY_LIMIT],
    ["/api/registerUserX", BODY_LIMIT],
  ])("%s → %i", (path, limit) => {
    expect(apiBodyLimit(path)).toBe(limit);
  });
});

describe("bodyTooLargeMessage", () => {
  it.each([
    [BODY_LIMIT, "Request body too large: the limit is 1 MB."],
    [ACCOUNT_BODY_LIMIT, "Request body too large: the limit is 64 KB."],
  ])("%i → %s", (limit, message) => {
    expect(bodyTooLargeMessage(limit)).toBe(message);
  });
});

describe("declaredOver", () => {
  it.each([
    [null, false],
    ["10", false],
    ["100", false],
    ["101", true],
    ["abc", false],
    ["-5", false],
  ])("Content-Length %s over 100 → %s", (length, expected) => {
    expect(declaredOver(new Headers(length === null ? {} : { "content-length": length }), 100)).toBe(expected);
  });
});

describe("readFormData", () => {
  it("reads a form within the limit", async () => {
    const data = await readFormData(form("email=a%40b.example&attempt=2"), 100);
    expect(data.get("email")).toBe("a@b.example");
    expect(data.get("attempt")).toBe("2");
  });

  it("reads a multipart form", async () => {
    const body = new FormData();
    body.set("intent", "create");
    const request = new Request("http://localhost/x", { method: "POST", body });
    expect((await readFormData(request, 10_000)).get("intent")).toBe("create");
  });

  it("refuses a declared length over the limit without reading", async () => {
    let pulled = 0;
    const stream = new ReadableStream({
      pull(c) {
        pulled++;
        c.enqueue(new TextEncoder().encode("a=1&"));
      },
    });
    const out = await refusal(readFormData(form(stream, { "content-length": "5000" }), 100));
    expect(out).toEqual({ status: 413, text: "Request body too large: the limit is 100 B." });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading an undeclared body once past the limit", async () => {
    let pulled = 0;
    const stream = new ReadableStream({
      pull(c) {
        pulled++;
        if (pulled > 1000) return c.close();
        c.enqueue(new TextEncoder().encode("x".repeat(1024)));
      },
    });
    const out = await refusal(readFormData(form(stream), 10 * 1024));
    expect(out.status).toBe(413);
    expect(pulled).toBeLessThan(20);
  });

  it("answers 400 for a body that is not a form", async () => {
    const out = await refusal(
      readFormData(new Request("http://localhost/x", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }), 100),
    );
    expect(out).toEqual({ status: 400, text: "The form could not be read." });
  });
});
