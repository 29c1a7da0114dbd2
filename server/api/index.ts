import { Router, type ErrorRequestHandler } from "express";
import { HttpError, sendError } from "../http/errors";
import { httpStatusOf, DomainError } from "../../app/domain/shared/errors";
import { albumImageApi } from "./album-image";
import { authApi } from "./auth";
import { newsletterApi } from "./newsletter";
import { ordersApi } from "./orders";
import { searchApi } from "./search";
import { specCallsApi } from "./spec-calls";
import { tracksApi } from "./tracks";
import { vinylCareApi } from "./vinyl-care";

/** REST shims at the spec's /api paths: thin adapters over the same services as tRPC and loaders. */
export function apiRouter(): Router {
  const api = Router();
  api.use(authApi);
  api.use(tracksApi);
  api.use(albumImageApi);
  api.use(vinylCareApi);
  api.use(searchApi);
  api.use(newsletterApi);
  api.use(ordersApi);
  api.use(specCallsApi);
  api.use((req, res) => sendError(req, res, 404, `No API endpoint at ${req.method} ${req.baseUrl}${req.path}.`));
  const domainErrors: ErrorRequestHandler = (err, req, res, next) => {
    if (err instanceof DomainError) return sendError(req, res, httpStatusOf(err), err.message);
    if (err instanceof HttpError) return sendError(req, res, err.status, err.message);
    next(err);
  };
  api.use(domainErrors);
  return api;
}
