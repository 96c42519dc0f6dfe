import { afterAll, describe, expect, it } from "vitest";
import { MAX_ROSTER_FILE_BYTES, MAX_ROSTER_ROWS, ZIP_MESSAGES } from "#app/api/roster-zip";
import { makeZip, oneRosterFiles, repeatedEntry, sampleDistrict } from "../support/oneroster-export";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// Issue 33, item 2: a 5.8 MB roster zip passed every cap of the time (15 MB zipped, 400 MB
// declared, 100:1 per entry) with 34 M empty rows in users.csv, 380 MB unpacked; the server kept
// every row in memory and died at 4.7 GB after 3 min 26 s. Here the bombs are made in the test and
// uploaded through the API while a teacher keeps reading a student's page: the upload is refused
// (422, naming the file and the bound) within seconds, the teacher's reads stay fast, and the
// process's memory does not grow by more than a roster read may hold.

const data = useTempDataDir();

const { t, w } = await apiWorld();
const teacherToken: string = await t.login(w.teacher.email);

afterAll(() => data.cleanup());

/** A users.csv header of eleven columns, and a row of eleven empty values (11 bytes), as in the attack. */
const USERS_HEADER = "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,givenName,familyName,email,grades\n";
const EMPTY_ROW = ",,,,,,,,,,\n";

/** The sample export with users.csv replaced by `rows` empty rows, deflated about 65 to 1 (under the 100:1 cap). */
function bomb(rows: number): Buffer {
  const others = [...oneRosterFiles(sampleDistrict("bomb"))].filter(([name]) => name !== "users.csv");
  return makeZip([...others.map(([name, text]) => ({ name, data: text })), repeatedEntry("users.csv", USERS_HEADER, EMPTY_ROW, rows)]);
}

const upload = (zip: Buffer) =>
  t.call("POST", "/roster-stream-old/process-roster-file", {
    body: { file: zip.toString("base64"), fileName: "roster.zip", districtName: w.district.name, districtId: w.district.organization_id },
  });

/** The teacher's page read: their own student. */
async function teacherRead(): Promise<number> {
  const start = performance.now();
  const res = await t.call("GET", `/participants/${w.studentA.participant_id}`, { token: teacherToken });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return performance.now() - start;
}

/**
 * Runs the uploads while the teacher reads one page after another until every upload has answered;
 * answers the uploads' statuses and bodies, the time until the last answer, the slowest read and
 * how many reads began before the uploads had all answered, and the process's peak memory growth.
 */
async function underLoad(zips: Buffer[]) {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const start = performance.now();
  let done = false;
  const uploads = Promise.all(
    zips.map(async (zip) => {
      const res = await upload(zip);
      return { status: res.status, body: (await res.json()) as { message: string } };
    }),
  ).finally(() => (done = true));
  const reads: number[] = [];
  let readsDuring = 0;
  while (!done) {
    // Each read is a new request, which arrives from the network once the event loop turns (on
    // PGlite, whose queries answer in microtasks, a bare loop of reads would never let the upload's
    // inflating, done on libuv's threads, report back).
    await new Promise(setImmediate);
    readsDuring++;
    reads.push(await teacherRead());
  }
  const answers = await uploads;
  const elapsedMs = performance.now() - start;
  sample();
  clearInterval(sampler);
  return {
    answers,
    elapsedMs,
    slowestReadMs: Math.max(...reads),
    readsDuring,
    rssGrowthMB: (peakRss - before.rss) / 2 ** 20,
    heapGrowthMB: (peakHeap - before.heapUsed) / 2 ** 20,
  };
}

/** What a roster read may add to the process: a refused bomb adds a few MB; before the fix it took 4.7 GB. */
const MEMORY_BOUND_MB = 200;
/**
 * Bounds with room for a machine busy with other test runs (on two shared cores at a load of 12,
 * the refusal took 0.8–4 s and the slowest read 1.1 s, most of it the upload's 7.7 MB JSON body);
 * before the fix no upload had answered after 30 s.
 */
const ANSWER_WITHIN_MS = 10_000;
const PAGE_WITHIN_MS = 2_000;

describe("a roster zip bomb (issue 33)", () => {
  it("the attack's shape, 34.5 M empty rows of users.csv (380 MB) in a 5.8 MB zip, is refused at once by its declared size", async () => {
    const zip = bomb(34_500_000);
    expect(zip.length).toBeLessThan(6_000_000);
    const run = await underLoad([zip]);
    expect(run.answers).toEqual([{ status: 422, body: { message: ZIP_MESSAGES.fileTooLarge("users.csv") } }]);
    expect(ZIP_MESSAGES.fileTooLarge("users.csv")).toContain(MAX_ROSTER_FILE_BYTES.toLocaleString("en-US"));
    expect(run.elapsedMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(run.readsDuring).toBeGreaterThan(0);
    expect(run.slowestReadMs).toBeLessThan(PAGE_WITHIN_MS);
    expect(run.rssGrowthMB).toBeLessThan(MEMORY_BOUND_MB);
    expect(run.heapGrowthMB).toBeLessThan(MEMORY_BOUND_MB);
  });

  it("4.5 M empty rows in 49.5 MB, under the size caps, are refused by their count before any is parsed", async () => {
    const zip = bomb(4_500_000);
    const run = await underLoad([zip]);
    expect(run.answers).toEqual([{ status: 422, body: { message: ZIP_MESSAGES.tooManyRows("users.csv") } }]);
    expect(ZIP_MESSAGES.tooManyRows("users.csv")).toContain(MAX_ROSTER_ROWS.toLocaleString("en-US"));
    expect(run.elapsedMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(run.readsDuring).toBeGreaterThan(0);
    expect(run.slowestReadMs).toBeLessThan(PAGE_WITHIN_MS);
    expect(run.rssGrowthMB).toBeLessThan(MEMORY_BOUND_MB);
    expect(run.heapGrowthMB).toBeLessThan(MEMORY_BOUND_MB);
  });

  it("six such uploads at once are each refused (the file's bound, or busy: one read at a time), and the teacher's reads stay fast", async () => {
    const zip = bomb(4_500_000);
    const run = await underLoad(Array.from({ length: 6 }, () => zip));
    for (const answer of run.answers) {
      expect([
        { status: 422, body: { message: ZIP_MESSAGES.tooManyRows("users.csv") } },
        { status: 429, body: { message: ZIP_MESSAGES.busy } },
      ]).toContainEqual(answer);
    }
    expect(run.elapsedMs).toBeLessThan(2 * ANSWER_WITHIN_MS);
    expect(run.readsDuring).toBeGreaterThan(0);
    expect(run.slowestReadMs).toBeLessThan(PAGE_WITHIN_MS);
    expect(run.rssGrowthMB).toBeLessThan(MEMORY_BOUND_MB);
    expect(run.heapGrowthMB).toBeLessThan(MEMORY_BOUND_MB);
  });
});
