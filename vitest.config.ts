import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "#app": fileURLToPath(new URL("./app", import.meta.url)) };

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
