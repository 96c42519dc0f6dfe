import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { first } from "./app/domain/presence";

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
    Object.entries(compilerOptions.paths ?? {}).map(([key, targets]) => [
      stem(key),
      fileURLToPath(new URL(stem(first(targets, `a target of ${key} in tsconfig.json's paths`)), base)),
    ]),
  );
}

const alias = tsconfigAliases();

const UNIT_TESTS = ["app/**/*.test.ts", "scripts/**/*.test.ts"];
/** Unit files that need a process and modules of their own: they mock, stub, fake timers, run PGlite, or test a module's first load. */
const UNIT_ISOLATED = [
  "app/server/audio-token.server.test.ts",
  "app/server/security-headers.server.test.ts",
  "app/server/inline-css.server.test.ts",
  "app/lib/session.server.test.ts",
  "app/db/connection-loss.test.ts",
  "app/db/request-scope.test.ts",
  "app/db/pglite-dialect.test.ts",
  // Builds the whole API: its routes call .openapi() on domain schemas, which zod gives only to
  // schemas made after @hono/zod-openapi has loaded; a shared module cache may have made them before.
  "scripts/gen-api.test.ts",
  "app/domain/risk-category.test.ts",
  "app/domain/cutoffs.test.ts",
  // Fakes IndexedDB and stubs window and fetch.
  "app/components/offline/save-queue.test.ts",
];

// Password hashes in tests cost N=2^12 instead of production's 2^17 (app/api/password.ts honours it only under NODE_ENV=test).
const TEST_HASH_COST = { SCRYPT_TEST_LOG_N: "12" };

// API suites run once per database engine: embedded PGlite always, PostgreSQL when
// TEST_DATABASE_URL names a server (CI sets it; .ci/run fails if the server is missing).
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on two cores is one worker, but the API files wait on their databases half
    // the time: two workers make the whole run about a third shorter (each file has its own database).
    maxWorkers: 2,
    minWorkers: 1,
    // The unit project runs in threads that are reused from file to file (it says isolate: false
    // below); every other project keeps a fresh process per file, which measured faster for the API
    // files than reusing one (138 s against 155 s for ten files, back to back).
    poolOptions: { threads: { isolate: false } },
    projects: [
      // Pure rules import the same modules file after file: sharing them across files (no isolation)
      // takes the unit run from 120 s to 50 s on two cores. Files that mock, stub, fake timers or
      // depend on a module's first load keep their own copy of every module.
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: UNIT_TESTS,
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          pool: "threads",
          isolate: false,
          environment: "node",
          env: TEST_HASH_COST,
          // The exhaustive sweeps (every grade, period and score) take under a second alone and
          // went past vitest's default 5 s under the clean-clone CI's own load on two cores.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "unit-isolated",
          include: UNIT_ISOLATED,
          isolate: true,
          environment: "node",
          env: TEST_HASH_COST,
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api-pglite",
          isolate: true,
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/api/support/pglite-template.ts"],
          env: { TEST_DB_ENGINE: "pglite", ...TEST_HASH_COST },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api-postgres",
          isolate: true,
          include: ["tests/api/**/*.test.ts"],
          env: { TEST_DB_ENGINE: "postgres", ...TEST_HASH_COST },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
