import { data, redirect, type AppLoadContext } from "react-router";

/**
 * The one server-side guard for protected pages (spec §2, §6): signed out → /auth?redirectTo=here;
 * signed in → the user. Loaders and actions call it first, so nothing protected renders or runs.
 */
export function requireUser(context: AppLoadContext, request: Request) {
  if (context.user) return context.user;
  throw redirect(`/auth?${new URLSearchParams({ redirectTo: pageAddress(request) })}`);
}

/**
 * The page a request is for, as a path and query. React Router hands loaders the request as it came
 * (docs/decisions/0041-requests-passed-through.md): a client-side navigation asks for `/path.data` (`/_root.data`
 * for the home page), with `_routes` naming the routes it wants and a bare `index` marking an index route's form.
 */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  const query = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (name === "_routes" || (name === "index" && value === "")) continue;
    query.append(name, value);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Admin pages: signed out → sign in; a signed-in customer → 403, whatever the UI shows. */
export function requireAdmin(context: AppLoadContext, request: Request) {
  const user = requireUser(context, request);
  if (user.role !== "admin") throw data(null, { status: 403 });
  return user;
}
