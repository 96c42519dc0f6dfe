// Preloaded into the server process (`node --import ./scripts/client-address.mjs`, which
// scripts/start.mjs and scripts/e2e-server.mjs do through NODE_OPTIONS). remix-serve gives loaders
// and the /api route no socket, so every incoming request gets its peer's address written into an
// internal header, after any copy the client sent is deleted: no outside client can set it. The
// marker on globalThis tells the app the header is ours (app/server/client-address.server.ts);
// without the preload the header is never believed.
import http from "node:http";

const HEADER = "x-internal-socket-address";
Reflect.set(globalThis, Symbol.for("literacy.socketAddressStamped"), true);

// Typed as the plain emitter it is: the overloads of Server.emit name each event's arguments.
const emit = /** @type {(this: http.Server, event: string | symbol, ...args: unknown[]) => boolean} */ (http.Server.prototype.emit);
/**
 * @this {http.Server}
 * @param {string | symbol} event
 * @param {unknown} [request]  the request when `event` is "request"
 * @param {...unknown} rest
 */
http.Server.prototype.emit = function (event, request, ...rest) {
  const req = /** @type {http.IncomingMessage | undefined} */ (request);
  if (event === "request" && req && req.headers) {
    delete req.headers[HEADER];
    for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
      if (req.rawHeaders[i]?.toLowerCase() === HEADER) req.rawHeaders.splice(i, 2);
    }
    const address = req.socket?.remoteAddress;
    if (address) {
      req.headers[HEADER] = address;
      req.rawHeaders.push(HEADER, address);
    }
  }
  return emit.call(this, event, request, ...rest);
};
