import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Issue 13 item 16: OFFICE_HOURS_URL, SUPPORT_FORM_URL and SUPPORT_EMAIL were read by the code but
// missing from the README's configuration table. Every variable the app reads must be there.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The variables app/ reads: process.env.X, env.X (an env parameter), and the per-provider SSO keys (SSO_<PROVIDER>_X). */
function variablesRead() {
  const plain = new Set<string>();
  const perProvider = new Set<string>();
  for (const file of sources(path.join(root, "app"))) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)\b/g)) plain.add(m[1]!);
    if (text.includes("SSO_${name.toUpperCase()}_${key}")) {
      for (const m of text.matchAll(/\bv\("([A-Z][A-Z0-9_]+)"\)/g)) perProvider.add(m[1]!);
    }
  }
  return { plain: [...plain].sort(), perProvider: [...perProvider].sort() };
}

const readme = readFileSync(path.join(root, "README.md"), "utf8");
const table = readme.slice(readme.indexOf("## Environment"), readme.indexOf("## Layout"));

describe("README configuration table", () => {
  const { plain, perProvider } = variablesRead();

  it("finds what the app reads (the scan itself works)", () => {
    expect(plain).toEqual(expect.arrayContaining(["PUBLIC_URL", "OFFICE_HOURS_URL", "SUPPORT_FORM_URL", "SUPPORT_EMAIL"]));
    expect(perProvider).toEqual(expect.arrayContaining(["CLIENT_ID", "ISSUER"]));
  });

  it.each(plain)("lists %s", (name) => {
    expect(table).toContain(`\`${name}\``);
  });

  it.each(perProvider)("lists the single sign-on key _%s", (key) => {
    const row = table.split("\n").find((line) => line.includes("`SSO_<PROVIDER>_CLIENT_ID`")) ?? "";
    expect(row).toMatch(new RegExp(`\`(SSO_<PROVIDER>)?_${key}\``));
  });
});
