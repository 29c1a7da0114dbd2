import { Form, useNavigation } from "react-router";
import { SLIDE_LIMITS } from "~/domain/home/slide-rules";

export interface SlideFormReply {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

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

function Field({
  name,
  label,
  value,
  error,
  hint,
  max,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  max: number;
}) {
  const id = `slide-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        maxLength={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error${hint ? ` ${id}-hint` : ""}`}
        className={input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}

function ImageField({ kind, current, error }: { kind: "desktop" | "mobile"; current: string | null; error?: string }) {
  const id = `slide-${kind}`;
  const label = kind === "desktop" ? "Wide image (768 px and up)" : "Tall image (phones)";
  const size = kind === "desktop" ? "1600 × 720" : "800 × 1000";
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label} <span className="font-normal text-stone-600">(optional)</span>
      </label>
      {current && (
        <img src={current} alt="" className="mt-1 h-16 w-auto rounded object-cover ring-1 ring-stone-200" loading="lazy" />
      )}
      <input
        id={id}
        name={kind === "desktop" ? "bgImage" : "mobileImage"}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-stone-200 file:px-4 file:py-2 file:font-semibold hover:file:bg-stone-300"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
        JPEG, PNG or WebP up to 8 MB, cropped to {size}. {kind === "mobile" ? "Without one, phones get the wide image." : ""}
      </p>
      {current && (
        <label className="mt-1 flex items-center gap-2 text-sm">
          <input type="checkbox" name={kind === "desktop" ? "removeBgImage" : "removeMobileImage"} className="h-4 w-4" /> Remove
          this image
        </label>
      )}
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}

/** The back office's slide form (new or existing); a plain multipart form, so it works without JavaScript. */
export function SlideForm({
  start,
  reply,
  submitLabel,
}: {
  start: SlideFormValues;
  reply: SlideFormReply | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const v = reply?.values;
  const value = (name: keyof SlideFormValues) => v?.[name] ?? String(start[name] ?? "");
  const errors = reply?.errors ?? {};
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <input type="hidden" name="intent" value="save" />
      <p role={reply?.message ? "alert" : undefined} className="min-h-5 text-sm font-medium text-red-700">
        {reply?.message}
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field name="title" label="Title" value={value("title")} error={errors.title} max={SLIDE_LIMITS.title} />
        <Field
          name="buttonText"
          label="Button text"
          value={value("buttonText")}
          error={errors.buttonText}
          max={SLIDE_LIMITS.buttonText}
        />
      </div>
      <label htmlFor="slide-description" className="block text-sm font-medium text-stone-800">
        Description
      </label>
      <textarea
        id="slide-description"
        name="description"
        rows={2}
        maxLength={SLIDE_LIMITS.description}
        defaultValue={value("description")}
        aria-invalid={errors.description ? true : undefined}
        aria-describedby="slide-description-error"
        className={input}
      />
      <p id="slide-description-error" className="mt-1 min-h-5 text-sm text-red-700">
        {errors.description}
      </p>
      <Field
        name="buttonLink"
        label="Button link"
        value={value("buttonLink")}
        error={errors.buttonLink}
        hint="A page of this shop, such as /allvinyl or /browse?genre=Jazz."
        max={SLIDE_LIMITS.buttonLink}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        {(["bgColor", "textColor"] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`slide-${name}`} className="block text-sm font-medium text-stone-800">
              {name === "bgColor" ? "Background colour" : "Text colour"}
            </label>
            <input
              id={`slide-${name}`}
              name={name}
              type="color"
              defaultValue={value(name)}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={`slide-${name}-error`}
              className="mt-1 h-10 w-20 cursor-pointer rounded border border-stone-300 bg-white"
            />
            <p id={`slide-${name}-error`} className="mt-1 min-h-5 text-sm text-red-700">
              {errors[name]}
            </p>
          </div>
        ))}
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <ImageField kind="desktop" current={start.bgImage} error={errors.bgImage} />
        <ImageField kind="mobile" current={start.mobileImage} error={errors.mobileImage} />
      </div>
      <label className="mt-2 flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={v ? v.active === "on" : start.active} className="h-4 w-4" /> Show on
        the home page
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
