/** Reading the back office's slide form (app/components/admin/slide-form.tsx) for its two pages' actions. */
import { slideSchema, type SlideInput } from "~/domain/home/slide-schema";
import { formFailureReply, formTexts } from "./form-failure.server";
import { parseInput } from "~/domain/shared/parse-input";
import type { SlideUploads } from "../../server/services/slides";

const TEXT_FIELDS = ["title", "description", "buttonText", "buttonLink", "bgColor", "textColor"] as const;

function fileOf(form: FormData, name: string): File | null {
  const v = form.get(name);
  return v instanceof File && v.size > 0 ? v : null;
}

/** The form's text as typed (to show it again beside errors), its parsed slide, and its images. */
export function readSlideForm(form: FormData): {
  values: Record<string, string>;
  parse: () => SlideInput;
  uploads: SlideUploads;
} {
  const values = formTexts(form, TEXT_FIELDS);
  // An unticked box sends nothing.
  values.active = form.get("active") === "on" ? "on" : "off";
  return {
    values,
    parse: () => parseInput(slideSchema, values),
    uploads: {
      desktop: fileOf(form, "bgImage"),
      mobile: fileOf(form, "mobileImage"),
      removeDesktop: form.get("removeBgImage") === "on",
      removeMobile: form.get("removeMobileImage") === "on",
    },
  };
}

/** The form again with its messages, for a refused save; rethrows what is not a form failure (a bug). */
export const slideFormFailure = formFailureReply;
