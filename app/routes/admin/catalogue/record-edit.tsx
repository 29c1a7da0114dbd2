import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { FormAlert, InputField } from "~/components/admin/form-field";
import { RecordFormFields, RecordMediaFields, recordFieldId, recordFormDefaults } from "~/components/admin/record-form";
import { RecordStatus } from "~/components/admin/record-status";
import { DiscogsReleaseLink } from "~/components/admin/discogs-release-link";
import { UsedCopiesAdmin } from "~/components/admin/used-copies-admin";
import { CopyPhotosAdmin } from "~/components/admin/copy-photos-admin";
import { RecordCustomsForm } from "./record-customs-form";
import { LimitedSaleForm } from "./limited-sale-form";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { describeSnapshot } from "~/domain/admin/audit";
import { fieldsToText, newRecordFormSchema, publishRecordSchema, recordFieldsSchema } from "~/domain/catalogue/record-fields";
import { recordPath } from "~/domain/catalogue/slug";
import { NotFoundError } from "~/domain/shared/errors";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { confirmAskOf } from "~/lib/forms/confirm-step";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/record-edit";
import { newRecordIntents, recordIntents } from "./record-edit.server";

export const handle = staffHandle("catalogue.edit", { action: "catalogue.edit" });

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
  requirePermission(context, request, handle.permission);
  const id = recordIdOf(params);
  const genres = context.services.adminCatalogue.genres();
  // The key of this render of the page's forms that add something (a record, a used copy): each is done once.
  const submissionKey = newSubmissionKey();
  if (id === null)
    return { record: null, genres, usedCopies: [], purchases: {}, copy: null, customs: null, limitedSale: null, submissionKey };
  try {
    const usedCopies = context.services.usedCopies.allOf(id);
    return {
      record: context.services.adminCatalogue.get(id),
      genres,
      usedCopies,
      // How each copy was bought: for the back office only, never in a shopper's page.
      purchases: Object.fromEntries(context.services.stockPurchases.factsOf(usedCopies.map((c) => c.id))),
      copy: context.services.usedCopies.one(id),
      customs: context.services.deliveryAdmin.recordCustoms(id),
      limitedSale: context.services.adminCatalogue.limitedSale(id),
      submissionKey,
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const id = recordIdOf(params);
  const intents = id === null ? newRecordIntents(context.services, actor) : recordIntents(context.services, actor, id);
  return formAction(request, intents);
}

type Reply = Route.ComponentProps["actionData"];
type Loaded = Route.ComponentProps["loaderData"];

/** The record's own form: its fields, cover and preview, and, for a new record, its opening stock and visibility. */
function RecordForm({
  record,
  genres,
  reply,
  submissionKey,
}: {
  record: Loaded["record"];
  genres: string[];
  reply: Reply;
  submissionKey: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useSchemaForm(record ? recordFieldsSchema : newRecordFormSchema, {
    id: "record",
    lastResult: replyFor(reply, "save"),
    defaultValue: record
      ? recordFormDefaults(fieldsToText(record.fields))
      : { condition: "new", duration: "8", openingStock: "0", published: "on" },
  });
  // A new record's form (newRecordFormSchema) has its opening stock and visibility besides the record's fields.
  const opening = record ? null : (fields as unknown as Record<"openingStock" | "published", FieldMetadata<unknown>>);
  const { key: publishedKey, ...published } = opening ? getInputProps(opening.published, { type: "checkbox" }) : { key: "" };
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 space-y-6">
      <input type="hidden" name="intent" value="save" />
      {!record && <SubmissionKeyField value={submissionKey} />}
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <h2 className="mb-4 font-semibold">Details</h2>
        <RecordFormFields fields={fields} genres={genres} />
      </section>
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <h2 className="mb-4 font-semibold">Cover and preview</h2>
        <RecordMediaFields errors={form.allErrors} coverUrl={record?.coverUrl} audioUrl={record?.audioUrl} />
      </section>
      {opening && (
        <section className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 sm:p-6">
          <InputField
            field={opening.openingStock}
            id={recordFieldId("openingStock")}
            label="Opening stock"
            hint="Recorded in the stock ledger as a delivery. Later changes go through Stock."
            inputMode="numeric"
          />
          <label className="flex items-center gap-2 self-center text-sm">
            <input key={publishedKey} {...published} className="h-4 w-4" /> Published (shown in the shop)
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
  );
}

function PublishButton({ published, reply }: { published: boolean; reply: Reply }) {
  const name = published ? "unpublish" : "publish";
  const [form] = useSchemaForm(publishRecordSchema, { id: "publish", lastResult: replyFor(reply, name) });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={name} />
      <button type="submit" className="rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100">
        {published ? "Unpublish" : "Publish"}
      </button>
      <FormAlert id={form.errorId} message={form.errors?.[0]} />
    </Form>
  );
}

export default function RecordEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { record, genres, usedCopies, copy, submissionKey } = loaderData;
  const ask = confirmAskOf(actionData);
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
            {record.fields.discogsReleaseId !== null && (
              <DiscogsReleaseLink
                releaseId={record.fields.discogsReleaseId}
                className="rounded-full px-4 py-2 font-semibold ring-1 ring-stone-300 hover:bg-stone-100"
              >
                On Discogs ↗
              </DiscogsReleaseLink>
            )}
            <PublishButton published={record.published} reply={actionData} />
          </div>
        )}
      </div>
      {ask ? <ConfirmStep ask={ask} /> : null}
      {record?.hiddenByContent && (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          The shop hides this record until it has a cover of its own (and a title that is not a placeholder).
        </p>
      )}

      <RecordForm
        key={record?.id ?? submissionKey}
        record={record}
        genres={genres}
        reply={actionData}
        submissionKey={submissionKey}
      />

      {loaderData.customs && (
        <RecordCustomsForm
          key={[loaderData.customs.weightGrams, loaderData.customs.hsCode, loaderData.customs.originCountry].join("/")}
          customs={loaderData.customs}
          reply={actionData}
        />
      )}

      {loaderData.limitedSale && <LimitedSaleForm sale={loaderData.limitedSale} reply={actionData} />}

      {record && record.fields.condition === "new" && (
        <UsedCopiesAdmin
          copies={usedCopies}
          purchases={loaderData.purchases}
          lastResult={replyFor(actionData, "add-used-copy")}
          submissionKey={submissionKey}
        />
      )}
      {copy && <CopyPhotosAdmin photos={copy.photos} reply={actionData} submissionKey={submissionKey} />}

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
