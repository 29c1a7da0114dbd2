/** The back office's photo forms for a used copy: adding sends only files (read beside the form), removing names one. */
import { z } from "~/domain/shared/zod";

export const addPhotosSchema = z.object({});

export const removePhotoSchema = z.object({
  photoId: z.coerce.number({ error: "That photo is not one of this copy's." }).int().positive().max(999_999_999),
});
