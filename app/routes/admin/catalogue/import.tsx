import { useQuery } from "@tanstack/react-query";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/admin/form-field";
import { ImportErrors } from "~/components/admin/import-errors";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "~/domain/catalogue/import-limits";
import { formatPence } from "~/domain/shared/money";
import { importApplySchema, importRefSchema, importUploadSchema } from "~/domain/catalogue/import-ref";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { TrpcScope, useTRPC } from "~/lib/trpc";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/import";
import { importPage, type ImportPreview } from "./import.server";

export const handle = staffHandle("catalogue.edit", { action: "catalogue.edit" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Import records", description: "Import the catalogue from a CSV file." }),
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  if (!url.searchParams.has("id") && !url.searchParams.has("hash")) return { state: "upload" as const };
  const ref = importRefSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!ref.success) return { state: "expired" as const };
  return importPage(ref.data, await context.services.adminCatalogue.importState(ref.data.id, ref.data.hash));
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const imports = context.services.adminCatalogue;
  const pageOf = (ref: { id: string; hash: string }) => `/admin/catalog-update/import?${new URLSearchParams(ref)}`;
  return formAction(request, {
    preview: intent(importUploadSchema, async (_none, form) => {
      const file = form.get("file");
      const { id, hash } = await imports.previewImport(file instanceof File ? file : null);
      const description = "Nothing has changed yet: review the preview, then import.";
      return redirectWithToast(pageOf({ id, hash }), { type: "info", title: "File checked", description });
    }),
    apply: intent(importApplySchema, async (asked) => {
      const { result } = await imports.applyImport(actor, asked);
      const ref = { id: asked.id, hash: asked.hash };
      return redirectWithToast(pageOf(ref), { type: "success", title: "Import finished", description: importSummary(result) });
    }),
  });
}

/**
 * "1,200 created, 3 updated, 2 bad rows skipped." or, for a Discogs inventory, "12 used copies added, 3 rows
 * skipped." — the toast and the finished page say the same.
 */
const importSummary = ({
  created,
  updated,
  added,
  skipped,
}: {
  created: number;
  updated: number;
  added: number;
  skipped: number;
}) =>
  added > 0
    ? `${added.toLocaleString("en-GB")} used cop${added === 1 ? "y" : "ies"} added${
        skipped ? `, ${skipped.toLocaleString("en-GB")} row${skipped === 1 ? "" : "s"} skipped` : ""
      }.`
    : `${created.toLocaleString("en-GB")} created, ${updated.toLocaleString("en-GB")} updated${
        skipped ? `, ${skipped.toLocaleString("en-GB")} bad row${skipped === 1 ? "" : "s"} skipped` : ""
      }.`;

const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6";

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const applying = busy && navigation.formData?.get("intent") === "apply";
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/catalog-update" className="text-needle-dark hover:underline">
          ← Catalogue
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Import records</h1>
      {!actionData?.intent && (
        <div className="mt-4">
          <FormAlert message={actionData?.result.error?.[""]?.[0]} />
        </div>
      )}

      {loaderData.state === "applied" && (
        <section className={`${card} mt-6`} aria-labelledby="applied-heading">
          <h2 id="applied-heading" className="font-semibold">
            Import finished
          </h2>
          <p className="mt-2">{importSummary(loaderData)}</p>
          <p className="mt-3 flex flex-wrap gap-4 text-sm">
            <a
              href={`/admin/catalog-update/import/report.csv?${new URLSearchParams({ id: loaderData.id, hash: loaderData.hash })}`}
              className="font-semibold text-needle-dark underline"
            >
              Download the report (CSV)
            </a>
            <Link to="/admin/catalog-update" className="text-needle-dark underline">
              Back to the catalogue
            </Link>
          </p>
        </section>
      )}

      {loaderData.state === "expired" && (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          That import has expired; upload the file again.
        </p>
      )}

      {loaderData.state === "pending" && (
        <Preview
          id={loaderData.id}
          hash={loaderData.hash}
          preview={loaderData.preview}
          reply={actionData}
          applying={applying}
          busy={busy}
        />
      )}

      <section className={`${card} mt-6`}>
        <h2 className="font-semibold">{loaderData.state === "pending" ? "Upload a corrected file" : "Upload a CSV file"}</h2>
        <p className="mt-1 text-sm text-stone-600">
          Either the shop's own columns (as the{" "}
          <a href="/admin/catalog-update/export.csv" className="text-needle-dark underline">
            catalogue export
          </a>{" "}
          writes them: catalogue_id, catalogue_number, title, artist, price, …), matched with the catalogue by catalogue id, else
          by catalogue number, with dates read day first (05/04/2024 is 5 April); or Discogs&rsquo;s inventory export, whose
          listings for sale become used copies of the pressings with the same Discogs release (else catalogue number). Up to{" "}
          {IMPORT_MAX_BYTES / 1024 / 1024} MB and {IMPORT_MAX_ROWS.toLocaleString("en-GB")} rows. Nothing changes until you
          confirm the preview.
        </p>
        <UploadForm reply={actionData} busy={busy} applying={applying} />
      </section>
    </div>
  );
}

type Reply = Route.ComponentProps["actionData"];

function UploadForm({ reply, busy, applying }: { reply: Reply; busy: boolean; applying: boolean }) {
  const [form] = useSchemaForm(importUploadSchema, { id: "import-upload", lastResult: replyFor(reply, "preview") });
  const problem = form.errors?.[0];
  return (
    <Form
      method="post"
      action="/admin/catalog-update/import"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="mt-4 flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name="intent" value="preview" />
      <label className="text-sm">
        <span className="block font-medium text-stone-800">CSV file</span>
        <input name="file" type="file" accept=".csv,text/csv" required className="mt-1 block text-sm" />
      </label>
      <button
        type="submit"
        disabled={busy}
        className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle disabled:opacity-60"
      >
        {busy && !applying ? "Checking…" : "Preview"}
      </button>
      {problem && (
        <div className="basis-full">
          <FormAlert id={form.errorId} message={problem} />
        </div>
      )}
    </Form>
  );
}

function ApplyForm({
  id,
  hash,
  counts,
  reply,
  busy,
  applying,
  reportHref,
}: {
  id: string;
  hash: string;
  counts: ImportPreview["counts"];
  reply: Reply;
  busy: boolean;
  applying: boolean;
  reportHref: string;
}) {
  const [form, fields] = useSchemaForm(importApplySchema, { id: "import-apply", lastResult: replyFor(reply, "apply") });
  const { key, ...onlyValid } = getInputProps(fields.onlyValid, { type: "checkbox" });
  const good = counts.create + counts.update + counts.copy;
  const verb = counts.copy > 0 ? `Add ${good.toLocaleString("en-GB")} used cop${good === 1 ? "y" : "ies"}` : null;
  return (
    <Form
      method="post"
      action={`/admin/catalog-update/import?${new URLSearchParams({ id, hash })}`}
      {...getFormProps(form)}
      className="mt-6 flex flex-wrap items-center gap-4"
    >
      <div className="basis-full empty:hidden">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
      </div>
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="hash" value={hash} />
      {counts.error > 0 && good > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <input key={key} {...onlyValid} className="h-4 w-4" /> Import only the {good.toLocaleString("en-GB")} valid rows
        </label>
      )}
      <button
        type="submit"
        disabled={busy || good === 0}
        className="rounded-full bg-ink px-5 py-2 font-semibold text-white hover:bg-needle disabled:cursor-not-allowed disabled:opacity-60"
      >
        {applying ? "Importing…" : (verb ?? `Import ${good.toLocaleString("en-GB")} row${good === 1 ? "" : "s"}`)}
      </button>
      <a href={reportHref} className="text-sm font-semibold text-needle-dark underline">
        Download the report (CSV)
      </a>
    </Form>
  );
}

function Preview({
  id,
  hash,
  preview,
  reply,
  applying,
  busy,
}: {
  id: string;
  hash: string;
  preview: ImportPreview;
  reply: Reply;
  applying: boolean;
  busy: boolean;
}) {
  const { counts } = preview;
  const good = counts.create + counts.update + counts.copy;
  const discogs = preview.kind === "discogs";
  const reportHref = `/admin/catalog-update/import/report.csv?${new URLSearchParams({ id, hash })}`;
  const readAs = preview.encodingNotice && (
    <p data-testid="import-encoding" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      {preview.encodingNotice}
    </p>
  );
  if (preview.fileError)
    return (
      <section className={`${card} mt-6`}>
        <h2 className="font-semibold text-red-800">This file cannot be imported</h2>
        <p className="mt-2 text-sm">{preview.fileError}</p>
        {readAs}
      </section>
    );
  return (
    <section className={`${card} mt-6`} aria-labelledby="preview-heading">
      <h2 id="preview-heading" className="font-semibold">
        Preview {discogs ? "(Discogs inventory: used copies)" : ""}
      </h2>
      {discogs && (
        <p className="mt-1 text-sm text-stone-600">
          Each listing for sale becomes a new used copy of the shop&rsquo;s pressing; the pressings themselves are not changed.
        </p>
      )}
      {readAs}
      <dl className={`mt-3 grid grid-cols-2 gap-3 ${discogs ? "sm:grid-cols-3" : "sm:grid-cols-4"}`}>
        {(discogs
          ? ([
              ["Copies to add", counts.copy, "text-emerald-800"],
              ["Skipped", counts.skip, "text-stone-700"],
              ["With errors", counts.error, counts.error ? "text-red-700" : "text-stone-700"],
            ] as const)
          : ([
              ["To create", counts.create, "text-emerald-800"],
              ["To update", counts.update, "text-sky-800"],
              ["Unchanged", counts.unchanged, "text-stone-700"],
              ["With errors", counts.error, counts.error ? "text-red-700" : "text-stone-700"],
            ] as const)
        ).map(([label, n, tone]) => (
          <div key={label} className="rounded-lg bg-stone-50 p-3">
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className={`text-2xl font-bold ${tone}`}>{n.toLocaleString("en-GB")}</dd>
          </div>
        ))}
      </dl>
      {preview.ignoredColumns.length > 0 && (
        <p className="mt-3 text-sm text-stone-600">Columns not read: {preview.ignoredColumns.join(", ")}.</p>
      )}
      {preview.columnNotes.length > 0 && (
        <p data-testid="import-column-notes" className="mt-2 text-sm text-stone-600">
          Columns: {preview.columnNotes.join("; ")}.
        </p>
      )}
      {preview.hiddenCount > 0 && (
        <div data-testid="import-hidden" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <p className="font-semibold">
            {preview.hiddenCount.toLocaleString("en-GB")} record{preview.hiddenCount === 1 ? "" : "s"} will be hidden from the
            shop
          </p>
          <p>
            The shop hides a record without a cover (and the demo titles) until it is a pre-order. Add a cover on the
            record&rsquo;s page once imported.
          </p>
          <ul className="mt-2 max-h-48 space-y-1 overflow-auto">
            {preview.hidden.map((r) => (
              <li key={r.line} data-testid="import-hidden-row">
                <span className="tabular-nums">Line {r.line}</span> · {[r.catalogNumber, r.title].filter(Boolean).join(" · ")}:{" "}
                {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.readNoteCount > 0 && (
        <details className="mt-4" open={preview.readNoteCount <= 20}>
          <summary className="cursor-pointer font-semibold">
            Cells read as ({preview.readNoteCount.toLocaleString("en-GB")} row{preview.readNoteCount === 1 ? "" : "s"})
          </summary>
          <ul className="mt-2 space-y-1 text-sm">
            {preview.readNotes.map((r) => (
              <li key={r.line} data-testid="import-read-note">
                <span className="tabular-nums text-stone-600">Line {r.line}</span> ·{" "}
                {[r.catalogNumber, r.title].filter(Boolean).join(" · ")}: {r.notes.join("; ")}
              </li>
            ))}
          </ul>
        </details>
      )}

      {preview.errors.length > 0 && (
        <div className="mt-5">
          <h3 className="font-semibold text-red-800">Rows with errors</h3>
          <p className="text-sm text-stone-600">
            Nothing is imported while a row has errors, unless you choose to import only the valid rows.
          </p>
          <ImportErrors rows={preview.errors} />
        </div>
      )}

      {preview.updates.length > 0 && (
        <details className="mt-5" open={preview.updates.length <= 20}>
          <summary className="cursor-pointer font-semibold">Updates ({counts.update.toLocaleString("en-GB")})</summary>
          <ul className="mt-2 space-y-1 text-sm">
            {preview.updates.map((r) => (
              <li key={r.line}>
                <span className="tabular-nums text-stone-600">Line {r.line}</span> · {r.catalogNumber} · {r.title}:{" "}
                {r.changes.map((c) => `${c.label} ${c.from || "—"} → ${c.to || "—"}`).join("; ")}
              </li>
            ))}
          </ul>
        </details>
      )}
      {preview.creates.length > 0 && (
        <details className="mt-3" open={preview.creates.length <= 20}>
          <summary className="cursor-pointer font-semibold">New records ({counts.create.toLocaleString("en-GB")})</summary>
          <ul className="mt-2 space-y-1 text-sm">
            {preview.creates.map((r) => (
              <li key={r.line}>
                <span className="tabular-nums text-stone-600">Line {r.line}</span> · {r.catalogNumber} · {r.title} by {r.artist}
              </li>
            ))}
          </ul>
        </details>
      )}

      {preview.skips.length > 0 && (
        <div data-testid="import-skips" className="mt-5">
          <h3 className="font-semibold">Skipped ({counts.skip.toLocaleString("en-GB")})</h3>
          <p className="text-sm text-stone-600">These rows are left alone; the rest import without them.</p>
          <ul className="mt-2 max-h-72 space-y-1 overflow-auto text-sm">
            {preview.skips.map((r) => (
              <li key={r.line} data-testid="import-skip" className="break-words">
                <span className="tabular-nums text-stone-600">Line {r.line}</span> ·{" "}
                {[r.catalogNumber, r.title].filter(Boolean).join(" · ") || "—"}: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.copies.length > 0 && (
        <details className="mt-5" open={preview.copies.length <= 20}>
          <summary className="cursor-pointer font-semibold">Used copies to add ({counts.copy.toLocaleString("en-GB")})</summary>
          <ul className="mt-2 space-y-1 text-sm">
            {preview.copies.map((r) => (
              <li key={r.line} data-testid="import-copy" className="break-words">
                <span className="tabular-nums text-stone-600">Line {r.line}</span> · {r.catalogNumber ?? "—"} · {r.title} by{" "}
                {r.artist}: {r.grades}, {formatPence(r.pricePence)}{" "}
                <span className="text-stone-600">
                  (by {r.matchedBy}, listing {r.listingId})
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}

      <ApplyForm id={id} hash={hash} counts={counts} reply={reply} busy={busy} applying={applying} reportHref={reportHref} />
      {applying && (
        <TrpcScope>
          <ApplyProgress id={id} hash={hash} rows={good} copies={discogs} />
        </TrpcScope>
      )}
    </section>
  );
}

/**
 * While the import form is applying (with JavaScript), how far it has got, asked of the server twice a second.
 * Without JavaScript the browser shows its own loading state until the finished page comes.
 */
function ApplyProgress({ id, hash, rows, copies }: { id: string; hash: string; rows: number; copies: boolean }) {
  const trpc = useTRPC();
  const { data: progress } = useQuery(
    trpc.admin.catalogue.importProgress.queryOptions({ id, hash }, { refetchInterval: 500, staleTime: 0, gcTime: 0 }),
  );
  // Copies are added one at a time, so their writing has a count; a file of records is written at once.
  const share = progress?.phase === "writing" && !copies ? 1 : progress?.total ? progress.done / progress.total : 0;
  const text = copies
    ? progress?.phase === "writing"
      ? `Added ${progress.done.toLocaleString("en-GB")} of ${progress.total.toLocaleString("en-GB")} used copies…`
      : `Checking the file again before adding ${rows.toLocaleString("en-GB")} used copies…`
    : progress?.phase === "staging"
      ? `Prepared ${progress.done.toLocaleString("en-GB")} of ${progress.total.toLocaleString("en-GB")} rows…`
      : progress?.phase === "writing"
        ? `Writing ${progress.total.toLocaleString("en-GB")} rows to the catalogue…`
        : `Checking the file again before importing ${rows.toLocaleString("en-GB")} rows…`;
  return (
    <div className="mt-4" role="status" aria-live="polite">
      <p className="text-sm">
        {text} The shop stays open meanwhile
        {copies ? "; each copy shows as it is added." : "; nothing shows until every row is in."}
      </p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full bg-needle transition-[width] duration-300 ${progress?.phase === "staging" ? "" : "animate-pulse"}`}
          style={{ width: `${Math.max(5, Math.round(share * 100))}%` }}
        />
      </div>
    </div>
  );
}
