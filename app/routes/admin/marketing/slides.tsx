import { Link } from "react-router";
import { RowButton } from "~/components/admin/row-button";
import { NEW_SLIDE, SlideForm } from "~/components/admin/slide-form";
import { newSubmissionKey } from "~/domain/admin/form-submission";
import { MAX_ACTIVE_SLIDES } from "~/domain/home/slide-rules";
import { moveSlideSchema, slideIdSchema, slideSchema } from "~/domain/home/slide-schema";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { submitOnce } from "~/lib/forms/submit-once.server";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { slideUploads } from "~/lib/slide-form.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/slides";

export const handle = staffHandle("promotions.manage", { action: "promotions.manage" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Home page slides", description: "The home page's hero slides." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/marketing-tools/slides";

export function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  return { slides: context.services.slides.list(), submissionKey: newSubmissionKey() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const slides = context.services.slides;
  const done = (title: string, description?: string) => redirectWithToast(PATH, { type: "success", title, description });
  return formAction(request, {
    // One render of the new-slide form adds one slide, however often it is sent.
    save: submitOnce(context.services, actor).asyncIntent(slideSchema, "new slide", async (slide, form) => {
      const row = await slides.create(actor, slide, slideUploads(form));
      const description = row.active ? `"${row.title}" shows on the home page.` : `"${row.title}" is saved, hidden.`;
      return { to: PATH, toast: { type: "success", title: "Slide added", description } };
    }),
    move: intent(moveSlideSchema, ({ slideId, direction }) => {
      slides.move(actor, slideId, direction);
      return done(`Moved ${direction}`);
    }),
    delete: intent(slideIdSchema, async ({ slideId }) => {
      await slides.remove(actor, slideId);
      return done("Slide deleted");
    }),
  });
}

const smallButton = "rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40";

export default function Slides({ loaderData, actionData }: Route.ComponentProps) {
  const { slides, submissionKey } = loaderData;
  const active = slides.filter((s) => s.active).length;
  return (
    <div>
      <p className="text-sm">
        <Link to="/marketing-tools" className="text-needle-dark hover:underline">
          ← Marketing tools
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">Home page slides</h1>
      <p className="mt-1 max-w-prose text-stone-600">
        The hero at the top of the home page shows the slides marked “shown”, in this order, {MAX_ACTIVE_SLIDES} at most.
        {active === 0 && " None is shown now, so the home page has its default slide, “Premium Vinyl Collection”."}
      </p>
      {slides.length > 0 && (
        <ol className="mt-6 divide-y divide-stone-200 rounded-xl bg-white ring-1 ring-stone-200">
          {slides.map((s, i) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="admin-slide">
              <span
                aria-hidden
                className="flex h-12 w-24 shrink-0 items-center overflow-hidden rounded px-2 text-[10px] leading-tight font-bold"
                style={{ backgroundColor: s.bgColor, color: s.textColor }}
              >
                {s.bgImage ? <img src={s.bgImage} alt="" className="h-full w-full object-cover" loading="lazy" /> : s.title}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  <Link to={`${PATH}/${s.id}`} className="hover:underline">
                    {s.title}
                  </Link>
                </p>
                <p className="truncate text-xs text-stone-600">
                  {s.buttonText} → {s.buttonLink}
                </p>
              </div>
              <span
                className={`rounded px-2 py-0.5 text-xs font-semibold ${s.active ? "bg-emerald-100 text-emerald-900" : "bg-stone-200 text-stone-700"}`}
              >
                {s.active ? "Shown" : "Hidden"}
              </span>
              <div className="flex gap-1.5">
                {(["up", "down"] as const).map((direction) => (
                  <RowButton
                    key={direction}
                    intent="move"
                    schema={moveSlideSchema}
                    fields={{ slideId: s.id, direction }}
                    reply={actionData}
                    disabled={direction === "up" ? i === 0 : i === slides.length - 1}
                    className={smallButton}
                  >
                    {direction === "up" ? "↑" : "↓"}
                    <span className="sr-only">
                      {" "}
                      Move {s.title} {direction}
                    </span>
                  </RowButton>
                ))}
                <Link to={`${PATH}/${s.id}`} className={smallButton}>
                  Edit<span className="sr-only"> {s.title}</span>
                </Link>
                <RowButton
                  intent="delete"
                  schema={slideIdSchema}
                  fields={{ slideId: s.id }}
                  reply={actionData}
                  className={`${smallButton} text-red-800`}
                >
                  Delete<span className="sr-only"> {s.title}</span>
                </RowButton>
              </div>
            </li>
          ))}
        </ol>
      )}
      <h2 className="mt-10 font-display text-2xl font-bold">Add a slide</h2>
      <div className="mt-3">
        <SlideForm
          key={submissionKey}
          start={NEW_SLIDE}
          lastResult={replyFor(actionData, "save")}
          submitLabel="Add slide"
          submissionKey={submissionKey}
        />
      </div>
    </div>
  );
}
