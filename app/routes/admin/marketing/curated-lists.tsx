import { data, Form, useNavigation, Link } from "react-router";
import { CoverImage } from "~/components/cover-image";
import { recordPath } from "~/domain/catalogue/slug";
import {
  CURATED_LIST_INFO,
  CURATED_LISTS,
  MAX_PICK_NOTE,
  isCuratedList,
  type CuratedListKey,
} from "~/domain/curation/curated-lists";
import { curatedPickSchema, movePickSchema, removePickSchema } from "~/domain/curation/curated-pick-schema";
import { fieldMessages } from "~/domain/catalogue/record-fields";
import { formFailureOf } from "~/domain/shared/errors";
import { formatPence } from "~/domain/shared/money";
import { parseInput } from "~/domain/shared/parse-input";
import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/curated-lists";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Curated lists", description: "Staff picks and the record of the week." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/marketing-tools/lists";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { lists: CURATED_LISTS.map((key) => ({ key, picks: context.services.curation.adminList(key) })) };
}

interface Reply {
  list: CuratedListKey | null;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const actor = { id: user.id, username: user.username };
  const form = await request.formData();
  const text = (name: string, max = 1000) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, max) : "";
  };
  const intent = text("intent");
  const values = { list: text("list"), record: text("record"), note: text("note") };
  const curation = context.services.curation;
  const anchor = (list: string | null) => (list && isCuratedList(list) ? `${PATH}#${list}` : PATH);
  try {
    switch (intent) {
      case "add": {
        const input = parseInput(curatedPickSchema, values);
        const picks = curation.add(actor, input);
        const title = CURATED_LIST_INFO[input.list].title;
        return redirectWithToast(anchor(input.list), {
          type: "success",
          title: input.list === "record-of-the-week" ? "Record of the week set" : `Added to ${title}`,
          description: picks.at(-1)?.record.title,
        });
      }
      case "move": {
        const input = parseInput(movePickSchema, { pickId: text("pickId"), direction: text("direction") });
        const list = curation.listOf(input.pickId);
        curation.move(actor, input.pickId, input.direction);
        return redirectWithToast(anchor(list), { type: "success", title: `Moved ${input.direction}` });
      }
      case "remove": {
        const input = parseInput(removePickSchema, { pickId: text("pickId") });
        const list = curation.listOf(input.pickId);
        curation.remove(actor, input.pickId);
        return redirectWithToast(anchor(list), { type: "success", title: "Taken off the list" });
      }
      default:
        return data<Reply>({ list: null, message: "Unknown action.", errors: {}, values }, { status: 400 });
    }
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure) throw error;
    return data<Reply>(
      {
        list: isCuratedList(values.list) ? values.list : null,
        message: failure.message,
        errors: fieldMessages(failure.fields),
        values,
      },
      { status: failure.status },
    );
  }
}

const smallButton = "rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40";

type Pick = Route.ComponentProps["loaderData"]["lists"][number]["picks"][number];

function PickRow({ pick, index, count }: { pick: Pick; index: number; count: number }) {
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
            <Form method="post">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="pickId" value={pick.id} />
              <input type="hidden" name="direction" value="up" />
              <button type="submit" disabled={index === 0} className={smallButton}>
                ↑<span className="sr-only"> Move {record.title} up</span>
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="pickId" value={pick.id} />
              <input type="hidden" name="direction" value="down" />
              <button type="submit" disabled={index === count - 1} className={smallButton}>
                ↓<span className="sr-only"> Move {record.title} down</span>
              </button>
            </Form>
          </>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="pickId" value={pick.id} />
          <button type="submit" className={`${smallButton} text-red-800`}>
            Remove<span className="sr-only"> {record.title}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

function AddForm({ list, reply }: { list: CuratedListKey; reply: Reply | null }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "add" &&
    navigation.formData?.get("list") === list;
  const values = reply?.values ?? {};
  const errors = reply?.errors ?? {};
  const id = (name: string) => `${list}-${name}`;
  const single = CURATED_LIST_INFO[list].max === 1;
  return (
    <Form method="post" noValidate className="mt-4 border-t border-stone-200 pt-4">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="list" value={list} />
      <p role={reply?.message ? "alert" : undefined} className="min-h-5 text-sm font-medium text-red-700">
        {reply?.message}
      </p>
      <div className="grid gap-x-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div>
          <label htmlFor={id("record")} className="block text-sm font-medium text-stone-800">
            Record id or cat. no.
          </label>
          <input
            id={id("record")}
            name="record"
            defaultValue={values.record ?? ""}
            placeholder="e.g. 42 or BLP 1577"
            aria-invalid={errors.record ? true : undefined}
            aria-describedby={`${id("record")}-error`}
            className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2"
          />
          <p id={`${id("record")}-error`} className="mt-1 min-h-5 text-sm text-red-700">
            {errors.record}
          </p>
        </div>
        <div>
          <label htmlFor={id("note")} className="block text-sm font-medium text-stone-800">
            {single ? "Why this record" : "Note"} <span className="font-normal text-stone-600">(optional)</span>
          </label>
          <input
            id={id("note")}
            name="note"
            maxLength={MAX_PICK_NOTE}
            defaultValue={values.note ?? ""}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={`${id("note")}-error`}
            className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2"
          />
          <p id={`${id("note")}-error`} className="mt-1 min-h-5 text-sm text-red-700">
            {errors.note}
          </p>
        </div>
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
      {loaderData.lists.map(({ key, picks }) => {
        const info = CURATED_LIST_INFO[key];
        const reply = actionData && actionData.list === key ? actionData : null;
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
                {picks.map((p, i) => (
                  <PickRow key={p.id} pick={p} index={i} count={picks.length} />
                ))}
              </ol>
            )}
            <AddForm list={key} reply={reply} />
          </section>
        );
      })}
      {actionData && actionData.list === null && (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700">
          {actionData.message}
        </p>
      )}
    </div>
  );
}
