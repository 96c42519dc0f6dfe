import { clientAddress, parseTrustedHops } from "#app/domain/client-address";

/**
 * The header scripts/client-address.mjs writes into every incoming request: the socket's peer
 * address, any client-sent copy deleted first. Believed only when that preload runs in this
 * process (its marker), so a server started without it never takes a client's word for it.
 */
export const SOCKET_ADDRESS_HEADER = "x-internal-socket-address";
const MARKER = Symbol.for("literacy.socketAddressStamped");

export const socketAddressStamped = () => (globalThis as Record<symbol, unknown>)[MARKER] === true;

let warned = false;

/** The caller's address for rate limits: the socket, or the hop a trusted proxy appended (TRUST_PROXY). */
export function requestClientAddress(headers: Headers, env: Record<string, string | undefined> = process.env): string | null {
  if (!socketAddressStamped()) {
    if (!warned) {
      warned = true;
      console.warn("[rate-limit] the server runs without scripts/client-address.mjs: no per-address limits (per-account ones apply)");
    }
    return null;
  }
  return clientAddress({
    socket: headers.get(SOCKET_ADDRESS_HEADER),
    forwardedFor: headers.get("x-forwarded-for"),
    trustedHops: parseTrustedHops(env.TRUST_PROXY),
  });
}
