import { readFile } from "node:fs/promises";
import { data } from "react-router";
import { returnNumberParamsSchema } from "~/domain/returns/return-admin";
import { NotFoundError } from "~/domain/shared/errors";
import { staffHandle } from "~/domain/staff/staff-handle";
import { requirePermission } from "~/lib/guards.server";
import { z } from "~/domain/shared/zod";
import type { Route } from "./+types/return-photo";

export const handle = staffHandle("orders.view");

const paramsSchema = returnNumberParamsSchema.extend({ photoId: z.coerce.number().int().positive() });

/** A shopper's photo of a return, for staff only (never cached by a shared cache). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw data("Photo not found.", { status: 404 });
  try {
    const file = context.services.adminReturns.photoFile(parsed.data.returnNumber, parsed.data.photoId);
    const body = await readFile(file).catch(() => null);
    if (!body) throw new NotFoundError("Photo not found.");
    const type = file.endsWith(".png") ? "image/png" : file.endsWith(".webp") ? "image/webp" : "image/jpeg";
    return new Response(body, {
      headers: { "Content-Type": type, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(error.message, { status: 404 });
    throw error;
  }
}
