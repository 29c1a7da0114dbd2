import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FIELD_LIMITS, FORMATS, RECORD_CONDITIONS, type RecordFieldName } from "~/domain/catalogue/record-fields";
import { COVER_MAX_BYTES } from "~/domain/catalogue/record-media";
import { FormField, InputField } from "./form-field";

type Fields = Record<RecordFieldName, FieldMetadata<unknown>>;

const input = (error?: string[]) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-needle focus:outline-none ${
    error ? "border-red-500" : "border-stone-300"
  }`;

/** The ids the page's fields have always had (`record-price`, its message `record-price-error`). */
export const recordFieldId = (name: string) => `record-${name}`;

function TextField({
  field,
  label,
  hint,
  type = "text",
  ...attributes
}: {
  field: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  type?: "text" | "date";
  inputMode?: "decimal" | "numeric";
  placeholder?: string;
  list?: string;
  maxLength?: number;
}) {
  return (
    <InputField
      field={field}
      id={recordFieldId(field.name)}
      label={label}
      hint={hint}
      type={type}
      className={input(field.errors)}
      {...attributes}
    />
  );
}

function Choice({ field, label, children }: { field: FieldMetadata<unknown>; label: string; children: React.ReactNode }) {
  const { key, ...select } = getSelectProps(field);
  return (
    <FormField id={recordFieldId(field.name)} label={label} error={field.errors?.[0]}>
      {(aria) => (
        <select key={key} {...select} {...aria} className={input(field.errors)}>
          {children}
        </select>
      )}
    </FormField>
  );
}

function Flag({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  const { key, ...box } = getInputProps(field, { type: "checkbox" });
  return (
    <label className="flex items-center gap-2 text-sm">
      <input key={key} {...box} className="h-4 w-4" /> {label}
    </label>
  );
}

/** A record's fields as stored, as the form starts from them (its boxes ticked as Conform ticks them: "on"). */
export function recordFormDefaults(text: Record<RecordFieldName, string>): Record<string, string | undefined> {
  return {
    ...text,
    isNewRelease: text.isNewRelease === "yes" ? "on" : undefined,
    bestSeller: text.bestSeller === "yes" ? "on" : undefined,
  };
}

/** Every editable field of a record (spec §3), as inputs that post without JavaScript. */
export function RecordFormFields({ fields, genres }: { fields: Fields; genres: string[] }) {
  const { key: descriptionKey, ...description } = getTextareaProps(fields.description);
  return (
    <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
      <TextField field={fields.title} label="Title" />
      <TextField field={fields.artist} label="Artist" />
      <TextField
        field={fields.price}
        label="Price (£, VAT included)"
        inputMode="decimal"
        placeholder="12.99"
        hint="In pounds and pence, such as 24.99"
      />
      <TextField field={fields.genre} label="Genre" list="record-genres" />
      <datalist id="record-genres">
        {genres.map((g) => (
          <option key={g} value={g} />
        ))}
      </datalist>
      <Choice field={fields.format} label="Format">
        <option value="">Not given</option>
        {FORMATS.map((f) => (
          <option key={f}>{f}</option>
        ))}
      </Choice>
      <Choice field={fields.condition} label="Condition">
        {RECORD_CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {c === "new" ? "New" : "Used"}
          </option>
        ))}
      </Choice>
      <TextField field={fields.label} label="Label" />
      <TextField field={fields.catalogNumber} label="Catalogue number" hint="Imports match records by it" />
      <TextField
        field={fields.discogsReleaseId}
        label="Discogs release id"
        inputMode="numeric"
        placeholder="249504"
        hint="Its number in discogs.com/release/…; copies take it"
      />
      <TextField field={fields.releaseDate} label="Release date" type="date" hint="A date after today makes it a pre-order" />
      <TextField field={fields.physicalReleaseDate} label="Physical release date" type="date" />
      <TextField field={fields.year} label="Year" inputMode="numeric" placeholder="1972" />
      <TextField field={fields.rating} label="Rating (0–5)" inputMode="decimal" placeholder="4.5" />
      <TextField field={fields.duration} label="Preview length (seconds or m:ss)" placeholder="8" />
      <fieldset className="flex flex-wrap items-center gap-x-6 gap-y-2 pb-5 sm:pt-6">
        <legend className="sr-only">Flags</legend>
        <Flag field={fields.isNewRelease} label="New release" />
        <Flag field={fields.bestSeller} label="Best seller" />
      </fieldset>
      <div className="sm:col-span-2">
        <FormField id={recordFieldId("description")} label="Description" error={fields.description.errors?.[0]}>
          {(aria) => (
            <textarea
              key={descriptionKey}
              {...description}
              {...aria}
              rows={5}
              maxLength={FIELD_LIMITS.description}
              className={input(fields.description.errors)}
            />
          )}
        </FormField>
      </div>
    </div>
  );
}

/** The cover and audio preview inputs; a chosen file replaces the current one when the form is saved. */
export function RecordMediaFields({
  errors,
  coverUrl,
  audioUrl,
}: {
  errors: Record<string, string[] | undefined>;
  coverUrl?: string;
  audioUrl?: string;
}) {
  return (
    <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
      <FormField
        id={recordFieldId("cover")}
        label="Cover image"
        hint={`JPEG, PNG or WebP up to ${COVER_MAX_BYTES / 1024 / 1024} MB; stored as a 600 px square`}
        error={errors.cover?.[0]}
      >
        {(aria) => (
          <div className="mt-1 flex items-center gap-3">
            {coverUrl && (
              <img
                src={coverUrl}
                alt="Current cover"
                width={64}
                height={64}
                className="h-16 w-16 rounded object-cover ring-1 ring-stone-200"
              />
            )}
            <input {...aria} name="cover" type="file" accept="image/jpeg,image/png,image/webp" className="block w-full text-sm" />
          </div>
        )}
      </FormField>
      <FormField id={recordFieldId("audio")} label="Audio preview" hint="MP3, WAV or Ogg up to 8 MB" error={errors.audio?.[0]}>
        {(aria) => (
          <div className="mt-1 space-y-2">
            {audioUrl && <audio controls preload="none" src={audioUrl} className="w-full" />}
            <input
              {...aria}
              name="audio"
              type="file"
              accept="audio/mpeg,audio/wav,audio/ogg,.mp3,.wav,.ogg"
              className="block w-full text-sm"
            />
          </div>
        )}
      </FormField>
    </div>
  );
}
