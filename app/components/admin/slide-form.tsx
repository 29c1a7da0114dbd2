import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { slideSchema } from "~/domain/home/slide-schema";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { FormAlert, FormField, InputField } from "./form-field";
import { SubmissionKeyField } from "./submission-key-field";

/** What the form starts from: a stored slide's fields, or a new slide's defaults. */
export interface SlideFormValues {
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
  bgColor: string;
  textColor: string;
  active: boolean;
  bgImage: string | null;
  mobileImage: string | null;
}

export const NEW_SLIDE: SlideFormValues = {
  title: "",
  description: "",
  buttonText: "Shop now",
  buttonLink: "/allvinyl",
  bgColor: "#16130f",
  textColor: "#ffffff",
  active: true,
  bgImage: null,
  mobileImage: null,
};

const input = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2";

/** The ids the page's fields have always had (`slide-title`, its message `slide-title-error`). */
const idOf = (name: string) => `slide-${name}`;

function ImageField({ kind, current, error }: { kind: "desktop" | "mobile"; current: string | null; error?: string }) {
  const id = idOf(kind);
  const label = kind === "desktop" ? "Wide image (768 px and up)" : "Tall image (phones)";
  const size = kind === "desktop" ? "1600 × 720" : "800 × 1000";
  return (
    <FormField
      id={id}
      label={
        <>
          {label} <span className="font-normal text-stone-600">(optional)</span>
        </>
      }
      hint={`JPEG, PNG or WebP up to 8 MB, cropped to ${size}. ${kind === "mobile" ? "Without one, phones get the wide image." : ""}`}
      error={error}
    >
      {(aria) => (
        <>
          {current && (
            <img src={current} alt="" className="mt-1 h-16 w-auto rounded object-cover ring-1 ring-stone-200" loading="lazy" />
          )}
          <input
            {...aria}
            name={kind === "desktop" ? "bgImage" : "mobileImage"}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-stone-200 file:px-4 file:py-2 file:font-semibold hover:file:bg-stone-300"
          />
          {current && (
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="checkbox" name={kind === "desktop" ? "removeBgImage" : "removeMobileImage"} className="h-4 w-4" />{" "}
              Remove this image
            </label>
          )}
        </>
      )}
    </FormField>
  );
}

/** The back office's slide form (new or existing); a multipart form, so it works without JavaScript. */
export function SlideForm({
  start,
  lastResult,
  submitLabel,
  submissionKey,
}: {
  start: SlideFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  /** A new slide's form carries its render's key, so it adds one slide however often it is sent. */
  submissionKey?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useSchemaForm(slideSchema, {
    id: "slide",
    lastResult,
    defaultValue: { ...start, active: start.active ? "on" : undefined },
  });
  const { key: descriptionKey, ...description } = getTextareaProps(fields.description);
  const { key: activeKey, ...active } = getInputProps(fields.active, { type: "checkbox" });
  // The images are checked by the service, which names them as the form does.
  const imageError = (name: string) => form.allErrors[name]?.[0];
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <input type="hidden" name="intent" value="save" />
      {submissionKey && <SubmissionKeyField value={submissionKey} />}
      <div className="min-h-5">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField field={fields.title} id={idOf("title")} label="Title" className={input} />
        <InputField field={fields.buttonText} id={idOf("buttonText")} label="Button text" className={input} />
      </div>
      <FormField id={idOf("description")} label="Description" error={fields.description.errors?.[0]}>
        {(aria) => <textarea key={descriptionKey} {...description} {...aria} rows={2} className={input} />}
      </FormField>
      <InputField
        field={fields.buttonLink}
        id={idOf("buttonLink")}
        label="Button link"
        hint="A page of this shop, such as /allvinyl or /browse?genre=Jazz."
        className={input}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <InputField
          field={fields.bgColor}
          id={idOf("bgColor")}
          type="color"
          label="Background colour"
          className="mt-1 h-10 w-20 cursor-pointer rounded border border-stone-300 bg-white"
        />
        <InputField
          field={fields.textColor}
          id={idOf("textColor")}
          type="color"
          label="Text colour"
          className="mt-1 h-10 w-20 cursor-pointer rounded border border-stone-300 bg-white"
        />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <ImageField kind="desktop" current={start.bgImage} error={imageError("bgImage")} />
        <ImageField kind="mobile" current={start.mobileImage} error={imageError("mobileImage")} />
      </div>
      <label className="mt-2 flex items-center gap-2 text-sm">
        <input key={activeKey} {...active} className="h-4 w-4" /> Show on the home page
      </label>
      <button
        type="submit"
        disabled={saving}
        className="mt-4 rounded-full bg-ink px-6 py-2.5 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
      >
        {saving ? "Saving…" : submitLabel}
      </button>
    </Form>
  );
}
