import { afterAll, describe, expect, it } from "vitest";
import { ROSTER_LIMITS } from "#app/api/resources/rostering";
import { ZIP_MESSAGES } from "#app/api/roster-zip";
import { SOCKET_ADDRESS_HEADER } from "#app/server/client-address.server";
import { makeDistrict } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { freshApi } from "./support/world";
import { itemAt } from "#app/domain/presence";

// Issue 33 item 3, the roster upload's per-address limit (tests/api/rate-limit-burst.test.ts holds
// the per-district one): 45 uploads sent at once got 32 through a limit of 30, as each counted the
// recent uploads in one statement and recorded its own in another. N+20 uploads from one address
// sent at once, spread over districts so that no district's own limit is reached: exactly N are read.

(globalThis as Record<symbol, unknown>)[Symbol.for("literacy.socketAddressStamped")] = true;
const data = useTempDataDir();
const { handle, t } = await freshApi();
afterAll(() => data.cleanup());

describe(`roster upload limit per address under a burst (${process.env.TEST_DB_ENGINE})`, () => {
  it(`${ROSTER_LIMITS.ip.max + 20} anonymous uploads from one address at once: ${ROSTER_LIMITS.ip.max} are read`, async () => {
    const max = ROSTER_LIMITS.ip.max;
    const perDistrict = ROSTER_LIMITS.district.max - 1;
    const districts = await Promise.all(Array.from({ length: Math.ceil((max + 20) / perDistrict) }, () => makeDistrict(handle.db)));
    const answers = await Promise.all(
      Array.from({ length: max + 20 }, (_, i) => {
        const d = itemAt(districts, i % districts.length, "a district");
        // Not a zip: refused after the limits are counted, which is all an upload needs to count.
        return t.call("POST", "/roster-stream-old/process-roster-file", {
          body: {
            districtId: d.organization_id,
            districtName: d.name,
            fileName: "roster.zip",
            file: Buffer.from("not a zip at all").toString("base64"),
          },
          headers: { [SOCKET_ADDRESS_HEADER]: "198.51.100.33" },
        });
      }),
    );
    const LIMITED = /^Too many attempts\. Please wait \d+ (minute|hour)s? and try again\.$/;
    const seen = await Promise.all(
      answers.map(async (a) => {
        const { message } = (await a.json()) as { message: string };
        const limited = a.status === 429 && LIMITED.test(message);
        return { limited, answer: limited ? "limited" : `${a.status} ${message}`, retryAfter: a.headers.get("retry-after") };
      }),
    );
    const limited = seen.filter((s) => s.limited);
    const counted = seen.filter((s) => !s.limited);
    expect(limited).toHaveLength(20);
    expect(limited.every((s) => Number(s.retryAfter) > 0)).toBe(true);
    expect(counted).toHaveLength(max);
    // Past the limit means read and refused for what the file holds, or told that the server is
    // reading other rosters (one read at a time per process): never let through otherwise.
    expect([...new Set(counted.map((s) => s.answer))].sort()).toEqual(expect.arrayContaining([`422 ${ZIP_MESSAGES.notZip}`]));
    for (const s of counted) expect([`422 ${ZIP_MESSAGES.notZip}`, `429 ${ZIP_MESSAGES.busy}`]).toContain(s.answer);
  });
});
