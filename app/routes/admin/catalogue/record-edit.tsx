import { data, Form, useNavigation, Link } from "react-router";
import { RecordFormFields, RecordMediaFields } from "~/components/admin/record-form";
import { RecordStatus } from "~/components/admin/record-status";
import { UsedCopiesAdmin } from "~/components/admin/used-copies-admin";
import { CopyPhotosAdmin } from "~/components/admin/copy-photos-admin";
import { describeSnapshot } from "~/domain/admin/audit";
import {
  fieldMessages,
  fieldsToText,
  newRecordSchema,
  recordFieldsSchema,
  recordInputFromForm,
} from "~/domain/catalogue/record-fields";
import { usedCopySchema } from "~/domain/catalogue/used-copy-schema";
import type { StoredPhoto } from "../../../../server/services/copy-photos";
import { recordPath } from "~/domain/catalogue/slug";
import { formFailureOf, NotFoundError } from "~/domain/shared/errors";
import { parseInput } from "~/domain/shared/parse-input";
import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/record-edit";

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...pageMeta({ title: d?.record ? `Edit ${d.record.title}` : "Add a record", description: "Catalogue back office." }),
  { name: "robots", content: "noindex" },
];

function recordIdOf(params: { recordId?: string }): number | null {
  if (params.recordId === undefined) return null;
  if (!/^\d{1,9}$/.test(params.recordId)) throw data(null, { status: 404 });
  return Number(params.recordId);
}

export function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = recordIdOf(params);
  const genres = context.services.adminCatalogue.genres();
  if (id === null) return { record: null, genres, usedCopies: [], copy: null };
  try {
    return {
      record: context.services.adminCatalogue.get(id),
      genres,
      usedCopies: context.services.usedCopies.allOf(id),
      copy: context.services.usedCopies.one(id),
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

/** A file input's file, or null when none was chosen (browsers send an empty, nameless part). */
function fileOf(form: FormData, name: string): File | null {
  return filesOf(form, name)[0] ?? null;
}

/** Every file chosen in a (multiple) file input. */
function filesOf(form: FormData, name: string): File[] {
  return form.getAll(name).filter((v): v is File => v instanceof File && v.size > 0);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const id = recordIdOf(params);
  const actor = { id: user.id, username: user.username };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ message: "The form could not be read; please try again.", errors: {}, values: {} }, { status: 400 });
  }
  const service = context.services.adminCatalogue;
  const intent = form.get("intent");
  if (id !== null && intent === "add-used-copy") return addUsedCopy(context, actor, id, form);
  if (id !== null && (intent === "add-photos" || intent === "remove-photo")) return changePhotos(context, actor, id, form);
  const values = recordInputFromForm(form);
  try {
    if (id !== null && (intent === "publish" || intent === "unpublish")) {
      service.setPublished(actor, id, intent === "publish");
      return redirectWithToast(`/admin/catalog-update/${id}`, {
        type: "success",
        title: intent === "publish" ? "Record published" : "Record unpublished",
        description: intent === "publish" ? "It shows in the shop again." : "It is hidden from every shop page.",
      });
    }
    const uploads = { cover: fileOf(form, "cover"), audio: fileOf(form, "audio") };
    if (id === null) {
      const value = parseInput(newRecordSchema, {
        fields: values,
        openingStock: form.get("openingStock") ?? undefined,
        // An unticked box sends nothing, which the schema would read as "published" (its default).
        published: form.get("published") ?? "off",
      });
      const created = await service.create(actor, value, uploads);
      return redirectWithToast(`/admin/catalog-update/${created.id}`, {
        type: "success",
        title: "Record added",
        description: `${value.fields.title} by ${value.fields.artist} is in the catalogue.`,
      });
    }
    await service.update(actor, id, parseInput(recordFieldsSchema, values), uploads);
    return redirectWithToast(`/admin/catalog-update/${id}`, { type: "success", title: "Record saved" });
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure) throw error;
    const echo = Object.fromEntries(
      Object.entries({ ...values, openingStock: form.get("openingStock") }).map(([k, v]) => [
        k,
        typeof v === "string" ? v.slice(0, 5000) : "",
      ]),
    );
    for (const k of ["isNewRelease", "bestSeller"] as const) echo[k] = values[k] ? "yes" : "no";
    return data(
      {
        message: failure.status === 400 ? "Please correct the fields marked below." : failure.message,
        errors: fieldMessages(failure.fields),
        values: echo,
      },
      { status: failure.status },
    );
  }
}

type Context = Route.ActionArgs["context"];
type Actor = { id: number; username: string };

/**
 * "Add a used copy": lists it with its photos (see the used-copies and copy-photos services) and comes back here
 * with a toast, or with the form's errors. The fields are checked before any photo is read.
 */
async function addUsedCopy(context: Context, actor: Actor, id: number, form: FormData) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 1000) : "";
  };
  const values = { price: text("price"), mediaGrade: text("mediaGrade"), sleeveGrade: text("sleeveGrade"), note: text("note") };
  const { copyPhotos, usedCopies } = context.services;
  let stored: StoredPhoto[] = [];
  try {
    const input = parseInput(usedCopySchema, values);
    stored = await copyPhotos.prepare(filesOf(form, "photos"));
    const copy = usedCopies.add(actor, id, input, stored);
    const photos =
      copy.photos.length === 0 ? "" : copy.photos.length === 1 ? " with 1 photo" : ` with ${copy.photos.length} photos`;
    return redirectWithToast(`/admin/catalog-update/${id}`, {
      type: "success",
      title: "Used copy added",
      description: `#${copy.id}, ${copy.mediaGrade}/${copy.sleeveGrade}, is on sale${photos}.`,
    });
  } catch (error) {
    await copyPhotos.discardUnused(stored.map((s) => s.url));
    const failure = formFailureOf(error);
    if (!failure) throw error;
    return data(
      { usedCopy: { message: failure.message, errors: fieldMessages(failure.fields), values } },
      { status: failure.status },
    );
  }
}

/** A used copy's photos: add some, or remove one. Comes back here with a toast, or with the message. */
async function changePhotos(context: Context, actor: Actor, id: number, form: FormData) {
  const { copyPhotos } = context.services;
  try {
    if (form.get("intent") === "remove-photo") {
      const photoId = String(form.get("photoId") ?? "");
      if (!/^\d{1,9}$/.test(photoId)) throw new NotFoundError("That photo is not one of this copy's.");
      await copyPhotos.remove(actor, id, Number(photoId));
      return redirectWithToast(`/admin/catalog-update/${id}`, { type: "success", title: "Photo removed" });
    }
    const before = copyPhotos.of(id).length;
    const added = (await copyPhotos.add(actor, id, filesOf(form, "photos"))).length - before;
    return redirectWithToast(`/admin/catalog-update/${id}`, {
      type: "success",
      title: added === 1 ? "Photo added" : `${added} photos added`,
    });
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure) throw error;
    return data({ photos: { message: failure.message } }, { status: failure.status });
  }
}

export default function RecordEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { record, genres, usedCopies, copy } = loaderData;
  const usedReply = actionData && "usedCopy" in actionData ? actionData.usedCopy : null;
  const photosReply = actionData && "photos" in actionData ? actionData.photos : null;
  const formReply = actionData && "values" in actionData ? actionData : null;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const values: Record<string, string> =
    formReply?.values ?? (record ? fieldsToText(record.fields) : { condition: "new", duration: "8" });
  const errors: Record<string, string> = formReply?.errors ?? {};
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/catalog-update" className="text-needle-dark hover:underline">
          ← Catalogue
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold sm:text-4xl">{record ? record.title : "Add a record"}</h1>
          {record && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-stone-600">
              {record.artist} · stock {record.stockQuantity}
              <RecordStatus published={record.published} hidden={record.hiddenByContent} publishAt={record.publishAt} />
            </p>
          )}
        </div>
        {record && (
          <div className="flex flex-wrap gap-2 text-sm">
            <a
              href={recordPath(record)}
              className="rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
            >
              View in shop
            </a>
            <Form method="post">
              <input type="hidden" name="intent" value={record.published ? "unpublish" : "publish"} />
              <button type="submit" className="rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100">
                {record.published ? "Unpublish" : "Publish"}
              </button>
            </Form>
          </div>
        )}
      </div>
      {record?.hiddenByContent && (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          The shop hides this record until it has a cover of its own (and a title that is not a placeholder).
        </p>
      )}

      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="mt-6 space-y-6"
        aria-describedby="record-form-message"
      >
        <input type="hidden" name="intent" value="save" />
        <p id="record-form-message" role={formReply?.message ? "alert" : undefined} className="text-sm font-medium text-red-700">
          {formReply?.message}
        </p>
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
          <h2 className="mb-4 font-semibold">Details</h2>
          <RecordFormFields values={values} errors={errors} genres={genres} />
        </section>
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
          <h2 className="mb-4 font-semibold">Cover and preview</h2>
          <RecordMediaFields errors={errors} coverUrl={record?.coverUrl} audioUrl={record?.audioUrl} />
        </section>
        {!record && (
          <section className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 sm:p-6">
            <div>
              <label htmlFor="record-openingStock" className="block text-sm font-medium text-stone-800">
                Opening stock
              </label>
              <input
                id="record-openingStock"
                name="openingStock"
                inputMode="numeric"
                defaultValue={values.openingStock ?? "0"}
                aria-invalid={errors.openingStock ? true : undefined}
                className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
              />
              <p className="mt-1 min-h-5 text-sm text-red-700">{errors.openingStock}</p>
              <p className="text-xs text-stone-600">
                Recorded in the stock ledger as a delivery. Later changes go through Stock.
              </p>
            </div>
            <label className="flex items-center gap-2 self-center text-sm">
              <input type="checkbox" name="published" defaultChecked className="h-4 w-4" /> Published (shown in the shop)
            </label>
          </section>
        )}
        <button
          type="submit"
          disabled={saving}
          className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
        >
          {saving ? "Saving…" : record ? "Save changes" : "Add record"}
        </button>
      </Form>

      {record && record.fields.condition === "new" && <UsedCopiesAdmin copies={usedCopies} reply={usedReply} />}
      {copy && <CopyPhotosAdmin photos={copy.photos} message={photosReply?.message ?? null} />}

      {record && (
        <section className="mt-10">
          <h2 className="font-display text-2xl font-bold">History</h2>
          {record.history.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">No back-office changes yet.</p>
          ) : (
            <ol className="mt-3 space-y-2 text-sm">
              {record.history.map((h) => (
                <li key={h.id} className="rounded-lg bg-white p-3 ring-1 ring-stone-200">
                  <p>
                    <span className="font-semibold">{h.action}</span> by {h.actorName} ·{" "}
                    <time dateTime={h.createdAt}>
                      {new Date(h.createdAt).toLocaleString("en-GB", { timeZone: "Europe/London" })}
                    </time>
                  </p>
                  {h.before && <p className="mt-1 break-words text-stone-600">Before: {describeSnapshot(h.before)}</p>}
                  {h.after && <p className="break-words text-stone-800">After: {describeSnapshot(h.after)}</p>}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
