import { describe, expect, it } from "vitest";
import { clientAddress, normalizeAddress, parseTrustedHops } from "./client-address";

describe("client address for rate limits (issue 14)", () => {
  it.each([
    // No proxy trusted: the socket, whatever the client wrote.
    [{ socket: "203.0.113.5", forwardedFor: null, trustedHops: 0 }, "203.0.113.5"],
    [{ socket: "203.0.113.5", forwardedFor: "1.2.3.4", trustedHops: 0 }, "203.0.113.5"],
    [{ socket: "::ffff:203.0.113.5", forwardedFor: null, trustedHops: 0 }, "203.0.113.5"],
    // One proxy of ours: the hop it appended (right-most), not what the client put before it.
    [{ socket: "10.0.0.2", forwardedFor: "198.51.100.7", trustedHops: 1 }, "198.51.100.7"],
    [{ socket: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.7", trustedHops: 1 }, "198.51.100.7"],
    [{ socket: "10.0.0.2", forwardedFor: "6.6.6.6,7.7.7.7 , 198.51.100.7", trustedHops: 1 }, "198.51.100.7"],
    // Two proxies (a CDN, then a load balancer).
    [{ socket: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.7, 172.16.0.9", trustedHops: 2 }, "198.51.100.7"],
    // A trusted proxy that sent no header: the left-most address known.
    [{ socket: "10.0.0.2", forwardedFor: null, trustedHops: 1 }, "10.0.0.2"],
    [{ socket: "10.0.0.2", forwardedFor: "198.51.100.7", trustedHops: 3 }, "198.51.100.7"],
    // No socket (a call from inside the process with no visitor): unknown.
    [{ socket: null, forwardedFor: "1.2.3.4", trustedHops: 1 }, null],
  ])("%j → %s", (input, expected) => {
    expect(clientAddress(input)).toBe(expected);
  });

  it.each([
    [undefined, 0],
    ["", 0],
    ["0", 0],
    ["false", 0],
    ["true", 1],
    ["1", 1],
    ["2", 2],
    ["-1", 0],
    ["lots", 0],
    ["99", 0],
  ])("TRUST_PROXY=%j trusts %i hops", (value, hops) => {
    expect(parseTrustedHops(value)).toBe(hops);
  });

  it.each([
    ["::FFFF:10.0.0.1", "10.0.0.1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["203.0.113.5:5555", "203.0.113.5"],
    ["2001:DB8::1", "2001:db8::1"],
  ])("%s → %s", (a, b) => expect(normalizeAddress(a)).toBe(b));
});
