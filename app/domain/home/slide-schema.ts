/** The back office's slide form: one schema for the form, its action, the service and tRPC. */
import { z } from "~/domain/shared/zod";
import { contrastRatio, isHexColour, isShopLink, MIN_CONTRAST, SLIDE_LIMITS } from "./slide-rules";

const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ error: `Enter ${label}.` })
      .min(1, `Enter ${label}.`)
      .max(max, `Keep ${label} to ${max} characters.`),
  );

const colour = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z.string({ error: "Pick a colour." }).refine(isHexColour, "Use a colour such as #16130f."),
);

export const LINK_MESSAGE = "Use a path on this shop, such as /allvinyl or /browse?genre=Jazz.";
export const contrastMessage = (ratio: number) =>
  `The text colour is hard to read on the background (contrast ${ratio.toFixed(1)}:1; at least ${MIN_CONTRAST}:1 is needed).`;

export const slideSchema = z
  .object({
    title: text("a title", SLIDE_LIMITS.title),
    description: text("a description", SLIDE_LIMITS.description),
    buttonText: text("the button's text", SLIDE_LIMITS.buttonText),
    buttonLink: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z.string({ error: LINK_MESSAGE }).refine(isShopLink, LINK_MESSAGE),
    ),
    bgColor: colour,
    textColor: colour,
    // A checkbox: "on" when ticked, absent when not; never required (its default says so to the form's constraints).
    active: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean().default(false)),
  })
  .superRefine((v, ctx) => {
    const ratio = contrastRatio(v.bgColor, v.textColor);
    if (ratio < MIN_CONTRAST) ctx.addIssue({ code: "custom", path: ["textColor"], message: contrastMessage(ratio) });
  });
export type SlideInput = z.output<typeof slideSchema>;

export const slideIdSchema = z.object({ slideId: z.coerce.number().int().positive() });
export const moveSlideSchema = slideIdSchema.extend({ direction: z.enum(["up", "down"], { error: "Move up or down." }) });
