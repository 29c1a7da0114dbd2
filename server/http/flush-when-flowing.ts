import type { RequestHandler, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * Streamed pages through compression without piling up `drain` listeners ("MaxListenersExceededWarning … drain
 * listeners added to [BrotliCompress]"). Two causes, both per response:
 * - compression hands `res.on("drain")` to its zlib stream but not `res.off`, so React Router's
 *   `once("drain")` + `off("drain")` leaves a listener behind on every wait. Here every drain listener lives in
 *   one list behind a single listener on the stream, and `off` really removes it.
 * - React Router calls `res.flush()` after each chunk; while zlib is backpressured, each flush queues another
 *   listener inside zlib. The flush is skipped while the last write was refused: the next accepted write's
 *   flush, or the end of the response, sends what is buffered all the same.
 */
export const flushWhenFlowing: RequestHandler = (_req, res, next) => {
  const target = res as Response & { flush?: () => void };
  const flush = target.flush;
  if (typeof flush !== "function") return next();

  let refused = false;
  const drainListeners = new Map<Listener, { once: boolean }>();
  const on = res.on;
  const once = res.once;
  const removeListener = res.removeListener;
  on.call(res, "drain", () => {
    refused = false;
    for (const [listener, { once: onlyOnce }] of [...drainListeners]) {
      if (onlyOnce) drainListeners.delete(listener);
      listener();
    }
  });
  target.on = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return on.call(this, event, listener);
    drainListeners.set(listener, { once: false });
    return this;
  } as Response["on"];
  target.once = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return once.call(this, event, listener);
    drainListeners.set(listener, { once: true });
    return this;
  } as Response["once"];
  target.off = target.removeListener = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return removeListener.call(this, event, listener);
    drainListeners.delete(listener);
    return this;
  } as Response["removeListener"];

  const write = res.write;
  target.write = function (this: Response, ...args: Parameters<Response["write"]>) {
    const accepted = write.apply(this, args);
    refused = !accepted;
    return accepted;
  } as Response["write"];
  target.flush = function (this: Response) {
    if (!refused) flush.call(this);
  };
  next();
};
