import type { Server } from "node:http";

/**
 * Stops taking new connections, lets in-flight requests finish, then calls onClosed. Idle keep-alive
 * connections are closed at once; anything still open after `timeoutMs` is cut off.
 */
export function gracefulShutdown(server: Server, onClosed: () => void, timeoutMs = 10_000): void {
  const force = setTimeout(() => {
    console.error(`In-flight requests did not finish in ${timeoutMs} ms; closing connections`);
    server.closeAllConnections();
  }, timeoutMs);
  force.unref();
  server.close(() => {
    clearTimeout(force);
    onClosed();
  });
  server.closeIdleConnections();
}
