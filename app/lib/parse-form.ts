import { parseWithZod } from "@conform-to/zod/v4";
import { echoKnownFields, formFieldLimits } from "~/domain/shared/form-echo";
import type { z } from "~/domain/shared/zod";

/**
 * Conform's parseWithZod for actions, whose reply echoes only the schema's own fields, each cut to its length
 * limit (see ~/domain/shared/form-echo). Use it wherever an action answers a form with `submission.reply()`.
 */
export function parseForm<Schema extends z.ZodType>(
  formData: FormData,
  options: {
    schema: Schema;
    /** The whole form, when the schema checks only part of it (one button of a larger form): its fields are echoed. */
    form?: z.ZodType;
  },
) {
  const submission = parseWithZod(formData, { schema: options.schema });
  const limits = formFieldLimits(options.form ?? options.schema);
  const reply = submission.reply.bind(submission);
  return Object.assign(submission, {
    reply: (...args: Parameters<typeof reply>) => echoKnownFields(reply(...args), limits),
  });
}
