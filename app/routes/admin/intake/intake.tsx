import { useLocation } from "react-router";
import { CodeLookup } from "~/components/admin/intake/code-lookup";
import { IntakeCopyForm } from "~/components/admin/intake/intake-copy-form";
import { IntakeMatches } from "~/components/admin/intake/intake-matches";
import { ListedNotice, ListedToday } from "~/components/admin/intake/listed-copies";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { INTAKE_PATH, intakeCopySchema, intakeLookupSchema } from "~/domain/intake/intake-schemas";
import { formatPence } from "~/domain/shared/money";
import { staffHandle } from "~/domain/staff/staff-handle";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { requirePermission } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/intake";

export const handle = staffHandle("catalogue.edit", { action: "catalogue.edit" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Intake", description: "Scan used records in, grade, price and label them." }),
  { name: "robots", content: "noindex" },
];

const RECENT = 5;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const actor = requirePermission(context, request, handle.permission);
  const { intake } = context.services;
  const q = intakeLookupSchema.parse({
    code: url.searchParams.get("code") ?? "",
    barcode: url.searchParams.get("barcode") ?? undefined,
    pick: url.searchParams.get("pick") ?? undefined,
  });
  const found = q.code.trim() ? await intake.lookup(q.code, q.barcode ?? null) : null;
  const listedId = Number(url.searchParams.get("listed"));
  const today = intake.listedToday(actor);
  return {
    code: q.code,
    found,
    picked: found ? intake.picked(found, q.pick) : null,
    listed: Number.isSafeInteger(listedId) && listedId > 0 ? (intake.copies([listedId])[0] ?? null) : null,
    recent: today.slice(0, RECENT),
    todayCount: today.length,
    // A box of records goes on one shelf: the next copy starts where the last one went.
    shelf: today[0]?.shelfLocation ?? null,
    bought: today[0]
      ? { vatScheme: today[0].vatScheme, purchasedAt: today[0].purchasedAt, purchasedFrom: today[0].purchasedFrom }
      : null,
    submissionKey: newSubmissionKey(),
    discogsOn: context.services.discogsClient !== null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  // One render of the form lists one copy, however often it is sent.
  return formAction(request, {
    default: submitOnce(context.services, actor).intent(intakeCopySchema, "intake copy", (copy) => {
      const listed = context.services.intake.publish(actor, copy);
      const c = listed.copy;
      const description = `#${c.id}, ${c.mediaGrade}/${c.sleeveGrade}, ${formatPence(c.pricePence)}${listed.hiddenForNoCover ? " (hidden until it has a cover)" : ""}.`;
      return { to: `${INTAKE_PATH}?listed=${c.id}`, toast: { type: "success", title: "Listed", description } };
    }),
  });
}

export default function Intake({ loaderData, actionData }: Route.ComponentProps) {
  const { code, found, picked, listed, recent, todayCount, shelf, bought, submissionKey, discogsOn } = loaderData;
  const location = useLocation();
  const refused = found?.reading.kind === "refused" ? found.reading.message : null;
  const keepBarcode =
    found && found.reading.kind === "barcode" && found.own.length === 0 && !picked ? found.reading.digits : null;
  return (
    <div className="max-w-4xl">
      <h1 className="font-display text-3xl font-bold">Intake</h1>
      <p className="mt-1 mb-4 text-stone-700">
        Scan or type each copy&apos;s barcode or catalogue number, pick its pressing, grade it and publish.{" "}
        {discogsOn
          ? "Discogs's releases are searched too."
          : "Discogs is not connected: only the shop's own records are searched."}
      </p>
      {listed && <ListedNotice copy={listed} />}
      <CodeLookup code={listed ? "" : code} keepBarcode={keepBarcode} focus={!picked} />
      {refused && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-300">
          {refused}
        </p>
      )}
      {found && !refused && (
        <IntakeMatches
          code={code}
          barcode={found.barcode}
          own={found.own}
          discogs={found.discogs}
          picked={picked?.pick ?? null}
        />
      )}
      {picked && (
        <IntakeCopyForm
          key={`${submissionKey}-${picked.pick}`}
          picked={picked}
          shelf={shelf}
          bought={bought}
          submissionKey={submissionKey}
          lastResult={replyFor(actionData)}
          action={`${INTAKE_PATH}${location.search}`}
        />
      )}
      <ListedToday copies={recent} total={todayCount} />
    </div>
  );
}
