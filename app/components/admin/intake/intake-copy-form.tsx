import { UsedCopyPurchaseFields } from "../used-copy-purchase-fields";
import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert, FormField } from "~/components/admin/form-field";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { GRADES, readGrade } from "~/domain/catalogue/grades";
import { intakeCopySchema } from "~/domain/intake/intake-schemas";
import { formatPence } from "~/domain/shared/money";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import type { PickedPressing } from "../../../../server/services/intake";

const input = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2";
/** A grade as typed, in any case ("vg+"): the schema's own pattern would hold the exact capitals. */
const GRADE_PATTERN = String.raw`\s*([Mm]|[Nn][Mm]|[Vv][Gg]\+?|[Gg]\+?|[Ff]|[Pp])\s*`;

function TextField({
  field,
  label,
  hint,
  className = input,
  ...attributes
}: { field: FieldMetadata<unknown>; label: string; hint?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "form">) {
  const { key, ...props } = getInputProps(field, { type: "text" });
  return (
    <FormField id={field.id} label={label} hint={hint} error={field.errors?.[0]}>
      {(aria) => <input key={key} {...props} {...aria} {...attributes} id={field.id} autoComplete="off" className={className} />}
    </FormField>
  );
}

/** What publishing will do with the pressing's cover, said before it is done (see docs/decisions/0080). */
function CoverNote({ picked }: { picked: PickedPressing }) {
  if (picked.hasCover) return null;
  return (
    <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
      {picked.pressingId === null
        ? `Publishing adds this pressing to the catalogue from Discogs release ${picked.release?.id} with no stock and a new price of ${formatPence(picked.newPricePence)} to check later. Discogs's images are not copied, so it has no cover: `
        : "This pressing has no cover: "}
      shoppers won&apos;t see it or this copy until a cover is added on the record&apos;s page
      {picked.pressingId !== null && (
        <>
          {" "}
          (
          <Link to={`/admin/catalog-update/${picked.pressingId}`} className="underline">
            #{picked.pressingId}
          </Link>
          )
        </>
      )}
      .
    </p>
  );
}

/**
 * Grading, pricing and shelving the copy in hand, then publishing it: keyboard first (grades are typed, "vg+"; Enter
 * publishes from any field). An empty price takes the suggestion for the media grade, worked out again on the server.
 */
export function IntakeCopyForm({
  picked,
  shelf,
  bought,
  submissionKey,
  lastResult,
  action,
}: {
  picked: PickedPressing;
  shelf: string | null;
  /** The last copy's scheme, date and seller: a box bought from one seller goes in with the same. */
  bought: { vatScheme: string; purchasedAt: string | null; purchasedFrom: string | null } | null;
  submissionKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(intakeCopySchema, {
    id: "intake-copy",
    lastResult,
    defaultValue: {
      shelfLocation: shelf ?? "",
      vatScheme: bought?.vatScheme ?? "standard",
      purchasedAt: bought?.purchasedAt ?? "",
      purchasedFrom: bought?.purchasedFrom ?? "",
    },
  });
  const [grade, setGrade] = useState<string>(String(fields.mediaGrade.initialValue ?? ""));
  const suggestion = picked.suggestions[readGrade(grade) ?? "VG+"];
  const r = picked.release;
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 className="font-display text-xl font-bold">
        Grade and price: {picked.title} <span className="font-normal">— {picked.artist}</span>
      </h2>
      <p className="text-sm text-stone-600">
        {[picked.label, picked.catalogNumber, picked.format, picked.year].filter((v) => v !== null && v !== "").join(" · ")}
        {picked.barcodeToRemember && <> · barcode {picked.barcodeToRemember} will be remembered on it</>}
      </p>
      <CoverNote picked={picked} />
      <input type="hidden" name="pressing" value={picked.pick} />
      <SubmissionKeyField value={submissionKey} />
      {picked.barcodeToRemember && <input type="hidden" name="barcode" value={picked.barcodeToRemember} />}
      {r && (
        <>
          <input type="hidden" name="releaseTitle" value={r.title} />
          <input type="hidden" name="releaseArtist" value={r.artist} />
          <input type="hidden" name="releaseLabel" value={r.label ?? ""} />
          <input type="hidden" name="releaseCatalogNumber" value={r.catalogNumber ?? ""} />
          <input type="hidden" name="releaseFormat" value={r.format ?? ""} />
          <input type="hidden" name="releaseYear" value={r.year ?? ""} />
        </>
      )}
      <div className="mt-2 min-h-5">
        <FormAlert id={form.errorId} message={form.errors?.[0] ?? fields.pressing.errors?.[0]} />
      </div>
      <datalist id="intake-grades">
        {GRADES.map((g) => (
          <option key={g} value={g} />
        ))}
      </datalist>
      <div className="grid gap-x-4 sm:grid-cols-4">
        <TextField
          field={fields.mediaGrade}
          label="Record grade"
          hint="M, NM, VG+, VG, G+, G, F or P"
          list="intake-grades"
          pattern={GRADE_PATTERN}
          // Picking the pressing brings the grade next: the code field's work is done.
          autoFocus
          onChange={(e) => setGrade(e.currentTarget.value)}
        />
        <TextField
          field={fields.sleeveGrade}
          label="Sleeve grade"
          hint="As the record grade"
          list="intake-grades"
          pattern={GRADE_PATTERN}
        />
        <TextField
          field={fields.price}
          label="Price (£)"
          hint="Empty: the suggested price"
          inputMode="decimal"
          placeholder={(suggestion.pricePence / 100).toFixed(2)}
        />
        <TextField field={fields.shelfLocation} label="Shelf location" hint="Kept for the next copy" />
      </div>
      <TextField field={fields.note} label="Condition note (optional)" />
      <UsedCopyPurchaseFields fields={fields} />
      <SuggestedPrices picked={picked} />
      <button
        type="submit"
        disabled={busy}
        className="mt-4 rounded-full bg-ink px-6 py-2.5 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
      >
        {busy ? "Publishing…" : "Publish"}
      </button>
    </Form>
  );
}

/** The suggestion at each media grade and where it came from, so the typed price can be judged against it. */
function SuggestedPrices({ picked }: { picked: PickedPressing }) {
  return (
    <details className="mt-3 text-sm" open>
      <summary className="cursor-pointer font-semibold">Suggested prices</summary>
      <ul className="mt-1 grid gap-x-4 sm:grid-cols-2">
        {GRADES.map((g) => (
          <li key={g}>
            <span className="inline-block w-10 font-semibold">{g}</span>
            <span className="tabular-nums">{formatPence(picked.suggestions[g].pricePence)}</span>{" "}
            <span className="text-stone-600">— {picked.suggestions[g].text}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
