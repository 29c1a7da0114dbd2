import path from "node:path";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { createExpressMiddleware } from "@trpc/server/adapters/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { closeDb, databasePath, getDb, type Db } from "../db/client";
import { openCheckedDatabase } from "../db/integrity";
import { claimServerLock, releaseServerLock } from "../db/server-lock";
import { runMigrations } from "../db/migrate";
import { seedIfEmpty } from "../db/seed/run";
import { COVER_VARIANT_PREFIX } from "../app/domain/images/image-url";
import { apiRouter } from "./api";
import { coverVariantRoute } from "./api/album-image";
import { loadConfig } from "./config";
import { instagramPublisherFor } from "./instagram/publisher";
import { discogsClientFor } from "./discogs/http-client";
import { createRequestContext, createServices, type RequestContext } from "./context";
import { accessLog } from "./http/access-log";
import { bufferBody } from "./http/body";
import { may } from "../app/domain/staff/permissions";
import { errorHandler } from "./http/errors";
import { pageRequests } from "./http/page-requests";
import { coverOnFirstRequest, previewOnFirstPlay } from "./http/media";
import { oneClickUnsubscribe } from "./http/one-click-unsubscribe";
import { originCheck } from "./http/origin-check";
import { mailOrigin, warnWithoutPublicOrigin } from "./mail/links";
import { shareableImage, cspNonce, hstsWhenSecure, securityHeaders } from "./http/security-headers";
import { flushWhenFlowing } from "./http/flush-when-flowing";
import { compressUnlessCollected, createPageCache } from "./http/page-cache";
import { createChangeVersion } from "../db/read-cache";
import { sessionMiddleware } from "./auth/middleware";
import { MAX_BATCH_CALLS, trpcRequestLimits } from "./trpc/batch-limits";
import { appRouter } from "./trpc/router";
import { retryAfterMeta } from "./trpc/rate-limited";
import { clubPaymentsFor, paymentProviderFor } from "./payments/select";
import { paymentWebhook } from "./api/payment-webhook";
import { STOP_PATH } from "./services/cart-reminders";
import { wantToStop } from "./services/wants";
import { startBackgroundJobs } from "./background-jobs";
import { waitingRoom } from "./http/waiting-room";

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}

/**
 * Checks the database (a damaged one is refused with a DamagedDatabaseError), marks it as in use by this
 * server (so a restore refuses to replace it), migrates and (on first start only) seeds it. Run once before listening.
 * Makes no media: generated covers and previews are made once the server listens (server/services/media.ts).
 */
export async function prepare(): Promise<void> {
  const config = loadConfig();
  const file = databasePath();
  const db = openCheckedDatabase(file, getDb, closeDb);
  if (file !== ":memory:") claimServerLock(file);
  runMigrations(db);
  const result = seedIfEmpty(db, { seed: config.SEED });
  console.log(
    result.seeded
      ? `Seeded ${result.records} records (seed ${config.SEED}).`
      : `Database already seeded; ${result.records} records kept.`,
  );
}

// The background jobs this process started. On globalThis, so the development server's module reloads stop the
// previous app's jobs instead of piling up more.
const background = globalThis as unknown as { __needledropBackgroundJobs?: ReturnType<typeof startBackgroundJobs> };

/**
 * Stops the background jobs (giving their lease up) and closes the database; the server has stopped taking
 * requests by then. Jobs still running after `jobsMs` are left to die with the process: each is safe to cut off.
 */
export async function shutdown(jobsMs = 5000): Promise<void> {
  const jobs = background.__needledropBackgroundJobs;
  background.__needledropBackgroundJobs = undefined;
  if (jobs) await Promise.race([jobs.stop(), new Promise((resolve) => setTimeout(resolve, jobsMs).unref())]);
  closeDb();
  releaseServerLock(databasePath());
}

export interface AppOptions {
  /** Renders pages: React Router in the real server, a stand-in in HTTP contract tests. */
  pages: RequestHandler;
  development?: boolean;
  /** Vite's middleware in development; the built client files are served otherwise. */
  devMiddleware?: RequestHandler;
  /** Defaults to the process-wide database at DATABASE_PATH. */
  db?: Db;
  /**
   * Run the background sweeps (abandoned unpaid orders, record club renewals, mail) while this process holds their
   * lease: the real server, not tests.
   */
  background?: boolean;
}

export function createApp(options: AppOptions) {
  const config = loadConfig();
  const development = options.development ?? false;
  const db = options.db ?? getDb();
  const payments = paymentProviderFor(config);
  const services = createServices(db, {
    mediaDir: config.mediaDir,
    smtpUrl: config.SMTP_URL,
    mailDir: config.MAIL_DIR,
    mailFrom: config.MAIL_FROM,
    payments,
    clubPayments: clubPaymentsFor(config),
    instagramPublisher: instagramPublisherFor(config),
    discogs: discogsClientFor(config),
    publicOrigin: mailOrigin(config),
    rateLimitFactor: config.RATE_LIMIT_FACTOR,
  });
  warnWithoutPublicOrigin(config);

  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY) app.set("trust proxy", trustProxySetting(config.TRUST_PROXY));

  const log = accessLog(config.ACCESS_LOG === "on");
  app.use(log);
  // Visitors' public pages from memory, before any other work (docs/decisions/0024-visitor-page-cache.md).
  const pageCache = createPageCache({
    version: createChangeVersion(db),
    maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
    publicOrigin: config.PUBLIC_ORIGIN === undefined ? undefined : new URL(config.PUBLIC_ORIGIN).origin,
  });
  app.use(pageCache.middleware);
  // Reached directly (no proxy to trust), a hit need not enter Express at all: see listenerWithPageCache.
  if (!config.TRUST_PROXY && !development) {
    const logged = (req: IncomingMessage, res: ServerResponse) => () =>
      log(req as express.Request, res as express.Response, () => {});
    app.locals.serveCachedPage = (req: IncomingMessage, res: ServerResponse) => pageCache.serveDirect(req, res, logged(req, res));
  }
  // A hosted payment page is reached by a form post that redirects: its origin must be a form-action.
  const formActionOrigins = payments.kind === "redirect" ? payments.formActionOrigins : [];
  app.use(cspNonce, securityHeaders({ development, formActionOrigins }), hstsWhenSecure);
  app.use(compressUnlessCollected(compression()), flushWhenFlowing);

  if (options.devMiddleware) app.use(options.devMiddleware);
  // Hashed file names: safe to cache for a year.
  else
    app.use(
      "/assets",
      express.static(path.join(config.BUILD_DIR, "client", "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
  app.use(["/media/covers", "/media/photos", COVER_VARIANT_PREFIX], shareableImage);
  app.get("/media/audio/:file", previewOnFirstPlay(services));
  app.use("/media", express.static(config.mediaDir, { maxAge: "7d", index: false }));
  app.get("/media/covers/:file", coverOnFirstRequest(services));
  app.use(COVER_VARIANT_PREFIX, coverVariantRoute(services.images));

  // Payment webhooks come from the provider's servers (no Origin header): their signature authenticates them.
  app.use("/api/payments/webhook", paymentWebhook(services));
  // A mail client's RFC 8058 one-click unsubscribe (no Origin header): its token authenticates it.
  app.use(oneClickUnsubscribe("/unsubscribe", (token) => services.newsletter.unsubscribe(token)));
  app.use(oneClickUnsubscribe(STOP_PATH, (token) => services.cartReminders.stop(token)));
  app.use(oneClickUnsubscribe("/wants/unsubscribe", (token, query) => services.wants.unsubscribe(token, wantToStop(query))));
  app.use(originCheck(config.allowedOrigins));
  // The signed-in user, read from the session cookie, before the body (an admin may upload more) and the context.
  app.use(sessionMiddleware(services.sessions));
  app.use(bufferBody((userId, permission) => may(services.staffAccess.roleOf(userId), permission)));
  app.use((req, res, next) => {
    res.locals.ctx = createRequestContext(db, services, req, res);
    next();
  });

  // A drop's waiting room: a small page of its own, not the shop's render path (docs/decisions/0088-fair-drops.md).
  app.use("/drops", waitingRoom());
  app.use(
    "/trpc",
    trpcRequestLimits,
    createExpressMiddleware({
      router: appRouter,
      // trpcRequestLimits refuses larger batches first, with a clearer message; this is tRPC's own guard.
      maxBatchSize: MAX_BATCH_CALLS,
      createContext: ({ res }) => res.locals.ctx,
      responseMeta: retryAfterMeta,
      onError({ error, path: procedure }) {
        if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[trpc] ${procedure}:`, error);
      },
    }),
  );
  app.use("/api", apiRouter());
  // Other public files (favicon, images) after the API, so API calls never wait on a file-system lookup.
  // Only addresses with a file extension can be files: a page address is not looked up on disk first.
  if (!options.devMiddleware) {
    const publicFiles = express.static(path.join(config.BUILD_DIR, "client"), { maxAge: "1h", index: false });
    app.use((req, res, next) => (path.extname(req.path) === "" ? next() : publicFiles(req, res, next)));
  }
  app.use(pageRequests, options.pages);
  app.use(errorHandler);
  if (options.background) {
    void background.__needledropBackgroundJobs?.stop();
    background.__needledropBackgroundJobs = startBackgroundJobs(db, services, config);
  }
  return app;
}

/**
 * The app as Node's request listener, answering visitor-cache hits before Express when it can (decision 24): the
 * real server listens with this; tests keep the Express app.
 */
export function listenerWithPageCache(app: express.Express) {
  const serveCachedPage = app.locals.serveCachedPage as ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  const listener = serveCachedPage
    ? (req: IncomingMessage, res: ServerResponse) => {
        if (!serveCachedPage(req, res)) app(req, res);
      }
    : app;
  return Object.assign(listener, {
    listen: (port: number, host: string, onListening?: () => void) => {
      const server = http.createServer(listener);
      // Longer than the idle timeout of the proxies and clients that keep connections open (nginx's upstream
      // keep-alive, load balancers at 60 s): a connection the shop closed at Node's default 5 s, just as the other
      // side reused it, failed that request with a reset.
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      server.headersTimeout = KEEP_ALIVE_MS + 1000;
      return server.listen(port, host, onListening);
    },
  });
}

/** How long an idle kept-alive connection stays open. */
export const KEEP_ALIVE_MS = 65_000;

/** Express reads a bare string as an address list, so "1" must become the hop count 1 and "true" true. */
export function trustProxySetting(value: string): number | boolean | string {
  if (/^\d+$/.test(value)) return Number(value);
  if (value === "true") return true;
  return value;
}
