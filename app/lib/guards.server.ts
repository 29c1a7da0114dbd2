import { data, redirect, type AppLoadContext } from "react-router";

/**
 * The one server-side guard for protected pages (spec §2, §6): signed out → /auth?redirectTo=here;
 * signed in → the user. Loaders and actions call it first, so nothing protected renders or runs.
 */
export function requireUser(context: AppLoadContext, request: Request) {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`/auth?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}

/** Admin pages: signed out → sign in; a signed-in customer → 403, whatever the UI shows. */
export function requireAdmin(context: AppLoadContext, request: Request) {
  const user = requireUser(context, request);
  if (user.role !== "admin") throw data(null, { status: 403 });
  return user;
}
