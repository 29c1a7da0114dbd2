import type { EntryContext, ServerBuild } from "react-router";

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
    loaderData: handled.loaderData,
    actionData: handled.actionData,
    statusCode: handled.statusCode,
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
export function entryContextOf(job: RenderJob, build: ServerBuild): EntryContext {
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
      loaderData: job.loaderData,
      actionData: job.actionData,
      errors: null,
      statusCode: job.statusCode,
      loaderHeaders: {},
      actionHeaders: {},
    },
    serializeError: (error: Error) => ({ message: error.message }),
  } as unknown as EntryContext;
}
