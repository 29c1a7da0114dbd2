/** Names a kept catalogue import file: the random id from its upload and the SHA-256 of its bytes. */
import { z } from "~/domain/shared/zod";

export const IMPORT_ID = /^[a-f0-9]{32}$/;
export const SHA256 = /^[a-f0-9]{64}$/;

export const importRefSchema = z.object({ id: z.string().regex(IMPORT_ID), hash: z.string().regex(SHA256) });

/** The import page's upload form: its file is read beside the form and checked by the import service. */
export const importUploadSchema = z.object({});

/** Applying a checked file: which one, and whether to import only its valid rows (an unticked box sends nothing). */
export const importApplySchema = importRefSchema.extend({
  onlyValid: z.preprocess((v) => v === "on" || v === true, z.boolean().default(false)),
});
