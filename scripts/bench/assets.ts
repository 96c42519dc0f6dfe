// Static asset serving as remix-serve does it: cache headers, whether responses are compressed
// ahead of time or per request (compression middleware), what that costs the server, and /favicon.ico.
import { existsSync } from "node:fs";
import path from "node:path";
import { load } from "./load";

export interface AssetCheck {
  asset: string;
  cacheControl: string | null;
  contentEncoding: string | null;
  contentLength: string | null;
  transferEncoding: string | null;
  brotliOffered: boolean;
  precompressedOnDisk: { br: boolean; gz: boolean };
  compressedPerRequest: boolean;
  cpuMsPerReqCompressed: number | null;
  cpuMsPerReqIdentity: number | null;
  rpsCompressed: number;
  rpsIdentity: number;
  favicon: { status: number; contentType: string | null; cacheControl: string | null };
  css: { asset: string; cacheControl: string | null; contentEncoding: string | null } | null;
}

export async function checkAssets(
  origin: string,
  pid: number,
  buildDir: string,
  jsAsset: string,
  cssAsset: string | null,
  seconds: number,
): Promise<AssetCheck> {
  const res = await fetch(origin + jsAsset, { headers: { "accept-encoding": "br, gzip" } });
  await res.arrayBuffer();
  const h = res.headers;
  const onDisk = path.join(buildDir, "public", jsAsset.replace(/^\/build\//, ""));
  const compressed = await load({ url: origin + jsAsset, headers: { "accept-encoding": "br, gzip" }, connections: 1, seconds, pid });
  const identity = await load({ url: origin + jsAsset, headers: { "accept-encoding": "identity" }, connections: 1, seconds, pid });
  const fav = await fetch(`${origin}/favicon.ico`);
  await fav.arrayBuffer();
  let css: AssetCheck["css"] = null;
  if (cssAsset) {
    const c = await fetch(origin + cssAsset, { headers: { "accept-encoding": "br, gzip" } });
    await c.arrayBuffer();
    css = { asset: cssAsset, cacheControl: c.headers.get("cache-control"), contentEncoding: c.headers.get("content-encoding") };
  }
  return {
    asset: jsAsset,
    cacheControl: h.get("cache-control"),
    contentEncoding: h.get("content-encoding"),
    contentLength: h.get("content-length"),
    transferEncoding: h.get("transfer-encoding"),
    brotliOffered: h.get("content-encoding") === "br",
    precompressedOnDisk: { br: existsSync(`${onDisk}.br`), gz: existsSync(`${onDisk}.gz`) },
    // Streamed through the compression middleware: encoded, chunked, no length known up front.
    compressedPerRequest: Boolean(h.get("content-encoding")) && !h.get("content-length"),
    cpuMsPerReqCompressed: compressed.cpuMsPerReq,
    cpuMsPerReqIdentity: identity.cpuMsPerReq,
    rpsCompressed: compressed.rps,
    rpsIdentity: identity.rps,
    favicon: { status: fav.status, contentType: fav.headers.get("content-type"), cacheControl: fav.headers.get("cache-control") },
    css,
  };
}
