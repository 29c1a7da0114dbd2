import { FIELD_LIMITS, FORMATS, RECORD_CONDITIONS, type RecordFieldName } from "~/domain/catalogue/record-fields";
import { COVER_MAX_BYTES } from "~/domain/catalogue/record-media";

type Values = Partial<Record<string, string>>;

const input = (error?: string) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base shadow-sm focus:border-needle focus:outline-none ${
    error ? "border-red-500" : "border-stone-300"
  }`;

function Labelled({
  name,
  label,
  hint,
  error,
  children,
  className = "",
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={`record-${name}`} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`record-${name}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      <p id={`record-${name}-error`} className="mt-1 min-h-5 text-sm text-red-700" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

function TextField({
  name,
  label,
  values,
  errors,
  required,
  maxLength,
  hint,
  type = "text",
  inputMode,
  placeholder,
  list,
  className,
}: {
  name: RecordFieldName | "openingStock";
  label: string;
  values: Values;
  errors: Values;
  required?: boolean;
  maxLength?: number;
  hint?: string;
  type?: "text" | "date";
  inputMode?: "decimal" | "numeric";
  placeholder?: string;
  list?: string;
  className?: string;
}) {
  const error = errors[name];
  return (
    <Labelled name={name} label={label} hint={hint} error={error} className={className}>
      <input
        id={`record-${name}`}
        name={name}
        type={type}
        defaultValue={values[name] ?? ""}
        required={required}
        maxLength={maxLength}
        inputMode={inputMode}
        placeholder={placeholder}
        list={list}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `record-${name}-error` : hint ? `record-${name}-hint` : undefined}
        className={input(error)}
      />
    </Labelled>
  );
}

/** Every editable field of a record (spec §3), as plain inputs that post without JavaScript. */
export function RecordFormFields({ values, errors, genres }: { values: Values; errors: Values; genres: string[] }) {
  return (
    <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
      <TextField name="title" label="Title" values={values} errors={errors} required maxLength={FIELD_LIMITS.title} />
      <TextField name="artist" label="Artist" values={values} errors={errors} required maxLength={FIELD_LIMITS.artist} />
      <TextField
        name="price"
        label="Price (£, VAT included)"
        values={values}
        errors={errors}
        required
        inputMode="decimal"
        placeholder="12.99"
        hint="In pounds and pence, such as 24.99"
      />
      <TextField name="genre" label="Genre" values={values} errors={errors} maxLength={FIELD_LIMITS.genre} list="record-genres" />
      <datalist id="record-genres">
        {genres.map((g) => (
          <option key={g} value={g} />
        ))}
      </datalist>
      <Labelled name="format" label="Format" error={errors.format}>
        <select id="record-format" name="format" defaultValue={values.format ?? ""} className={input(errors.format)}>
          <option value="">Not given</option>
          {FORMATS.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </select>
      </Labelled>
      <Labelled name="condition" label="Condition" error={errors.condition}>
        <select
          id="record-condition"
          name="condition"
          defaultValue={values.condition || "new"}
          className={input(errors.condition)}
        >
          {RECORD_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {c === "new" ? "New" : "Used"}
            </option>
          ))}
        </select>
      </Labelled>
      <TextField name="label" label="Label" values={values} errors={errors} maxLength={FIELD_LIMITS.label} />
      <TextField
        name="catalogNumber"
        label="Catalogue number"
        values={values}
        errors={errors}
        maxLength={FIELD_LIMITS.catalogNumber}
        hint="Imports match records by it"
      />
      <TextField
        name="releaseDate"
        label="Release date"
        type="date"
        values={values}
        errors={errors}
        hint="A date after today makes it a pre-order"
      />
      <TextField name="physicalReleaseDate" label="Physical release date" type="date" values={values} errors={errors} />
      <TextField name="year" label="Year" values={values} errors={errors} inputMode="numeric" placeholder="1972" />
      <TextField name="rating" label="Rating (0–5)" values={values} errors={errors} inputMode="decimal" placeholder="4.5" />
      <TextField name="duration" label="Preview length (seconds or m:ss)" values={values} errors={errors} placeholder="8" />
      <fieldset className="flex flex-wrap items-center gap-x-6 gap-y-2 pb-5 sm:pt-6">
        <legend className="sr-only">Flags</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isNewRelease" defaultChecked={values.isNewRelease === "yes"} className="h-4 w-4" /> New
          release
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="bestSeller" defaultChecked={values.bestSeller === "yes"} className="h-4 w-4" /> Best seller
        </label>
      </fieldset>
      <Labelled name="description" label="Description" error={errors.description} className="sm:col-span-2">
        <textarea
          id="record-description"
          name="description"
          rows={5}
          maxLength={FIELD_LIMITS.description}
          defaultValue={values.description ?? ""}
          className={input(errors.description)}
        />
      </Labelled>
    </div>
  );
}

/** The cover and audio preview inputs; a chosen file replaces the current one when the form is saved. */
export function RecordMediaFields({ errors, coverUrl, audioUrl }: { errors: Values; coverUrl?: string; audioUrl?: string }) {
  return (
    <div className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
      <Labelled
        name="cover"
        label="Cover image"
        hint={`JPEG, PNG or WebP up to ${COVER_MAX_BYTES / 1024 / 1024} MB; stored as a 600 px square`}
        error={errors.cover}
      >
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
          <input
            id="record-cover"
            name="cover"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="block w-full text-sm"
          />
        </div>
      </Labelled>
      <Labelled name="audio" label="Audio preview" hint="MP3, WAV or Ogg up to 8 MB" error={errors.audio}>
        <div className="mt-1 space-y-2">
          {audioUrl && <audio controls preload="none" src={audioUrl} className="w-full" />}
          <input
            id="record-audio"
            name="audio"
            type="file"
            accept="audio/mpeg,audio/wav,audio/ogg,.mp3,.wav,.ogg"
            className="block w-full text-sm"
          />
        </div>
      </Labelled>
    </div>
  );
}
