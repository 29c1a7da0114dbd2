import { data } from "react-router";
import { postIdSchema } from "~/domain/instagram/instagram";
import { NotFoundError } from "~/domain/shared/errors";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/instagram-caption";

export const handle = staffHandle("instagram.manage");

/** A post's caption as a plain-text download, to paste into Instagram. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const parsed = postIdSchema.safeParse({ postId: params.postId });
  if (!parsed.success) throw data("No such post.", { status: 404 });
  try {
    const { body, filename } = context.services.instagram.captionDownload(parsed.data.postId);
    return new Response(body, {
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(error.message, { status: 404 });
    throw error;
  }
}
