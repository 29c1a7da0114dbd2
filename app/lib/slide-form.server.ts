/** The images the back office's slide form (app/components/admin/slide-form.tsx) sends beside its fields. */
import type { SlideUploads } from "../../server/services/slides";

function fileOf(form: FormData, name: string): File | null {
  const v = form.get(name);
  return v instanceof File && v.size > 0 ? v : null;
}

/** A new wide or tall image, or the word to remove the one there is; the service checks each image. */
export function slideUploads(form: FormData): SlideUploads {
  return {
    desktop: fileOf(form, "bgImage"),
    mobile: fileOf(form, "mobileImage"),
    removeDesktop: form.get("removeBgImage") === "on",
    removeMobile: form.get("removeMobileImage") === "on",
  };
}
