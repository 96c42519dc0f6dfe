import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The import aliases are defined once, in tsconfig.json's `paths` (TypeScript, the Remix compiler
// and tsx read them there); vitest takes the same ones: "#app/*" → "./app/*" becomes "#app" → <root>/app.
function tsconfigAliases(): Record<string, string> {
  const tsconfig = new URL("./tsconfig.json", import.meta.url);
  const { compilerOptions } = JSON.parse(readFileSync(tsconfig, "utf8")) as {
    compilerOptions: { baseUrl?: string; paths?: Record<string, string[]> };
  };
  const base = new URL(`${compilerOptions.baseUrl ?? "."}/`, tsconfig);
  const stem = (p: string) => p.replace(/\/\*$/, "");
  return Object.fromEntries(
    Object.entries(compilerOptions.paths ?? {}).map(([key, [target]]) => [stem(key), fileURLToPath(new URL(stem(target), base))]),
  );
}

const alias = tsconfigAliases();

// API suites run once per database engine: embedded PGlite always, PostgreSQL when
// TEST_DATABASE_URL names a server (CI sets it; .ci/run fails if the server is missing).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["app/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node" } },
      {
        resolve: { alias },
        test: {
          name: "api-pglite",
          include: ["tests/api/**/*.test.ts"],
          env: { TEST_DB_ENGINE: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api-postgres",
          include: ["tests/api/**/*.test.ts"],
          env: { TEST_DB_ENGINE: "postgres" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
