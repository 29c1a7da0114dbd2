import { data } from "react-router";
import { requireAdmin } from "~/lib/guards.server";
import type { Route } from "./+types/stock-list";

// Placeholder until this section is built: guarded, then 404.
export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  throw data(null, { status: 404 });
}

export default function Placeholder() {
  return null;
}
