import { data } from "react-router";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/section";

export const handle = staffHandle("back-office");

// Every other admin address: guarded like the dashboard (sign in, then 403 for customers); the pages
// themselves are not built yet, so an admin gets the 404 page.
export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  throw data(null, { status: 404 });
}

export default function AdminSection() {
  return null;
}
