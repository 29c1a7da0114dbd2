import type { AppLoadContext } from "react-router";
import type { Actor } from "~/domain/admin/audit";
import { requireAdmin } from "~/lib/guards.server";

/** The signed-in admin as the audit log names them; refuses anyone else like requireAdmin. */
export function requireActor(context: AppLoadContext, request: Request): Actor {
  const user = requireAdmin(context, request);
  return { id: user.id, username: user.username };
}
