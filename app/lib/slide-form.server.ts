/** Reading the back office's slide form (app/components/admin/slide-form.tsx) for its two pages' actions. */
import { data } from "react-router";
import { fieldMessages } from "~/domain/catalogue/record-fields";
import { slideSchema, type SlideInput } from "~/domain/home/slide-schema";
import { formFailureOf } from "~/domain/shared/errors";
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
  const values: Record<string, string> = {};
  for (const name of TEXT_FIELDS) {
    const v = form.get(name);
    values[name] = typeof v === "string" ? v.slice(0, 1000) : "";
  }
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
export function slideFormFailure(error: unknown, values: Record<string, string>) {
  const failure = formFailureOf(error);
  if (!failure) throw error;
  return data(
    {
      message: failure.status === 400 ? "Please correct the fields marked below." : failure.message,
      errors: fieldMessages(failure.fields),
      values,
    },
    { status: failure.status },
  );
}
