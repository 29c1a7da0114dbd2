import type { ReactNode } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { Icon } from "~/components/icons/icon";
import { Toasts } from "~/components/toasts";
import { UserMenu } from "~/components/user-menu";
import type { loader as rootLoader } from "~/root";
import { AdminMenu, AdminRail } from "./admin-nav";

export type Staff = {
  username: string;
  roleName: string;
  permissions: readonly string[];
  /** What waits in a section, by its path (the navigation shows it). */
  counts?: Readonly<Record<string, number>>;
};

/**
 * The back office's own chrome (decision 68), in place of the shop's sidebar, header, newsletter footer and chat: a
 * top bar (the Menu below 1024 px, the shop's name leading back to the shop, who is signed in, the account menu
 * with Log out), the sections in a rail from 1024 px, and the page across the rest of the width. Only the page
 * prints.
 */
export function BackOfficeFrame({ staff, children }: { staff: Staff; children: ReactNode }) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="min-h-screen bg-paper">
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white print:hidden">
        <div className="flex h-14 items-center gap-2 px-2 sm:px-4">
          <AdminMenu pathname={pathname} permissions={staff.permissions} counts={staff.counts} />
          <Link to="/" className="flex items-center gap-1.5 rounded-full px-2 py-1.5 text-lg font-bold tracking-tight text-ink">
            <Icon name="disc" className="h-6 w-6 text-needle" />
            Needledrop
          </Link>
          {/* Below md the words beside the account menu are hidden: a tag says where the shop's name has led. */}
          <span className="hidden rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700 sm:inline md:hidden">
            Back office
          </span>
          <p className="ml-auto hidden text-sm text-stone-600 md:block">
            Back office · signed in as <span className="font-semibold text-ink">{staff.username}</span> (
            {staff.roleName.toLowerCase()})
          </p>
          <div className="ml-auto md:ml-0">
            <UserMenu username={staff.username} isAdmin />
          </div>
        </div>
      </header>
      <div className="lg:flex">
        <AdminRail pathname={pathname} permissions={staff.permissions} counts={staff.counts} />
        <main id="main" className="min-w-0 flex-1 px-4 pt-5 pb-28 sm:px-6 lg:pt-6 print:p-0">
          {/* The toast's band is a child of <main> itself, so it can stick below the top bar all the way down. */}
          <div className="no-print">
            <Toasts toast={root?.toast ?? null} inline />
          </div>
          {children}
        </main>
      </div>
    </div>
  );
}
