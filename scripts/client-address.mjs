// Preloaded into the server process (`node --import ./scripts/client-address.mjs`, which
// scripts/start.mjs and scripts/e2e-server.mjs do through NODE_OPTIONS). remix-serve gives loaders
// and the /api route no socket, so every incoming request gets its peer's address written into an
// internal header, after any copy the client sent is deleted: no outside client can set it. The
// marker on globalThis tells the app the header is ours (app/server/client-address.server.ts);
// without the preload the header is never believed.
import http from "node:http";

const HEADER = "x-internal-socket-address";
globalThis[Symbol.for("literacy.socketAddressStamped")] = true;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, ...rest) {
  if (event === "request" && request && request.headers) {
    delete request.headers[HEADER];
    for (let i = request.rawHeaders.length - 2; i >= 0; i -= 2) {
      if (request.rawHeaders[i].toLowerCase() === HEADER) request.rawHeaders.splice(i, 2);
    }
    const address = request.socket?.remoteAddress;
    if (address) {
      request.headers[HEADER] = address;
      request.rawHeaders.push(HEADER, address);
    }
  }
  return emit.call(this, event, request, ...rest);
};
