import { getFormProps, getSelectProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { GradeOptions } from "~/components/catalogue/grade-options";
import { MAX_CONDITION_NOTE } from "~/domain/catalogue/grades";
import { formatPence } from "~/domain/shared/money";
import type { AdminUsedCopy } from "~/domain/catalogue/used-copy-view";
import { CopyPhotoImage } from "~/components/catalogue/copy-photos";
import { PhotoInput } from "~/components/admin/photo-input";
import { usedCopySchema } from "~/domain/catalogue/used-copy-schema";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { AdminTable, type AdminColumn } from "./admin-table";
import { FormAlert, FormField, InputField } from "./form-field";
import { SubmissionKeyField } from "./submission-key-field";
import { DiscogsReleaseLink } from "./discogs-release-link";
import { UsedCopyPurchaseFields } from "./used-copy-purchase-fields";
import { CopyPurchaseCell, type CopyPurchase } from "./copy-purchase-cell";

export type { AdminUsedCopy };

const input = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2";

function GradeSelect({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  const { key, ...select } = getSelectProps(field);
  return (
    <FormField id={`used-${field.name}`} label={label} error={field.errors?.[0]}>
      {(aria) => (
        <select key={key} {...select} {...aria} className={input}>
          <GradeOptions none="Pick a grade" />
        </select>
      )}
    </FormField>
  );
}

const copyColumns: AdminColumn<AdminUsedCopy>[] = [
  {
    header: "Copy",
    cell: (c) => (
      <div className="flex items-start gap-3">
        {c.photos[0] && (
          <CopyPhotoImage
            photo={c.photos[0]}
            alt=""
            sizes="3rem"
            displayWidth={48}
            className="aspect-square h-12 w-12 shrink-0 rounded object-cover"
          />
        )}
        <div>
          <Link to={`/admin/catalog-update/${c.id}`} className="font-semibold text-needle-dark hover:underline">
            #{c.id}
          </Link>
          {c.photos.length > 0 && (
            <span className="ml-2 text-xs text-stone-600">
              {c.photos.length} {c.photos.length === 1 ? "photo" : "photos"}
            </span>
          )}
          {c.note && <p className="max-w-xs text-xs text-stone-600">{c.note}</p>}
          {c.discogsReleaseId !== null && (
            <DiscogsReleaseLink releaseId={c.discogsReleaseId} className="block text-xs text-needle-dark underline" />
          )}
        </div>
      </div>
    ),
  },
  { header: "Record / sleeve", className: "font-medium", cell: (c) => `${c.mediaGrade} / ${c.sleeveGrade}` },
  { header: "Price", className: "tabular-nums", cell: (c) => formatPence(c.pricePence) },
  {
    header: "Status",
    cell: (c) =>
      c.stock > 0 ? (
        <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Available</span>
      ) : (
        <span className="rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">Sold</span>
      ),
  },
];

type FormProps = { lastResult: SubmissionResult<string[]> | undefined; submissionKey: string };

/**
 * A pressing's used copies in the back office, and the form that lists another one (works without JavaScript). The
 * form is keyed by its render's submission key: once a copy is listed, a new key comes and the form starts empty.
 */
export function UsedCopiesAdmin({
  copies,
  purchases = {},
  ...form
}: FormProps & { copies: AdminUsedCopy[]; purchases?: Record<number, CopyPurchase> }) {
  const columns: AdminColumn<AdminUsedCopy>[] = [
    ...copyColumns,
    { header: "Bought", cell: (c) => <CopyPurchaseCell copyId={c.id} sold={c.stock === 0} purchase={purchases[c.id]} /> },
  ];
  return (
    <section aria-labelledby="used-copies-admin" className="mt-10">
      <h2 id="used-copies-admin" className="font-display text-2xl font-bold">
        Used copies
      </h2>
      <AdminTable
        caption="Used copies"
        rows={copies}
        rowKey={(c) => c.id}
        columns={columns}
        empty="No used copies of this pressing yet."
        minWidth=""
        className="mt-3"
      />
      <AddUsedCopyForm key={form.submissionKey} {...form} />
    </section>
  );
}

function AddUsedCopyForm({ lastResult, submissionKey }: FormProps) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-used-copy";
  const [form, fields] = useSchemaForm(usedCopySchema, { id: "used-copy", lastResult });
  const { key: noteKey, ...note } = getTextareaProps(fields.note);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="mt-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h3 className="font-semibold">Add a used copy</h3>
      <p className="text-sm text-stone-600">
        One copy, one unit in stock, graded on the Goldmine scale. It takes this pressing&apos;s title, artist, label, format and
        cover.
      </p>
      <input type="hidden" name="intent" value="add-used-copy" />
      <SubmissionKeyField value={submissionKey} />
      <div className="mt-2 min-h-5">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
      </div>
      <div className="mt-2 grid gap-x-4 sm:grid-cols-3">
        <InputField field={fields.price} id="used-price" label="Price (£)" inputMode="decimal" className={input} />
        <GradeSelect field={fields.mediaGrade} label="Record grade" />
        <GradeSelect field={fields.sleeveGrade} label="Sleeve grade" />
      </div>
      {/* Where the copy sits in the shop: printed on its shelf label. */}
      <InputField
        field={fields.shelfLocation}
        id="used-shelf-location"
        label={
          <>
            Shelf location <span className="font-normal text-stone-600">(optional)</span>
          </>
        }
        placeholder="e.g. B3 / rock crate 2"
        className={input}
      />
      {/* How the copy was bought: its own block (VAT scheme, price paid, date, seller). */}
      <UsedCopyPurchaseFields fields={fields} />
      <FormField
        id="used-note"
        label={
          <>
            Condition note <span className="font-normal text-stone-600">(optional)</span>
          </>
        }
        error={fields.note.errors?.[0]}
      >
        {(aria) => <textarea key={noteKey} {...note} {...aria} rows={2} maxLength={MAX_CONDITION_NOTE} className={input} />}
      </FormField>
      <InputField
        field={fields.discogsReleaseId}
        id="used-discogs-release"
        label={
          <>
            Discogs release id <span className="font-normal text-stone-600">(optional)</span>
          </>
        }
        hint="Blank: this pressing's. Give one when the copy is another pressing of it."
        inputMode="numeric"
        className={input}
      />
      <PhotoInput id="used-photos" error={form.allErrors.photos?.[0]} optional />
      <button
        type="submit"
        disabled={adding}
        className="mt-2 rounded-full bg-ink px-6 py-2.5 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
      >
        {adding ? "Adding…" : "Add used copy"}
      </button>
    </Form>
  );
}
