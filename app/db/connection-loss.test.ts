import { afterEach, describe, expect, it, vi } from "vitest";
import { isConnectionLoss, retryOnConnectionLoss } from "./connection-loss";

const pgError = (code: string, message = "error") => Object.assign(new Error(message), { code });

describe("isConnectionLoss", () => {
  it.each([
    [pgError("57P01", "terminating connection due to administrator command"), true],
    [pgError("57P02", "terminating connection due to crash of another server process"), true],
    [pgError("57P03", "the database system is starting up"), true],
    [pgError("08006", "connection failure"), true],
    [pgError("ECONNRESET", "read ECONNRESET"), true],
    [pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"), true],
    [new Error("Connection terminated unexpectedly"), true],
    [new Error("Client has encountered a connection error and is not queryable"), true],
    [pgError("23505", 'duplicate key value violates unique constraint "x"'), false],
    [pgError("40001", "could not serialize access"), false],
    [pgError("42601", "syntax error"), false],
    [new Error("Invalid UUID"), false],
    ["Connection terminated", false],
    [null, false],
    [undefined, false],
  ])("%s → %s", (err, lost) => expect(isConnectionLoss(err)).toBe(lost));
});

describe("retryOnConnectionLoss", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers at once when the read succeeds", async () => {
    const read = vi.fn().mockResolvedValue(7);
    await expect(retryOnConnectionLoss(read)).resolves.toBe(7);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("tries once more after a lost connection, and says so in the log", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const read = vi.fn().mockRejectedValueOnce(pgError("57P01", "terminating connection")).mockResolvedValueOnce("rows");
    const dropIdle = vi.fn().mockResolvedValue(undefined);
    await expect(retryOnConnectionLoss(read, "session look-up", dropIdle)).resolves.toBe("rows");
    expect(read).toHaveBeenCalledTimes(2);
    expect(dropIdle, "the idle connections are closed before the second try").toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("session look-up"));
  });

  it("tries only once more: a second loss reaches the caller", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const lost = pgError("57P01", "terminating connection");
    const read = vi.fn().mockRejectedValue(lost);
    await expect(retryOnConnectionLoss(read, "read", async () => undefined)).rejects.toBe(lost);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("never repeats a query that failed on its own merits", async () => {
    const duplicate = pgError("23505", "duplicate key");
    const read = vi.fn().mockRejectedValue(duplicate);
    await expect(retryOnConnectionLoss(read)).rejects.toBe(duplicate);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
