import { data } from "react-router";
import { postIdSchema } from "~/domain/instagram/instagram";
import { NotFoundError } from "~/domain/shared/errors";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import type { Route } from "./+types/instagram-image";

export const handle = staffHandle("instagram.manage");

/** A post's 1080 px square JPEG as a download, to post by hand. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const parsed = postIdSchema.safeParse({ postId: params.postId });
  if (!parsed.success) throw data("No such post.", { status: 404 });
  try {
    const { body, filename } = await context.services.instagram.imageDownload(parsed.data.postId);
    return new Response(new Uint8Array(body), {
      headers: {
        "Content-Type": "image/jpeg",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(error.message, { status: 404 });
    throw error;
  }
}
