import { describe, expect, it } from "vitest";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { action as loginAction } from "#app/routes/login";
import { SIGN_IN_SLOWDOWN, tooManyAttempts } from "#app/domain/rate-limit";
import { SOCKET_ADDRESS_HEADER } from "#app/server/client-address.server";
import { makeDistrict, makeSchool, makeUser } from "./support/fixtures";
import { TEST_PASSWORD } from "./support/test-api";
import { freshApi } from "./support/world";
import { first } from "#app/domain/presence";

// Issue 35 item 14: anyone who knew an email could lock its owner out for 15 minutes with 10 wrong
// passwords (the right one was refused with 429 until the window passed). Failures now slow the
// account down instead: a few are free, then each further attempt waits a delay since the last
// failure that doubles up to a cap (SIGN_IN_SLOWDOWN), answered 429 with Retry-After and the real
// wait in the message; a right password is accepted once the delay has passed, and at once from a
// browser that signed in to the account before.

(globalThis as Record<symbol, unknown>)[Symbol.for("literacy.socketAddressStamped")] = true;

let address = 0;

process.env.SESSION_SECRET ??= "sign-in-slowdown-test-secret";
const { handle, t } = await freshApi();
setApiAppForTests(t.api, t.deps);
const organizationId: string = (await makeDistrict(handle.db)).organization_id;
const schoolId: string = (await makeSchool(handle.db, organizationId)).organization_unit_id;

const fresh = () => {
  t.clock.now = new Date(t.clock.now.getTime() + 60 * 60_000);
};
const later = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};
const teacher = () => makeUser(handle.db, { role: "TEACHER", organizationId, schoolIds: [schoolId] });
/** Every attacker's attempt from an address of its own, so only the account's slow-down applies. */
const attacker = () => ({ [SOCKET_ADDRESS_HEADER]: `198.18.${Math.floor(++address / 250)}.${(address % 250) + 1}` });
const OWNER = { [SOCKET_ADDRESS_HEADER]: "203.0.113.77" };

async function signIn(username: string, password: string, headers: Record<string, string>, devices?: string[]) {
  const res = await t.call("POST", "/dashboard/login", { body: { username, password, ...(devices ? { devices } : {}) }, headers });
  const body = (await res.json()) as { message?: string; device?: string };
  return { status: res.status, retryAfter: res.headers.get("retry-after"), message: body.message ?? null, device: body.device ?? null };
}

/** An attacker who sends wrong passwords as fast as the account allows, waiting exactly the Retry-After it is told. */
async function guess(email: string, failures: number) {
  const waits: number[] = [];
  for (let done = 0; done < failures;) {
    const a = await signIn(email, "Wrong#Password1", attacker());
    // Refused as a wrong password, or told to wait.
    expect([401, 429]).toContain(a.status);
    if (a.status === 401) {
      done++;
      continue;
    }
    waits.push(Number(a.retryAfter));
    later(Number(a.retryAfter) * 1000);
  }
  return waits;
}

describe(`failed sign-ins slow an account down instead of locking it (${process.env.TEST_DB_ENGINE})`, () => {
  it("after 10 wrong passwords the owner's right one is accepted within the capped wait, not refused for 15 minutes", async () => {
    fresh();
    const owner = await teacher();
    await guess(owner.email, 10);
    const held = await signIn(owner.email, TEST_PASSWORD, OWNER);
    expect(held.status).toBe(429);
    const wait = Number(held.retryAfter);
    expect(wait).toBeGreaterThan(0);
    expect(wait * 1000).toBeLessThanOrEqual(SIGN_IN_SLOWDOWN.maxDelayMs);
    expect(held.message).toBe(tooManyAttempts(wait * 1000));
    later(wait * 1000);
    expect((await signIn(owner.email, TEST_PASSWORD, OWNER)).status).toBe(200);
  });

  it("lets the free failures through, then waits 2, 4, 8, 16, 32 and 60 seconds since the last failure, never more", async () => {
    fresh();
    const user = await teacher();
    const waits = await guess(user.email, SIGN_IN_SLOWDOWN.freeFailures + 10);
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60, 60, 60]);
  });

  it("says the real wait, counting down, and a refused attempt neither counts nor pushes the wait further", async () => {
    fresh();
    const user = await teacher();
    await guess(user.email, SIGN_IN_SLOWDOWN.freeFailures + 2); // the next wait: 8 s
    for (let i = 0; i < 30; i++) {
      const a = await signIn(user.email, "Wrong#Password1", attacker());
      expect([a.status, a.retryAfter, a.message]).toEqual([429, "8", "Too many attempts. Please wait 8 seconds and try again."]);
    }
    later(5_000);
    const a = await signIn(user.email, TEST_PASSWORD, OWNER);
    expect([a.status, a.retryAfter, a.message]).toEqual([429, "3", "Too many attempts. Please wait 3 seconds and try again."]);
    later(3_000);
    expect((await signIn(user.email, TEST_PASSWORD, OWNER)).status).toBe(200);
    // A right password forgets the failures: the next typo is free again.
    expect((await signIn(user.email, "Typo#Password1", OWNER)).status).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD, OWNER)).status).toBe(200);
  });

  it("a browser that signed in to the account before is not held up by an attacker at the cap", async () => {
    fresh();
    const owner = await teacher();
    const first = await signIn(owner.email, TEST_PASSWORD, OWNER);
    expect(first.status).toBe(200);
    expect(first.device).toEqual(expect.any(String));
    await guess(owner.email, SIGN_IN_SLOWDOWN.freeFailures + 8);
    // Another browser waits like the attacker; the owner's own signs in at once.
    expect((await signIn(owner.email, TEST_PASSWORD, OWNER)).status).toBe(429);
    const known = await signIn(owner.email, TEST_PASSWORD, OWNER, ["not-a-token", first.device!]);
    expect(known.status).toBe(200);
    expect(known.device).toBe(first.device);
    // The token is the account's: for another account it is no token at all.
    const other = await teacher();
    await guess(other.email, SIGN_IN_SLOWDOWN.freeFailures + 3);
    expect((await signIn(other.email, TEST_PASSWORD, OWNER, [first.device!])).status).toBe(429);
    // Nor does it exempt wrong passwords from the browser's own slow-down.
    const answers: [number, string | null][] = [];
    for (let i = 0; i < SIGN_IN_SLOWDOWN.freeFailures + 1; i++) {
      const a = await signIn(owner.email, "Wrong#Password1", OWNER, [first.device!]);
      answers.push([a.status, a.retryAfter]);
    }
    // Its free failures are refused as wrong passwords; the next one waits 2 seconds.
    expect(answers).toEqual([...Array.from({ length: SIGN_IN_SLOWDOWN.freeFailures }, () => [401, null]), [429, "2"]]);
  });
});

describe(`the login page (${process.env.TEST_DB_ENGINE})`, () => {
  /** Posts the login form as a browser would, with its cookies: the redirect or the form's error, and the cookies set. */
  async function postLogin(email: string, password: string, cookie = "") {
    const result = await loginAction({
      request: new Request("http://localhost/login", {
        method: "POST",
        headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams({ email, password, attempt: "0" }),
      }),
      context: {},
      params: {},
    });
    if (result instanceof Response) {
      const cookies = result.headers.getSetCookie().map((c) => first(c.split(";"), "a cookie"));
      return {
        redirect: result.headers.get("location"),
        formError: null,
        devices: cookies.find((c) => c.startsWith("sign_in_devices=")) ?? null,
      };
    }
    return { redirect: null, formError: (result as { formError: string | null }).formError, devices: null };
  }

  it("says the real wait, and lets the owner in at once from the browser they signed in with before", async () => {
    fresh();
    const owner = await teacher();
    const first = await postLogin(owner.email, TEST_PASSWORD);
    expect(first.redirect).toBe(`/school/${schoolId}`);
    expect(first.devices).toMatch(/^sign_in_devices=[\w-]+\.[\w-]+$/);
    await guess(owner.email, SIGN_IN_SLOWDOWN.freeFailures + 8);
    const elsewhere = await postLogin(owner.email, TEST_PASSWORD);
    expect(elsewhere.formError).toMatch(/^Too many attempts\. Please wait (\d+ seconds|1 minute) and try again\.$/);
    const known = await postLogin(owner.email, TEST_PASSWORD, first.devices!);
    expect(known.redirect).toBe(`/school/${schoolId}`);
  });
});
