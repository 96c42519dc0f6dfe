import { describe, expect, it } from "vitest";
import { cameOverHttps, cookieSecurity, insecureConnectionMessage, isLoopbackHost, parseCookieSecure } from "./cookie-security";

describe("parseCookieSecure", () => {
  it.each([
    [undefined, "auto"],
    ["", "auto"],
    ["auto", "auto"],
    ["true", true],
    [" TRUE ", true],
    ["1", true],
    ["false", false],
    ["False", false],
    ["0", false],
    ["yes please", "auto"],
  ] as const)("%o -> %o", (value, expected) => {
    expect(parseCookieSecure(value)).toBe(expected);
  });
});

describe("cameOverHttps", () => {
  it.each([
    [{ url: "https://dash.example/login" }, true],
    [{ url: "http://dash.example/login" }, false],
    [{ url: "http://dash.example/login", forwardedProto: "https" }, true],
    [{ url: "http://dash.example/login", forwardedProto: "HTTPS, http" }, true],
    [{ url: "http://dash.example/login", forwardedProto: "http, https" }, false],
    // A proxy's "http" never downgrades a request that did come over HTTPS.
    [{ url: "https://dash.example/login", forwardedProto: "http" }, true],
  ])("%o -> %s", (request, expected) => {
    expect(cameOverHttps(request)).toBe(expected);
  });
});

describe("isLoopbackHost", () => {
  it.each([
    ["localhost", true],
    ["app.localhost", true],
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["[::1]", true],
    ["school.test", false],
    ["10.0.0.5", false],
    ["localhost.example", false],
  ])("%s -> %s", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe("cookieSecurity", () => {
  it.each([
    // setting, PUBLIC_URL, request → Secure, browser keeps it
    ["auto", undefined, { url: "http://10.0.0.5:3000/login" }, false, true],
    ["auto", "http://10.0.0.5:3000", { url: "http://school.test:3000/login" }, false, true],
    ["auto", undefined, { url: "https://dash.example/login" }, true, true],
    ["auto", undefined, { url: "http://dash.example/login", forwardedProto: "https" }, true, true],
    // An https public address: Secure everywhere; a plain-HTTP visit by the intranet address cannot keep it.
    ["auto", "https://dash.example", { url: "http://dash.example/login", forwardedProto: "https" }, true, true],
    ["auto", "https://dash.example", { url: "http://10.0.0.5:3000/login" }, true, false],
    ["auto", "https://dash.example", { url: "http://localhost:3000/login" }, true, true],
    // Forced.
    [true, undefined, { url: "http://school.test:3000/login" }, true, false],
    [true, undefined, { url: "http://127.0.0.1:3000/login" }, true, true],
    [true, "http://school.test", { url: "https://school.test/login" }, true, true],
    [false, "https://dash.example", { url: "https://dash.example/login" }, false, true],
  ] as const)("%o, PUBLIC_URL %o, %o -> secure %s, kept %s", (setting, publicUrl, request, secure, kept) => {
    expect(cookieSecurity(setting, publicUrl, request)).toEqual({ secure, browserKeepsIt: kept });
  });
});

describe("insecureConnectionMessage", () => {
  it("names the https address when there is one, else the settings to check", () => {
    expect(insecureConnectionMessage("https://dash.example/login")).toMatch(/Open https:\/\/dash\.example\/login instead\.$/);
    expect(insecureConnectionMessage(null)).toMatch(/PUBLIC_URL and COOKIE_SECURE settings\.$/);
  });
});
