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
  // A keep-alive connection turns idle once its in-flight response ends; close it then rather than
  // waiting out the client's keep-alive timeout.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  sweep.unref();
  server.close(() => {
    clearTimeout(force);
    clearInterval(sweep);
    onClosed();
  });
  server.closeIdleConnections();
}
