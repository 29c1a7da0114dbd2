import type { EntryContext, ServerBuild } from "react-router";
import { sharedDataPlace } from "./shared-page-data.server";

/**
 * What a render thread needs to render a page whose loaders ran on the main thread (decision 38): plain data
 * only, copied between threads with the structured clone. The thread has the same build, so routes, route modules
 * and the manifest are looked up there by id instead of sent.
 */
export interface RenderJob {
  url: string;
  nonce: string;
  /** React Router's loader data for the browser, read to its end. */
  handoff: string;
  serverHandoffString: string | undefined;
  criticalCss: EntryContext["criticalCss"];
  future: EntryContext["future"];
  ssr: boolean;
  isSpaMode: boolean;
  routeDiscovery: EntryContext["routeDiscovery"];
  location: EntryContext["staticHandlerContext"]["location"];
  basename: string | undefined;
  matches: { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; routeId: string }[];
  loaderData: Record<string, unknown>;
  /**
   * The page's shared page data (decision 48): a route's data or a field of it, null in `loaderData`, sent to a
   * thread once: by its number, with the data itself only until a thread took it (or again after one lacked it).
   */
  shared: { routeId: string; field?: string; id: number; data?: unknown } | null;
  actionData: Record<string, unknown> | null;
  statusCode: number;
}

/**
 * The job for a page, or null for one only the main thread renders: a page showing an error boundary carries
 * error objects whose class the render looks at, which a copy would lose.
 */
export function renderJobOf(context: EntryContext, url: string, nonce: string, handoff: string): RenderJob | null {
  const handled = context.staticHandlerContext;
  if (handled.errors) return null;
  const { loaderData, shared } = withoutSharedData(handled.loaderData);
  return {
    url,
    nonce,
    handoff,
    serverHandoffString: context.serverHandoffString,
    criticalCss: context.criticalCss,
    future: context.future,
    ssr: context.ssr,
    isSpaMode: context.isSpaMode,
    routeDiscovery: context.routeDiscovery,
    location: handled.location,
    basename: handled.basename,
    matches: handled.matches.map((match) => ({
      params: match.params,
      pathname: match.pathname,
      pathnameBase: match.pathnameBase,
      routeId: match.route.id,
    })),
    loaderData,
    shared,
    actionData: handled.actionData,
    statusCode: handled.statusCode,
  };
}

/**
 * Shared page data is the same object for every page that shows it until the shop changes: a thread keeps what it
 * was sent of it (keptSharedData), so it is copied across once, not for every page. Numbered by object.
 */
const sharedIds = new WeakMap<object, number>();
const sentOnce = new WeakSet<object>();
let lastSharedId = 0;

function withoutSharedData(all: Record<string, unknown>): Pick<RenderJob, "loaderData" | "shared"> {
  const place = sharedDataPlace(all);
  if (!place) return { loaderData: all, shared: null };
  const { routeId, field, value } = place;
  let id = sharedIds.get(value);
  if (id === undefined) sharedIds.set(value, (id = ++lastSharedId));
  // Left in its place as null, so the thread's copy keeps the order of the routes and fields.
  const route = field === undefined ? null : { ...(all[routeId] as Record<string, unknown>), [field]: null };
  const loaderData = { ...all, [routeId]: route };
  const sent = sentOnce.has(value);
  return { loaderData, shared: { routeId, ...(field === undefined ? {} : { field }), id, ...(sent ? {} : { data: value }) } };
}

/**
 * Whether jobs from now on name the page's shared data instead of carrying it: yes once a thread has taken a job
 * that carried it; no again when a thread said it did not have it (it restarted, or let it go).
 */
export function sharedDataSent(context: EntryContext, sent: boolean): void {
  const place = sharedDataPlace(context.staticHandlerContext.loaderData);
  if (place && sent) sentOnce.add(place.value);
  else if (place) sentOnce.delete(place.value);
}

/** Raised by a thread asked to render a page with shared data it does not have. */
export class SharedDataMissing extends Error {
  override name = "SharedDataMissing";
}

/**
 * A render thread's store of the shared page data it was sent, by number: the most recent `max`, the least recently
 * used going first (they are the pages shoppers are looking at; an older one is sent again if it comes back).
 */
export function keptSharedData({ max = 64 }: { max?: number } = {}) {
  const kept = new Map<number, unknown>();
  return {
    /** The job's loader data, whole: its shared part put back, kept or taken from the job. */
    loaderDataOf(job: RenderJob): Record<string, unknown> {
      const shared = job.shared;
      if (!shared) return job.loaderData;
      let data = kept.get(shared.id);
      if ("data" in shared) data = shared.data;
      else if (data === undefined) throw new SharedDataMissing(`shared page data ${shared.id} is not kept here`);
      kept.delete(shared.id);
      kept.set(shared.id, data);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
      // Back in its place: the page's data whole, in the order the main thread had it.
      const route = shared.field === undefined ? data : { ...(job.loaderData[shared.routeId] as object), [shared.field]: data };
      return { ...job.loaderData, [shared.routeId]: route };
    },
    get size() {
      return kept.size;
    },
  };
}

/** Each route's module by id, as React Router's entry context carries them: the same for every page of a build. */
const routeModulesByBuild = new WeakMap<ServerBuild, EntryContext["routeModules"]>();
function routeModulesOf(build: ServerBuild): EntryContext["routeModules"] {
  let modules = routeModulesByBuild.get(build);
  if (!modules) {
    modules = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route!.module]));
    routeModulesByBuild.set(build, modules);
  }
  return modules;
}

/** The entry context React Router would have given the main thread, rebuilt from a job and this thread's build. */
export function entryContextOf(job: RenderJob, build: ServerBuild, loaderData = job.loaderData): EntryContext {
  const routes = build.routes;
  const matches = job.matches.map(({ routeId, ...match }) => {
    const route = routes[routeId];
    if (!route) throw new Error(`route ${routeId} is not in this build`);
    return { ...match, route: { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } };
  });
  return {
    manifest: build.assets,
    routeModules: routeModulesOf(build),
    criticalCss: job.criticalCss,
    serverHandoffString: job.serverHandoffString,
    // Read from renderMeta's settled stream cache; present so the page renders its StreamTransfer.
    serverHandoffStream: new ReadableStream<Uint8Array>(),
    renderMeta: {},
    future: job.future,
    ssr: job.ssr,
    isSpaMode: job.isSpaMode,
    routeDiscovery: job.routeDiscovery,
    staticHandlerContext: {
      basename: job.basename,
      location: job.location,
      matches,
      loaderData,
      actionData: job.actionData,
      errors: null,
      statusCode: job.statusCode,
      loaderHeaders: {},
      actionHeaders: {},
    },
    serializeError: (error: Error) => ({ message: error.message }),
  } as unknown as EntryContext;
}
