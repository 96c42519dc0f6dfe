import { describe, expect, it } from "vitest";
import { LIMITS } from "#app/api/rate-limit";
import { SOCKET_ADDRESS_HEADER } from "#app/server/client-address.server";
import { makeDistrict, makeSchool, makeUser } from "./support/fixtures";
import { TEST_PASSWORD } from "./support/test-api";
import { freshApi } from "./support/world";

// Issue 14: sign-in limits were keyed on the client's own X-Forwarded-For: no header meant no
// per-address limit, and a new header per attempt bypassed it. The address is now the socket's
// (stamped by scripts/client-address.mjs, as in a running server) or the hop a trusted proxy
// appended; only failures count, so a school behind one NAT address signs in at 8 a.m.

(globalThis as Record<symbol, unknown>)[Symbol.for("literacy.socketAddressStamped")] = true;

let n = 0;

const { handle, t } = await freshApi();
const organizationId: string = (await makeDistrict(handle.db)).organization_id;
const schoolId: string = (await makeSchool(handle.db, organizationId)).organization_unit_id;

const fresh = () => {
  // Every test starts in a window of its own.
  t.clock.now = new Date(t.clock.now.getTime() + 60 * 60_000);
  delete process.env.TRUST_PROXY;
};
const teacher = () => makeUser(handle.db, { role: "TEACHER", organizationId, schoolIds: [schoolId] });
const signIn = (username: string, password: string, headers: Record<string, string>) =>
  t.call("POST", "/dashboard/login", { body: { username, password }, headers });
const fail = (headers: Record<string, string>) => signIn(`nobody-${++n}@test.example`, "Wrong#Password1", headers);

describe(`per-address sign-in limit (${process.env.TEST_DB_ENGINE})`, () => {
  it("applies to a client that sends no X-Forwarded-For", async () => {
    fresh();
    const socket = { [SOCKET_ADDRESS_HEADER]: "203.0.113.10" };
    for (let i = 0; i < LIMITS.loginIp.max; i++) expect((await fail(socket)).status).toBe(401);
    const user = await teacher();
    const blocked = await signIn(user.email, TEST_PASSWORD, socket);
    expect(blocked.status).toBe(429);
    // The real wait (issue 35 item 14): the 50 failures were made at one instant, and leave the window in 15 minutes.
    expect(blocked.headers.get("retry-after")).toBe(String(LIMITS.loginIp.windowMs / 1000));
    expect((await blocked.json()).message).toBe("Too many attempts. Please wait 15 minutes and try again.");
    // Another address is not held up.
    expect((await signIn(user.email, TEST_PASSWORD, { [SOCKET_ADDRESS_HEADER]: "203.0.113.11" })).status).toBe(200);
  });

  it("is not bypassed by a new X-Forwarded-For at every attempt", async () => {
    fresh();
    const socket = "203.0.113.20";
    for (let i = 0; i < LIMITS.loginIp.max; i++) {
      expect((await fail({ [SOCKET_ADDRESS_HEADER]: socket, "x-forwarded-for": `198.18.${i}.${i}` })).status).toBe(401);
    }
    const user = await teacher();
    const res = await signIn(user.email, TEST_PASSWORD, { [SOCKET_ADDRESS_HEADER]: socket, "x-forwarded-for": "198.18.200.1" });
    expect(res.status).toBe(429);
  });

  it("with TRUST_PROXY=1, counts the hop the proxy appended, whatever the client wrote before it", async () => {
    fresh();
    process.env.TRUST_PROXY = "1";
    try {
      const proxy = "10.0.0.2";
      for (let i = 0; i < LIMITS.loginIp.max; i++) {
        const res = await fail({ [SOCKET_ADDRESS_HEADER]: proxy, "x-forwarded-for": `6.6.${i}.1, 198.51.100.30` });
        expect(res.status).toBe(401);
      }
      const user = await teacher();
      expect((await signIn(user.email, TEST_PASSWORD, { [SOCKET_ADDRESS_HEADER]: proxy, "x-forwarded-for": "198.51.100.30" })).status).toBe(
        429,
      );
      // Another visitor behind the same proxy is not.
      expect((await signIn(user.email, TEST_PASSWORD, { [SOCKET_ADDRESS_HEADER]: proxy, "x-forwarded-for": "198.51.100.31" })).status).toBe(
        200,
      );
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });

  it("lets 60 teachers of one school behind one NAT address sign in at 8 a.m., a few typos included", async () => {
    fresh();
    const nat = { [SOCKET_ADDRESS_HEADER]: "198.51.100.40" };
    const teachers = [];
    for (let i = 0; i < 60; i++) teachers.push(await teacher());
    for (const [i, user] of teachers.entries()) {
      // Every sixth teacher mistypes first.
      const passwords = i % 6 === 0 ? ["Typo#Password1", TEST_PASSWORD] : [TEST_PASSWORD];
      const statuses = [];
      for (const password of passwords) statuses.push((await signIn(user.email, password, nat)).status);
      expect(statuses, `teacher ${i + 1}`).toEqual(passwords.map((p) => (p === TEST_PASSWORD ? 200 : 401)));
    }
  });
});

// Issue 33 item 4: a budget of 1,000 failures across all accounts and addresses locked everyone out
// once full, and a burst from one address filled it (its own limit was beaten by sending at once).
// There is no such budget any more: a spray's cost is bounded per account, per address and by the
// hashing queue (sign-in-busy.test.ts), and a right password is never held up by other people's failures.
describe(`failures elsewhere never lock out a right password (${process.env.TEST_DB_ENGINE})`, () => {
  it("one address that used up its budget at once does not hold up another user's sign-in", async () => {
    fresh();
    const attacker = { [SOCKET_ADDRESS_HEADER]: "192.0.2.66" };
    const victim = await teacher();
    // Sent at once, well past the address's limit (the old global budget was 1,000 failures).
    const answers = await Promise.all(Array.from({ length: 1020 }, () => fail(attacker)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LIMITS.loginIp.max);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 503)).toBe(true);
    // One at a time, the address uses up what the burst left of its budget; then it is held.
    let held = false;
    for (let i = 0; i <= LIMITS.loginIp.max && !held; i++) held = (await fail(attacker)).status === 429;
    expect(held).toBe(true);
    expect((await signIn(victim.email, TEST_PASSWORD, attacker)).status).toBe(429);
    // The victim, from their school, signs in.
    expect((await signIn(victim.email, TEST_PASSWORD, { [SOCKET_ADDRESS_HEADER]: "192.0.2.99" })).status).toBe(200);
  });
});

describe("socket address header", () => {
  it("is believed only in a process the preload marked", async () => {
    const { requestClientAddress } = await import("#app/server/client-address.server");
    const headers = new Headers({ [SOCKET_ADDRESS_HEADER]: "203.0.113.1", "x-forwarded-for": "6.6.6.6" });
    expect(requestClientAddress(headers, {})).toBe("203.0.113.1");
    const marker = Symbol.for("literacy.socketAddressStamped");
    (globalThis as Record<symbol, unknown>)[marker] = undefined;
    try {
      expect(requestClientAddress(headers, {})).toBeNull();
    } finally {
      (globalThis as Record<symbol, unknown>)[marker] = true;
    }
  });
});
