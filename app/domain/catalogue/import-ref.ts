/** Names a kept catalogue import file: the random id from its upload and the SHA-256 of its bytes. */
import { z } from "~/domain/shared/zod";

export const IMPORT_ID = /^[a-f0-9]{32}$/;
export const SHA256 = /^[a-f0-9]{64}$/;

export const importRefSchema = z.object({ id: z.string().regex(IMPORT_ID), hash: z.string().regex(SHA256) });
