import { expect, test } from "@playwright/test";

// Issue 15: the app's scripts go out compressed at build time (.br / .gz twins beside each file),
// not compressed again on every request: a school's first morning, every browser fetching the
// same chunks, costs the server file reads instead of Brotli runs. Same bytes once decoded, a
// Content-Length (nothing streamed through a compressor), cached for a year, and the plain file
// to a browser that accepts no compression.

test("the page's scripts are served as their precompressed Brotli or gzip twin, or plain, as the browser accepts", async ({ baseURL }) => {
  const html = await (await fetch(`${baseURL}/login`)).text();
  const scripts = [...html.matchAll(/\/build\/[^"]+?\.js/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  const largest = { path: "", size: 0 };
  for (const path of new Set(scripts)) {
    const plain = await fetch(`${baseURL}${path}`, { headers: { "accept-encoding": "identity" } });
    const size = Number(plain.headers.get("content-length"));
    await plain.arrayBuffer();
    if (size > largest.size) Object.assign(largest, { path, size });
  }
  const url = `${baseURL}${largest.path}`;

  const plain = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const text = await plain.text();
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);

  for (const [accept, encoding] of [
    ["br, gzip, deflate", "br"],
    ["gzip, deflate", "gzip"],
  ] as const) {
    const res = await fetch(url, { headers: { "accept-encoding": accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe(encoding);
    expect(res.headers.get("content-type")).toMatch(/^application\/javascript/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    // A file sent whole has its length; a body compressed on the fly is chunked.
    expect(res.headers.get("content-length")).toMatch(/^\d+$/);
    expect(Number(res.headers.get("content-length"))).toBeLessThan(text.length / 2);
    expect(await res.text()).toBe(text);
  }

  // A path out of the build folder is not served, encoded or not.
  const escape = await fetch(`${baseURL}/build/..%2f..%2fpackage.json`, { headers: { "accept-encoding": "br" } });
  expect(escape.status).toBe(404);
  await escape.arrayBuffer();
});
