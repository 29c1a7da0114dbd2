import { Outlet, useRouteLoaderData } from "react-router";
import { BackOfficeFrame } from "~/components/admin/back-office-frame";
import { ErrorPage } from "~/components/error-page";
import { requirePermission, staffMay } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/layout";

export const handle = staffHandle("back-office");

// The shell guards too, but every page's own loader and action call requirePermission as well: child loaders run
// in parallel with this one, so the shell alone could not keep a page's data from a customer.
export function loader({ context, request }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  // Returns waiting for the shop (to decide, or back and not yet paid back), for those who may see them.
  const counts: Record<string, number> = staffMay(staff, "orders.view")
    ? { "/admin/returns": context.services.adminReturns.waitingCount() }
    : {};
  return { username: staff.username, roleName: staff.role.name, permissions: staff.role.permissions, counts };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <BackOfficeFrame staff={loaderData}>
      <Outlet />
    </BackOfficeFrame>
  );
}

/**
 * A back-office page that failed (a 404 section, a page's own 403 or 500) keeps the back office's frame. When this
 * layout itself refused the visitor there is no staff member to frame it for: the shop's shell shows the error.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const staff = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (!staff) return <ErrorPage error={error} />;
  return (
    <BackOfficeFrame staff={staff}>
      <ErrorPage error={error} />
    </BackOfficeFrame>
  );
}
