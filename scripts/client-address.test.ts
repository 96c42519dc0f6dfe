import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// Issue 14: the preload that npm start and the e2e server pass to remix-serve stamps every
// request with its socket's address after deleting any client-sent copy, so no client can forge it.

const preload = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "client-address.mjs")).href;

const server = `
import http from "node:http";
const s = http.createServer((req, res) => res.end(JSON.stringify({
  stamped: globalThis[Symbol.for("literacy.socketAddressStamped")] === true,
  header: req.headers["x-internal-socket-address"],
  raw: req.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === "x-internal-socket-address").length,
})));
s.listen(0, "127.0.0.1", async () => {
  const { port } = s.address();
  const res = await fetch("http://127.0.0.1:" + port + "/", {
    headers: { "X-Internal-Socket-Address": "6.6.6.6", "x-forwarded-for": "7.7.7.7" },
  });
  console.log(await res.text());
  s.close();
});
`;

describe("scripts/client-address.mjs", () => {
  // It starts a Node process of its own, which takes seconds on a busy two-core machine.
  it("replaces a client-sent socket address header with the real peer address", { timeout: 60_000 }, async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", preload, "--input-type=module", "-e", server]);
    expect(JSON.parse(stdout)).toEqual({ stamped: true, header: "127.0.0.1", raw: 1 });
  });
});
