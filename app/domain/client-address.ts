import { itemAt } from "./presence";

/**
 * Who is calling, for the per-address rate limits (issue 14). The socket's peer address is the
 * only thing a client cannot choose. X-Forwarded-For is believed only as far as the deployment
 * says proxies of its own append to it (TRUST_PROXY = how many): the address is then the one that
 * many hops left of the socket, the right-most one a trusted proxy appended. Whatever a client
 * writes further left is ignored, so neither sending no header nor rotating it changes the answer.
 */
export function clientAddress(input: { socket: string | null; forwardedFor: string | null; trustedHops: number }): string | null {
  if (!input.socket) return null;
  const socket = normalizeAddress(input.socket);
  if (input.trustedHops <= 0) return socket;
  const hops = (input.forwardedFor ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  const chain = [...hops.map(normalizeAddress), socket];
  // chain[last] is our own peer (the nearest proxy); each trusted proxy vouches for the hop before it.
  const index = chain.length - 1 - input.trustedHops;
  return itemAt(chain, Math.max(0, index), "a hop");
}

/** TRUST_PROXY: unset, "0" or "false" trusts no proxy; a whole number is how many proxies of ours stand in front. */
export function parseTrustedHops(value: string | undefined): number {
  if (!value || value === "false") return 0;
  if (value === "true") return 1;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 0;
}

/** IPv4-mapped IPv6 ("::ffff:10.0.0.1") as plain IPv4, lowercased, without a port or brackets. */
export function normalizeAddress(address: string): string {
  let a = address.trim().toLowerCase();
  const bracketed = a.match(/^\[([^\]]+)\](?::\d+)?$/);
  if (bracketed) a = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.replace(/:\d+$/, "");
  if (a.startsWith("::ffff:") && /^\d+\.\d+\.\d+\.\d+$/.test(a.slice(7))) a = a.slice(7);
  return a;
}
