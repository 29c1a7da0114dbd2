import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert, InputField } from "~/components/admin/form-field";
import { backButton, confirmButton, ConfirmPanel } from "~/components/admin/confirm-panel";
import { RowButton } from "~/components/admin/row-button";
import { SubmissionKeyField } from "~/components/admin/submission-key-field";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { CoverImage } from "~/components/cover-image";
import { recordPath } from "~/domain/catalogue/slug";
import { CURATED_LIST_INFO, CURATED_LISTS, type CuratedListKey } from "~/domain/curation/curated-lists";
import { curatedPickSchema, movePickSchema, removePickSchema } from "~/domain/curation/curated-pick-schema";
import { formatPence } from "~/domain/shared/money";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { replyForRow } from "~/lib/forms/form-reply";
import { useSchemaForm } from "~/lib/forms/use-schema-form";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { z } from "~/domain/shared/zod";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/curated-lists";

export const handle = staffHandle("promotions.manage", { action: "promotions.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Curated lists", description: "Staff picks and the record of the week." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/marketing-tools/lists";

/** A pick the page asks to confirm taking off its list (`?remove=<pick id>`): removing is a second step. */
const confirmQuerySchema = z.object({ remove: z.coerce.number().int().positive().optional().catch(undefined) });

export function loader({ context, request, url }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  const { remove } = confirmQuerySchema.parse(Object.fromEntries(url.searchParams));
  return {
    lists: CURATED_LISTS.map((key) => ({ key, picks: context.services.curation.adminList(key) })),
    remove,
    submissionKey: newSubmissionKey(),
  };
}

/** Back to the list the form was about, scrolled to it. */
const listAnchor = (list: CuratedListKey) => `${PATH}#${list}`;

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const curation = context.services.curation;
  return formAction(request, {
    // Each list's form adds its pick once per render: sent again, it is not refused as already on the list.
    add: submitOnce(context.services, actor).intent(
      curatedPickSchema,
      (pick) => `curated pick ${pick.list}`,
      (pick) => {
        const picks = curation.add(actor, pick);
        const title =
          pick.list === "record-of-the-week" ? "Record of the week set" : `Added to ${CURATED_LIST_INFO[pick.list].title}`;
        return { to: listAnchor(pick.list), toast: { type: "success", title, description: picks.at(-1)?.record.title } };
      },
    ),
    move: intent(movePickSchema, ({ pickId, direction }) =>
      redirectWithToast(listAnchor(curation.move(actor, pickId, direction)), { type: "success", title: `Moved ${direction}` }),
    ),
    remove: intent(removePickSchema, ({ pickId }) =>
      redirectWithToast(listAnchor(curation.remove(actor, pickId)), { type: "success", title: "Taken off the list" }),
    ),
  });
}

const smallButton = "rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40";

type Pick = Route.ComponentProps["loaderData"]["lists"][number]["picks"][number];
type Reply = Route.ComponentProps["actionData"];

/** The second step of taking a pick off a list: what happens, the form that does it, and a way back. */
function ConfirmRemove({ pick, list }: { pick: Pick; list: CuratedListKey }) {
  const busy = useNavigation().state !== "idle";
  return (
    <li className="py-3" data-testid="confirm-remove">
      <ConfirmPanel
        id={`remove-${pick.id}-heading`}
        title={`Take ${pick.record.title} off ${CURATED_LIST_INFO[list].title}?`}
        tone="money"
      >
        <p className="mt-1 text-sm">It stops showing on the shop&rsquo;s pages at once. You can add it again later.</p>
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="pickId" value={pick.id} />
          <button type="submit" disabled={busy} className={confirmButton}>
            Yes, take it off
          </button>
          <Link to={listAnchor(list)} className={backButton}>
            Keep it
          </Link>
        </Form>
      </ConfirmPanel>
    </li>
  );
}

function PickRow({
  pick,
  index,
  count,
  reply,
  list,
}: {
  pick: Pick;
  index: number;
  count: number;
  reply: Reply;
  list: CuratedListKey;
}) {
  const { record } = pick;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="curated-pick">
      <span className="w-6 text-right text-sm text-stone-500 tabular-nums">{index + 1}.</span>
      <CoverImage
        src={record.coverUrl}
        alt=""
        width={48}
        height={48}
        sizes="3rem"
        className="h-12 w-12 shrink-0 rounded object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <a href={recordPath(record)} className="hover:underline">
            {record.title}
          </a>{" "}
          <span className="font-normal text-stone-600">· {record.artist}</span>
        </p>
        <p className="text-xs text-stone-600">
          #{record.id}
          {record.catalogNumber ? ` · ${record.catalogNumber}` : ""} · {formatPence(record.pricePence)}
          {!record.published && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 font-semibold text-amber-900">Unpublished</span>
          )}
        </p>
        {pick.note && <p className="mt-1 text-sm text-stone-800">“{pick.note}”</p>}
      </div>
      <div className="flex gap-1.5">
        {count > 1 && (
          <>
            <RowButton
              intent="move"
              schema={movePickSchema}
              fields={{ pickId: pick.id, direction: "up" }}
              reply={reply}
              disabled={index === 0}
              className={smallButton}
            >
              ↑<span className="sr-only"> Move {record.title} up</span>
            </RowButton>
            <RowButton
              intent="move"
              schema={movePickSchema}
              fields={{ pickId: pick.id, direction: "down" }}
              reply={reply}
              disabled={index === count - 1}
              className={smallButton}
            >
              ↓<span className="sr-only"> Move {record.title} down</span>
            </RowButton>
          </>
        )}
        <Link to={`${PATH}?remove=${pick.id}#${list}`} preventScrollReset className={`${smallButton} text-red-800`}>
          Remove<span className="sr-only"> {record.title}</span>…
        </Link>
      </div>
    </li>
  );
}

function AddForm({ list, reply, submissionKey }: { list: CuratedListKey; reply: Reply; submissionKey: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "add" &&
    navigation.formData?.get("list") === list;
  const [form, fields] = useSchemaForm(curatedPickSchema, {
    id: `add-${list}`,
    lastResult: replyForRow(reply, "add", "list", list),
    defaultValue: { list },
  });
  const single = CURATED_LIST_INFO[list].max === 1;
  const field = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 border-t border-stone-200 pt-4">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="list" value={list} />
      <SubmissionKeyField value={submissionKey} />
      <div className="min-h-5">
        <FormAlert id={form.errorId} message={form.errors?.[0]} />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <InputField field={fields.record} label="Record id or cat. no." placeholder="e.g. 42 or BLP 1577" className={field} />
        <InputField
          field={fields.note}
          label={
            <>
              {single ? "Why this record" : "Note"} <span className="font-normal text-stone-600">(optional)</span>
            </>
          }
          className={field}
        />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
      >
        {single ? "Set record of the week" : `Add to ${CURATED_LIST_INFO[list].title}`}
      </button>
    </Form>
  );
}

export default function CuratedLists({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <p className="text-sm">
        <Link to="/marketing-tools" className="text-needle-dark hover:underline">
          ← Marketing tools
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Curated lists</h1>
      <p className="mt-1 max-w-prose text-stone-600">
        Records picked by hand. Only records the shop shows today appear on its pages; the rest wait here.
      </p>
      {/* A removal refused (taken off meanwhile in another tab): its confirm panel has gone, so say it here. */}
      <div className="mt-3 empty:hidden">
        <FormAlert message={actionData?.intent === "remove" ? actionData.result.error?.[""]?.[0] : undefined} />
      </div>
      {loaderData.lists.map(({ key, picks }) => {
        const info = CURATED_LIST_INFO[key];
        return (
          <section
            key={key}
            id={key}
            aria-labelledby={`${key}-heading`}
            className="mt-8 scroll-mt-24 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
          >
            <h2 id={`${key}-heading`} className="font-display text-2xl font-bold">
              {info.title}{" "}
              <span className="text-base font-normal text-stone-600">
                ({picks.length} of {info.max})
              </span>
            </h2>
            <p className="mt-1 max-w-prose text-sm text-stone-600">{info.purpose}</p>
            {picks.length === 0 ? (
              <p className="mt-3 text-sm text-stone-600">Nothing on this list yet.</p>
            ) : (
              <ol className="mt-2 divide-y divide-stone-200">
                {picks.map((p, i) =>
                  loaderData.remove === p.id ? (
                    <ConfirmRemove key={p.id} pick={p} list={key} />
                  ) : (
                    <PickRow key={p.id} pick={p} index={i} count={picks.length} reply={actionData} list={key} />
                  ),
                )}
              </ol>
            )}
            {/* Keyed by the render's submission key: a pick added leaves an empty form. */}
            <AddForm key={loaderData.submissionKey} list={key} reply={actionData} submissionKey={loaderData.submissionKey} />
          </section>
        );
      })}
    </div>
  );
}
