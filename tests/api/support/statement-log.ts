import type { LogEvent } from "kysely";

/**
 * The SQL statements a test database receives, for the tests that count what a read cost: give
 * `log` to createTestDb, `reset()` before the read, `count(pattern)` after it.
 */
export function statementLog() {
  let statements: string[] = [];
  return {
    log: (e: LogEvent) => {
      if (e.level === "query") statements.push(e.query.sql);
    },
    reset: () => {
      statements = [];
    },
    count: (pattern: RegExp) => statements.filter((s) => pattern.test(s)).length,
  };
}
