// Remix's own check of an action's Origin (internal, but the one every POST passes).
import { throwIfPotentialCSRFAttack } from "@remix-run/server-runtime/dist/actions.js";
import { describe, expect, it, vi } from "vitest";
import {
  CrossSiteRefusal,
  createNonce,
  crossSiteRefusal,
  frameOrigin,
  isAccountPath,
  isRemixCsrfError,
  NON_PAGE_CSP,
  nonPageSecurityHeaders,
  pageCsp,
  pageSecurityHeaders,
  servedOverHttps,
  withHeaders,
} from "./security-headers.server";

const directives = (csp: string) => new Map(csp.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const));

describe("createNonce", () => {
  it("is 128 random bits in base64, new each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});

describe("pageCsp", () => {
  const csp = directives(pageCsp({ nonce: "abc123" }));
  it.each([
    ["script-src", ["'self'", "'nonce-abc123'"]],
    ["default-src", ["'self'"]],
    ["media-src", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
    ["frame-src", ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
  ])("%s is %j", (name, values) => {
    expect(csp.get(name)).toEqual(values);
  });

  it("never lets inline scripts run without the nonce", () => {
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("allows frames from the support form's origin only", () => {
    expect(directives(pageCsp({ nonce: "n", frameSources: ["https://forms.example"] })).get("frame-src")).toEqual([
      "https://forms.example",
    ]);
  });
});

describe("frameOrigin", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["not a url", null],
    ["javascript:alert(1)", null],
    ["https://forms.example/path?x=1", "https://forms.example"],
    ["http://intranet.local:8080/form", "http://intranet.local:8080"],
  ])("%j → %j", (url, origin) => {
    expect(frameOrigin(url)).toBe(origin);
  });
});

describe("isAccountPath", () => {
  it.each([
    ["/reset-password", true],
    ["/reset-password/", true],
    ["/reset-password.data", true],
    ["/login", true],
    ["/login-callback", true],
    ["/forgot-password", true],
    ["/register", true],
    ["/complete-new-password", true],
    ["/school/1", false],
    ["/", false],
    ["/logout", false],
  ])("%s → %s", (path, expected) => {
    expect(isAccountPath(path)).toBe(expected);
  });
});

describe("servedOverHttps", () => {
  it.each([
    ["https://app.example/x", undefined, true],
    ["http://localhost:3000/x", undefined, false],
    ["http://localhost:3000/x", "http://localhost:3000", false],
    ["http://10.0.0.5:3000/x", "https://screening.district.example", true],
    ["http://localhost/x", "garbage", false],
  ])("%s with PUBLIC_URL %s → %s", (url, publicUrl, expected) => {
    expect(servedOverHttps(url, publicUrl)).toBe(expected);
  });
});

describe("pageSecurityHeaders", () => {
  const page = (url: string, env: Record<string, string | undefined> = {}, headers = new Headers()) =>
    pageSecurityHeaders(new Request(url), headers, "NONCE", env);

  it("sets every header a page needs", () => {
    const h = page("http://localhost:3000/school/1");
    expect(h.get("Content-Security-Policy")).toContain("'nonce-NONCE'");
    expect(h.get("X-Frame-Options")).toBe("DENY");
    expect(h.get("X-Content-Type-Options")).toBe("nosniff");
    expect(h.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(h.get("Cache-Control")).toBe("no-store");
    expect(h.has("Strict-Transport-Security")).toBe(false);
  });

  it("sends no referrer off the site from account pages (and keeps Origin on their form posts)", () => {
    expect(page("http://localhost:3000/reset-password?email=a@b.c&code=XYZ").get("Referrer-Policy")).toBe("same-origin");
  });

  it("overrides a caching header a loader set", () => {
    expect(page("http://localhost/", {}, new Headers({ "Cache-Control": "public, max-age=600" })).get("Cache-Control")).toBe("no-store");
  });

  it("adds HSTS over HTTPS (own scheme or PUBLIC_URL)", () => {
    expect(page("https://app.example/").get("Strict-Transport-Security")).toBe("max-age=31536000");
    expect(page("http://internal/", { PUBLIC_URL: "https://app.example" }).get("Strict-Transport-Security")).toBe("max-age=31536000");
  });

  it("names the support form's origin as the only frame source", () => {
    const csp = page("http://localhost/customer-support", { SUPPORT_FORM_URL: "https://crm.example/form/42" }).get(
      "Content-Security-Policy",
    )!;
    expect(directives(csp).get("frame-src")).toEqual(["https://crm.example"]);
  });
});

describe("nonPageSecurityHeaders", () => {
  it("allows nothing to run or frame the answer, sends no referrer, caches nothing", () => {
    const h = nonPageSecurityHeaders(
      new Request("http://localhost/api/x"),
      new Headers({ "Cache-Control": "private, max-age=60" }),
      undefined,
    );
    expect(h.get("Content-Security-Policy")).toBe(NON_PAGE_CSP);
    expect(h.get("X-Frame-Options")).toBe("DENY");
    expect(h.get("X-Content-Type-Options")).toBe("nosniff");
    expect(h.get("Referrer-Policy")).toBe("no-referrer");
    expect(h.get("Cache-Control")).toBe("no-store");
  });
});

describe("withHeaders", () => {
  it("changes a response in place when it can", () => {
    const res = new Response("x");
    expect(withHeaders(res, (h) => h.set("X-A", "1"))).toBe(res);
    expect(res.headers.get("X-A")).toBe("1");
  });

  it("copies a response whose headers are immutable", () => {
    const res = Response.redirect("http://localhost/next", 302);
    const out = withHeaders(res, (h) => h.set("X-A", "1"));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("http://localhost/next");
    expect(out.headers.get("X-A")).toBe("1");
  });
});

describe("Remix's cross-site refusal", () => {
  it.each([
    ["host header does not match `origin` header from a forwarded action request. Aborting the action.", true],
    ["x-forwarded-host header does not match `origin` header from a forwarded action request. Aborting the action.", true],
    ["`x-forwarded-host` or `host` headers are not provided. One of these is needed…", true],
    ["Something else broke", false],
  ])("%s → %s", (message, expected) => {
    expect(isRemixCsrfError(new Error(message))).toBe(expected);
  });

  it("is not mistaken for a thrown Response or string", () => {
    expect(isRemixCsrfError(new Response("host header does not match `origin` header"))).toBe(false);
    expect(isRemixCsrfError("header does not match `origin` header from a forwarded action request")).toBe(false);
  });

  // Issue 33: Remix reads the Origin with `new URL()`, which throws on a port past 65535 or one
  // that is not a number; that TypeError answered an empty 500.
  it.each(["http://localhost:99999", "http://localhost:abc", "http://[::1"])("an unreadable Origin (%s) is refused too", (origin) => {
    const request = new Request("http://localhost/login", { method: "POST", headers: { origin, host: "localhost" } });
    let thrown: unknown;
    try {
      throwIfPotentialCSRFAttack(request.headers);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect(isRemixCsrfError(thrown, request)).toBe(true);
    // The same error for another request's Origin is not this refusal.
    const other = new Request("http://localhost/login", { method: "POST", headers: { origin: "http://localhost:3000" } });
    expect(isRemixCsrfError(thrown, other)).toBe(false);
    expect(isRemixCsrfError(new TypeError("Invalid URL"), request)).toBe(false);
  });

  it("becomes a 403 carrying the security headers", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const refusal = crossSiteRefusal(new Request("http://localhost/login", { method: "POST", headers: { origin: "http://evil.example" } }));
    expect(refusal).toBeInstanceOf(CrossSiteRefusal);
    expect(refusal.status).toBe(403);
    expect(refusal.headers["x-frame-options"]).toBe("DENY");
    expect(refusal.headers["cache-control"]).toBe("no-store");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("evil.example"));
    warn.mockRestore();
  });
});
