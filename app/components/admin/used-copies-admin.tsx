import { Form, useNavigation, Link } from "react-router";
import { GradeOptions } from "~/components/catalogue/grade-options";
import { MAX_CONDITION_NOTE } from "~/domain/catalogue/grades";
import { formatPence } from "~/domain/shared/money";
import type { AdminUsedCopy } from "~/domain/catalogue/used-copy-view";
import { CopyPhotoImage } from "~/components/catalogue/copy-photos";
import { PhotoInput } from "~/components/admin/photo-input";

export type { AdminUsedCopy };

export interface UsedCopyFormReply {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

const input = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2";

function GradeSelect({ name, label, value, error }: { name: string; label: string; value?: string; error?: string }) {
  const id = `used-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className={input}
      >
        <GradeOptions none="Pick a grade" />
      </select>
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}

/** A pressing's used copies in the back office, and the form that lists another one (works without JavaScript). */
export function UsedCopiesAdmin({ copies, reply }: { copies: AdminUsedCopy[]; reply: UsedCopyFormReply | null }) {
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-used-copy";
  const values = reply?.values ?? {};
  const errors = reply?.errors ?? {};
  return (
    <section aria-labelledby="used-copies-admin" className="mt-10">
      <h2 id="used-copies-admin" className="font-display text-2xl font-bold">
        Used copies
      </h2>
      {copies.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No used copies of this pressing yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Copy
                </th>
                <th scope="col" className="px-3 py-2">
                  Record / sleeve
                </th>
                <th scope="col" className="px-3 py-2">
                  Price
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {copies.map((c) => (
                <tr key={c.id}>
                  <td className="px-3 py-2">
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
                      </div>
                    </div>
                  </td>
                  <td className="px-3 py-2 font-medium">
                    {c.mediaGrade} / {c.sleeveGrade}
                  </td>
                  <td className="px-3 py-2 tabular-nums">{formatPence(c.pricePence)}</td>
                  <td className="px-3 py-2">
                    {c.stock > 0 ? (
                      <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Available</span>
                    ) : (
                      <span className="rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">Sold</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="mt-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        <h3 className="font-semibold">Add a used copy</h3>
        <p className="text-sm text-stone-600">
          One copy, one unit in stock, graded on the Goldmine scale. It takes this pressing&apos;s title, artist, label, format
          and cover.
        </p>
        <input type="hidden" name="intent" value="add-used-copy" />
        <p role={reply?.message ? "alert" : undefined} className="mt-2 min-h-5 text-sm font-medium text-red-700">
          {reply?.message}
        </p>
        <div className="mt-2 grid gap-x-4 sm:grid-cols-3">
          <div>
            <label htmlFor="used-price" className="block text-sm font-medium text-stone-800">
              Price (£)
            </label>
            <input
              id="used-price"
              name="price"
              inputMode="decimal"
              defaultValue={values.price ?? ""}
              aria-invalid={errors.price ? true : undefined}
              aria-describedby="used-price-error"
              className={input}
            />
            <p id="used-price-error" className="mt-1 min-h-5 text-sm text-red-700">
              {errors.price}
            </p>
          </div>
          <GradeSelect name="mediaGrade" label="Record grade" value={values.mediaGrade} error={errors.mediaGrade} />
          <GradeSelect name="sleeveGrade" label="Sleeve grade" value={values.sleeveGrade} error={errors.sleeveGrade} />
        </div>
        <label htmlFor="used-note" className="block text-sm font-medium text-stone-800">
          Condition note <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <textarea
          id="used-note"
          name="note"
          rows={2}
          maxLength={MAX_CONDITION_NOTE}
          defaultValue={values.note ?? ""}
          aria-invalid={errors.note ? true : undefined}
          className={input}
        />
        <p className="mt-1 min-h-5 text-sm text-red-700">{errors.note}</p>
        <PhotoInput id="used-photos" error={errors.photos} optional />
        <button
          type="submit"
          disabled={adding}
          className="mt-2 rounded-full bg-ink px-6 py-2.5 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
        >
          {adding ? "Adding…" : "Add used copy"}
        </button>
      </Form>
    </section>
  );
}
