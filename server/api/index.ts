import { Router, type ErrorRequestHandler } from "express";
import { DomainError, httpStatusOf, TooManyAttemptsError } from "../../app/domain/shared/errors";
import { openApiDocument } from "../contract/openapi";
import { OPERATIONS } from "../contract/operations";
import { HttpError, sendError } from "../http/errors";
import { albumImageApi } from "./album-image";
import { authApi } from "./auth";
import { catalogueApi } from "./catalogue";
import { chatApi } from "./chat";
import { cache, PUBLIC_5_MIN, routeOf } from "./helpers";
import { giftVouchersApi } from "./gift-vouchers";
import { homeApi } from "./home";
import { newsletterApi } from "./newsletter";
import { ordersApi } from "./orders";
import { recommendationsApi } from "./recommendations";
import { searchApi } from "./search";
import { vinylCareApi } from "./vinyl-care";

/** The OpenAPI document of every /api call, generated from server/contract (built once, on first request). */
let document: ReturnType<typeof openApiDocument> | undefined;

/** REST shims at the spec's /api paths: thin adapters over the same services as tRPC and loaders. */
export function apiRouter(): Router {
  const api = Router();
  api.use(
    authApi,
    catalogueApi,
    homeApi,
    albumImageApi,
    vinylCareApi,
    searchApi,
    newsletterApi,
    chatApi,
    ordersApi,
    giftVouchersApi,
    recommendationsApi,
  );
  api.get(routeOf(OPERATIONS.openApi), cache(PUBLIC_5_MIN), (_req, res) => {
    document ??= openApiDocument();
    res.json(document);
  });
  api.use((req, res) => sendError(req, res, 404, `No API endpoint at ${req.method} ${req.baseUrl}${req.path}.`));
  const domainErrors: ErrorRequestHandler = (err, req, res, next) => {
    // Every rate limit's 429 says when to come back.
    if (err instanceof TooManyAttemptsError && !res.headersSent) res.set("Retry-After", String(err.retryAfterSeconds));
    if (err instanceof DomainError) return sendError(req, res, httpStatusOf(err), err.message);
    if (err instanceof HttpError) return sendError(req, res, err.status, err.message);
    next(err);
  };
  api.use(domainErrors);
  return api;
}
