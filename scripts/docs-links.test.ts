import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The decision records are renamed, split and cross-linked by hand, and code comments point at
// them by path: a moved record must not leave a link, a comment or the index pointing at nothing.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const decisions = path.join(root, "docs/decisions");

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name.startsWith(".") ? [] : files(full, keep);
    return keep(e.name) ? [full] : [];
  });
}

const markdown = [path.join(root, "README.md"), ...files(path.join(root, "docs"), (n) => n.endsWith(".md"))];
const sources = [
  ...["app", "scripts", "tests"].flatMap((d) => files(path.join(root, d), (n) => /\.(ts|tsx|mjs|js)$/.test(n))),
  path.join(root, "eslint.config.js"),
];
const rel = (file: string) => path.relative(root, file);

/** Relative targets of markdown links `[text](target)`, without their #fragment. */
function linkTargets(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!.replace(/#.*$/, "")).filter((t) => t !== "" && !/^[a-z]+:/i.test(t));
}

describe("documentation links", () => {
  it("finds the documents and their links (the scan itself works)", () => {
    expect(markdown.map(rel)).toEqual(expect.arrayContaining(["README.md", "docs/conventions.md", "docs/decisions/README.md"]));
    expect(linkTargets("[a](x.md#b) [c](https://e.org) [d](#top)")).toEqual(["x.md"]);
  });

  it.each(markdown.map(rel))("every relative link in %s resolves", (file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    const missing = linkTargets(text).filter((t) => !existsSync(path.resolve(root, path.dirname(file), t)));
    expect(missing).toEqual([]);
  });

  it("every docs/ path named in code or configuration exists", () => {
    const missing = sources.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\bdocs\/[\w./-]+\.md\b/g)]
        .map((m) => m[0])
        .filter((p) => !existsSync(path.join(root, p)))
        .map((p) => `${rel(file)}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it("every record named by file name inside docs/decisions exists", () => {
    const missing = files(decisions, (n) => n.endsWith(".md")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/(?<![\w/-])(\d{4}-[a-z0-9-]+\.md)\b/g)]
        .map((m) => m[1]!)
        .filter((name) => !existsSync(path.join(decisions, name)) && !existsSync(path.join(decisions, "appendix", name)))
        .map((name) => `${rel(file)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("decision records", () => {
  const records = readdirSync(decisions)
    .filter((n) => /^\d{4}-.*\.md$/.test(n))
    .sort();
  const index = readFileSync(path.join(decisions, "README.md"), "utf8");
  const rows = new Map(
    [...index.matchAll(/^\| \[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\) \| (.+?) \| (\d{4}-\d{2}-\d{2}) \| (.+?) \| .+ \|$/gm)].map((m) => [
      m[2]!,
      { number: m[1]!, title: m[3]!, date: m[4]!, status: m[5]! },
    ]),
  );

  it("are numbered 0001 upwards with no gap or repeat", () => {
    expect(records.map((n) => n.slice(0, 4))).toEqual(records.map((_, i) => String(i + 1).padStart(4, "0")));
  });

  it("are each listed once in the index, in order", () => {
    expect([...rows.keys()]).toEqual(records);
  });

  it.each(records)("%s opens with its number, title, date and status as the index lists them", (name) => {
    const [heading, blank, date, status] = readFileSync(path.join(decisions, name), "utf8").split("\n");
    const row = rows.get(name);
    expect(row).toBeDefined();
    expect({ heading, blank, date, status }).toEqual({
      heading: `# ${name.slice(0, 4)}. ${row?.title}`,
      blank: "",
      date: `Date: ${row?.date}`,
      status: `Status: ${row?.status}`,
    });
    expect(row?.status).toMatch(/^(Accepted|Superseded by \d{4})$/);
  });
});
