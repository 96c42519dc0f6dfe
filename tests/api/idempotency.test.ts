import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
// remix-serve's own adapter (a dependency of @remix-run/serve): how every request of `npm start` reaches the app.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import express from "express";
import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "#app/domain/roles";
import { apiWorld } from "./support/world";

// Issue 13 item 5: a create form submitted twice (a double click before JavaScript loads) must
// not create two records. Every create call honours an Idempotency-Key header: the same key from
// the same caller answers the first result again and writes nothing; a blank key is refused.

const { handle, t, w } = await apiWorld();
const su: string = await t.login(w.superAdmin.email);
const da: string = await t.login(w.districtAdmin.email);

let n = 0;
const key = () => `key-${process.pid}-${++n}-${Date.now()}`;
const post = (path: string, body: unknown, headers: Record<string, string>, token = da) => t.call("POST", path, { token, body, headers });

/** Every create call of the administration forms: its path, a fresh body, and how to count its rows. */
const creates = () => {
  const tag = `${Date.now()}-${++n}`;
  return [
    {
      path: "/organization",
      token: su,
      body: { name: `Idem District ${tag}`, state: "WA" },
      count: () => handle.db.selectFrom("organization").where("name", "=", `Idem District ${tag}`).select("organization_id").execute(),
    },
    {
      path: "/organizationUnit",
      token: da,
      body: { organizationId: w.district.organization_id, name: `Idem School ${tag}` },
      count: () =>
        handle.db.selectFrom("organization_unit").where("name", "=", `Idem School ${tag}`).select("organization_unit_id").execute(),
    },
    {
      path: "/user",
      token: da,
      body: {
        organizationId: w.district.organization_id,
        firstName: "Idem",
        lastName: `User ${tag}`,
        email: `idem.${tag}@test.example`,
        roles: [ROLE_IDS.TEACHER],
        organizationUnitIds: [w.schoolA.organization_unit_id],
      },
      count: () => handle.db.selectFrom("app_user").where("last_name", "=", `User ${tag}`).select("user_id").execute(),
    },
    {
      path: "/participantGroups",
      token: da,
      body: { name: `Idem Class ${tag}`, organizationUnitId: w.schoolA.organization_unit_id, participantGroupType: "CLASSROOM" },
      count: () =>
        handle.db.selectFrom("participant_group").where("name", "=", `Idem Class ${tag}`).select("participant_group_id").execute(),
    },
    {
      path: "/participants",
      token: da,
      body: {
        firstName: "Idem",
        lastName: `Student ${tag}`,
        dateOfBirth: "05/17/2019",
        grade: "K",
        organizationUnitId: w.schoolA.organization_unit_id,
        participantGroupIds: [],
      },
      count: () => handle.db.selectFrom("participant").where("last_name", "=", `Student ${tag}`).select("participant_id").execute(),
    },
  ];
};

/** The create call of `path`, with a fresh body. */
const create = (path: string) => {
  const c = creates().find((x) => x.path === path);
  if (!c) throw new Error(`No create call for ${path}`);
  return c;
};

describe(`idempotent creates (${process.env.TEST_DB_ENGINE})`, () => {
  it.each(["/organization", "/organizationUnit", "/user", "/participantGroups", "/participants"])(
    "POST %s twice with one key: the first answer again, one row",
    async (path) => {
      const c = create(path);
      const headers = { "idempotency-key": key() };
      const first = await post(c.path, c.body, headers, c.token);
      expect(first.status).toBe(201);
      const firstBody = await first.json();
      const second = await post(c.path, c.body, headers, c.token);
      expect(second.status).toBe(201);
      expect(await second.json()).toEqual(firstBody);
      expect(second.headers.get("idempotent-replayed")).toBe("true");
      expect(await c.count()).toHaveLength(1);
    },
  );

  it("two submits at the same moment still make one row, and both answer it", async () => {
    const c = create("/participantGroups");
    const headers = { "idempotency-key": key() };
    const answers = await Promise.all([post(c.path, c.body, headers), post(c.path, c.body, headers), post(c.path, c.body, headers)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(new Set(bodies.map((b: { participantGroupId: string }) => b.participantGroupId)).size).toBe(1);
    expect(await c.count()).toHaveLength(1);
  });

  it("without a key, each call creates (scripts that do not send one keep working)", async () => {
    const c = create("/participants");
    expect((await post(c.path, c.body, {})).status).toBe(201);
    expect((await post(c.path, c.body, {})).status).toBe(201);
    expect(await c.count()).toHaveLength(2);
  });

  it.each(["", "   "])("refuses a blank key %j and creates nothing", async (blank) => {
    const c = create("/organizationUnit");
    const res = await post(c.path, c.body, { "idempotency-key": blank });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Idempotency-Key must not be blank.");
    expect(await c.count()).toHaveLength(0);
  });

  it.each(["", "   "])("over HTTP, as remix-serve passes it on, refuses a blank key %j and creates nothing", async (blank) => {
    // Issue 33: the adapter dropped an empty header (and Node trims "   " to ""), so over the wire
    // a blank key reached the API as no key and the create ran.
    const app = express();
    app.all("*", async (req, res) => sendRemixResponse(res, await t.api.fetch(createRemixRequest(req, res))));
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const c = create("/organizationUnit");
      const payload = JSON.stringify(c.body);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port: (server.address() as AddressInfo).port,
            method: "POST",
            path: `/api${c.path}`,
            headers: { authorization: `Bearer ${da}`, "content-type": "application/json", "idempotency-key": blank },
          },
          (res) => {
            let body = "";
            res.on("data", (chunk) => (body += chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on("error", reject);
        req.end(payload);
      });
      expect(answer).toEqual({ status: 400, body: JSON.stringify({ message: "Idempotency-Key must not be blank." }) });
      expect(await c.count()).toHaveLength(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("a key belongs to its caller: another caller's same key is a new request", async () => {
    const headers = { "idempotency-key": key() };
    const [mine, theirs] = [create("/participantGroups"), create("/participantGroups")];
    const a = await post(mine.path, mine.body, headers, da);
    const b = await post(theirs.path, theirs.body, headers, su);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect(await mine.count()).toHaveLength(1);
    expect(await theirs.count()).toHaveLength(1);
  });

  it("refuses a key reused for a different request, and creates nothing for it", async () => {
    const headers = { "idempotency-key": key() };
    const [first, other] = [create("/participantGroups"), create("/participantGroups")];
    expect((await post(first.path, first.body, headers)).status).toBe(201);
    const reused = await post(other.path, other.body, headers);
    expect(reused.status).toBe(422);
    expect((await reused.json()).message).toBe("This Idempotency-Key was already used for a different request.");
    expect(await other.count()).toHaveLength(0);
  });

  it("a refused request is not remembered: the same key may try again once the input is fixed", async () => {
    const headers = { "idempotency-key": key() };
    const c = create("/participantGroups");
    const refused = await post(c.path, { ...c.body, name: "   " }, headers);
    expect(refused.status).toBe(400);
    const fixed = await post(c.path, c.body, headers);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
    expect(await c.count()).toHaveLength(1);
  });
});
