import type { Request, Response } from "express";
import { todayInLondon } from "../app/domain/pre-order";
import type { Db } from "../db/client";
import { createServices, type Services } from "./services";

/** What every loader, action, tRPC procedure and REST shim receives for one request. */
export interface RequestContext {
  db: Db;
  services: Services;
  /** The CSP nonce of this response, for inline scripts React Router renders. */
  cspNonce: string;
  /** Today's date in the shop's time zone, fixed for the whole request. */
  today: string;
}

export function createRequestContext(db: Db, services: Services, _req: Request, res: Response): RequestContext {
  return { db, services, cspNonce: res.locals.cspNonce ?? "", today: todayInLondon() };
}

export { createServices };
