import { Outlet, useLocation } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/layout";

export const handle = staffHandle("back-office");

// The shell guards too, but every page's own loader and action call requirePermission as well: child loaders run
// in parallel with this one, so the shell alone could not keep a page's data from a customer.
export function loader({ context, request }: Route.LoaderArgs) {
  const staff = requirePermission(context, request, handle.permission);
  return { username: staff.username, roleName: staff.role.name, permissions: staff.role.permissions };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:flex lg:gap-8 lg:px-8 lg:py-10 print:block print:max-w-none print:p-0">
      <div className="lg:sticky lg:top-24 lg:self-start print:hidden">
        <p className="mb-3 hidden text-xs text-stone-600 lg:block">
          Back office · signed in as <span className="font-semibold">{loaderData.username}</span> (
          {loaderData.roleName.toLowerCase()})
        </p>
        <AdminNav pathname={pathname} permissions={loaderData.permissions} />
      </div>
      <div className="min-w-0 flex-1 pt-4 lg:pt-0 print:pt-0">
        <Outlet />
      </div>
    </div>
  );
}
