import { data, Link } from "react-router";
import { SlideForm } from "~/components/admin/slide-form";
import { Slideshow } from "~/components/home/slideshow";
import { NotFoundError } from "~/domain/shared/errors";
import { slideIdSchema, slideSchema } from "~/domain/home/slide-schema";
import { formAction, intent } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { readParams } from "~/lib/forms/search-params";
import { requirePermission } from "~/lib/guards.server";
import { staffHandle } from "~/domain/staff/staff-handle";
import { pageMeta } from "~/lib/seo";
import { slideUploads } from "~/lib/slide-form.server";
import { redirectWithToast } from "~/lib/toast.server";
import { toSlide } from "~/domain/home/slide-rules";
import type { Route } from "./+types/slide-edit";

export const handle = staffHandle("promotions.manage", { action: "promotions.manage" });

export const meta: Route.MetaFunction = ({ data: d }) => [
  ...pageMeta({ title: d ? `Slide: ${d.slide.title}` : "Slide", description: "Edit a home page slide." }),
  { name: "robots", content: "noindex" },
];

const slideIdOf = (params: { slideId: string }) => readParams(slideIdSchema, params).slideId;

export function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, handle.permission);
  try {
    const slide = context.services.slides.get(slideIdOf(params));
    return { slide, preview: toSlide(slide) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = requirePermission(context, request, handle.action!);
  const id = slideIdOf(params);
  return formAction(request, {
    save: intent(slideSchema, async (slide, form) => {
      const row = await context.services.slides.update(actor, id, slide, slideUploads(form));
      return redirectWithToast(`/marketing-tools/slides/${id}`, {
        type: "success",
        title: "Slide saved",
        description: row.active ? "It shows on the home page." : "It is hidden from the home page.",
      });
    }),
  });
}

export default function SlideEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { slide, preview } = loaderData;
  return (
    <div>
      <p className="text-sm">
        <Link to="/marketing-tools/slides" className="text-needle-dark hover:underline">
          ← Home page slides
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">{slide.title}</h1>
      <p className="mt-1 text-stone-600">{slide.active ? "Shown on the home page." : "Hidden from the home page."}</p>
      <section aria-labelledby="slide-preview" className="mt-6">
        <h2 id="slide-preview" className="font-semibold">
          Preview <span className="font-normal text-stone-600">(as saved; narrow the window to see the phone image)</span>
        </h2>
        <div className="mt-2 overflow-hidden rounded-xl ring-1 ring-stone-200">
          <Slideshow slides={[preview]} label="Slide preview" />
        </div>
      </section>
      <h2 className="mt-8 font-display text-2xl font-bold">Edit</h2>
      <div className="mt-3">
        <SlideForm start={slide} lastResult={replyFor(actionData, "save")} submitLabel="Save slide" />
      </div>
    </div>
  );
}
