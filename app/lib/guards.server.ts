import { data, redirect, type AppLoadContext } from "react-router";
import type { Actor } from "~/domain/admin/audit";
import { may, type PagePermission, type StaffRole } from "~/domain/staff/permissions";
import type { z } from "~/domain/shared/zod";
import { intent, type Echo, type FormIntent } from "~/lib/forms/form-action.server";

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

/**
 * Back-office pages, actions and exports: signed out → sign in; without `permission` → 403 (logged), whatever the
 * UI shows; a role that needs a second factor not yet set up → its set-up first. Returns the person as the audit
 * log names them, with the address and the permission used.
 */
export function requirePermission(context: AppLoadContext, request: Request, permission: PagePermission): StaffActor {
  const user = requireUser(context, request);
  const decision = context.services.staffAccess.check(
    { user, clientIp: context.clientIp },
    permission,
    `${request.method} ${pageAddress(request)}`,
  );
  if (decision.ok) return { ...decision.actor, role: decision.role };
  if (decision.reason === "two-factor-setup") {
    throw redirect(`/profile/two-factor?${new URLSearchParams({ redirectTo: pageAddress(request) })}`);
  }
  throw data("You do not have permission to do that.", { status: 403 });
}

/** A member of staff as a guard returns them: who, from where, under which permission, and their role. */
export type StaffActor = Actor & { permission: string; role: StaffRole };

/** What a page offers a person: does their role hold `permission`? For showing only what they may do. */
export function staffMay(actor: StaffActor, permission: PagePermission): boolean {
  return may(actor.role, permission);
}

/**
 * A form intent that needs its own permission: checked before its fields are read (a refused person learns nothing
 * about the form), and the handler gets the person under that permission for the audit log.
 */
export function staffIntent<I extends string, Schema extends z.ZodType, Answer>(
  context: AppLoadContext,
  request: Request,
  handle: { intents: Record<I, PagePermission> },
  name: I,
  schema: Schema,
  handler: (value: z.output<Schema>, actor: StaffActor, echo: Echo) => Answer | Promise<Answer>,
): FormIntent<Schema, Answer> {
  let actor: StaffActor | undefined;
  const permitted = () => (actor ??= requirePermission(context, request, handle.intents[name]));
  return intent(schema, (value, _formData, echo) => handler(value, permitted(), echo), { before: permitted });
}
