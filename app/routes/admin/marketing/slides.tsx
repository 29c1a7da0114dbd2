import { data, Form, Link } from "react-router";
import { NEW_SLIDE, SlideForm } from "~/components/admin/slide-form";
import { MAX_ACTIVE_SLIDES } from "~/domain/home/slide-rules";
import { moveSlideSchema, slideIdSchema } from "~/domain/home/slide-schema";
import { formFailureOf } from "~/domain/shared/errors";
import { parseInput } from "~/domain/shared/parse-input";
import { requireAdmin } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import { readSlideForm, slideFormFailure } from "~/lib/slide-form.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/slides";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Home page slides", description: "The home page's hero slides." }),
  { name: "robots", content: "noindex" },
];

const PATH = "/marketing-tools/slides";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { slides: context.services.slides.list() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request);
  const actor = { id: user.id, username: user.username };
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ message: "The form could not be read; please try again.", errors: {}, values: {} }, { status: 400 });
  }
  const intent = form.get("intent");
  const slides = context.services.slides;
  if (intent === "save") {
    const { values, parse, uploads } = readSlideForm(form);
    try {
      const row = await slides.create(actor, parse(), uploads);
      return redirectWithToast(PATH, {
        type: "success",
        title: "Slide added",
        description: row.active ? `"${row.title}" shows on the home page.` : `"${row.title}" is saved, hidden.`,
      });
    } catch (error) {
      return slideFormFailure(error, values);
    }
  }
  try {
    const fields = { slideId: form.get("slideId"), direction: form.get("direction") };
    if (intent === "move") {
      const input = parseInput(moveSlideSchema, fields);
      slides.move(actor, input.slideId, input.direction);
      return redirectWithToast(PATH, { type: "success", title: `Moved ${input.direction}` });
    }
    if (intent === "delete") {
      await slides.remove(actor, parseInput(slideIdSchema, fields).slideId);
      return redirectWithToast(PATH, { type: "success", title: "Slide deleted" });
    }
    return data({ message: "Unknown action.", errors: {}, values: {} }, { status: 400 });
  } catch (error) {
    const failure = formFailureOf(error);
    if (!failure) throw error;
    return data({ message: failure.message, errors: {}, values: {} }, { status: failure.status });
  }
}

const smallButton = "rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-40";

export default function Slides({ loaderData, actionData }: Route.ComponentProps) {
  const { slides } = loaderData;
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
                  <Form method="post" key={direction}>
                    <input type="hidden" name="intent" value="move" />
                    <input type="hidden" name="slideId" value={s.id} />
                    <input type="hidden" name="direction" value={direction} />
                    <button
                      type="submit"
                      disabled={direction === "up" ? i === 0 : i === slides.length - 1}
                      className={smallButton}
                    >
                      {direction === "up" ? "↑" : "↓"}
                      <span className="sr-only">
                        {" "}
                        Move {s.title} {direction}
                      </span>
                    </button>
                  </Form>
                ))}
                <Link to={`${PATH}/${s.id}`} className={smallButton}>
                  Edit<span className="sr-only"> {s.title}</span>
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="slideId" value={s.id} />
                  <button type="submit" className={`${smallButton} text-red-800`}>
                    Delete<span className="sr-only"> {s.title}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      )}
      <h2 className="mt-10 font-display text-2xl font-bold">Add a slide</h2>
      <div className="mt-3">
        <SlideForm start={NEW_SLIDE} reply={actionData ?? null} submitLabel="Add slide" />
      </div>
    </div>
  );
}
