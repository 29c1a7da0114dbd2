import { parseWithZod } from "@conform-to/zod/v4";
import { echoKnownFields, formFieldLimits } from "~/domain/shared/form-echo";
import type { z } from "~/domain/shared/zod";

/**
 * Conform's parseWithZod for actions, whose reply echoes only the schema's own fields, each cut to its length
 * limit (see ~/domain/shared/form-echo). Use it wherever an action answers a form with `submission.reply()`.
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData, options: { schema: Schema }) {
  const submission = parseWithZod(formData, options);
  const limits = formFieldLimits(options.schema);
  const reply = submission.reply.bind(submission);
  return Object.assign(submission, {
    reply: (...args: Parameters<typeof reply>) => echoKnownFields(reply(...args), limits),
  });
}
