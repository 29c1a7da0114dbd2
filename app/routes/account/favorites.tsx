import { Icon } from "~/components/icons/icon";
import { ShopperForm, useShopperFetcher } from "~/components/cart/shopper-form";
import { RecordCard } from "~/components/record-card";
import { toApiTrack, type ApiTrack } from "~/domain/catalogue/record-api";
import { answerShopperPost, cookieHeaders } from "~/lib/cart-state.server";
import { FAVOURITES_FORM_ERROR } from "~/domain/favourites/favourites-intent";
import { favouritesIntents } from "~/lib/favourites-state.server";
import { runForm } from "~/lib/forms/form-action.server";
import { requireUser } from "~/lib/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/favorites";
import { Link } from "react-router";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Your favourites", description: "The records you have kept as favourites at Needledrop." }),
  { name: "robots", content: "noindex" },
];

/** Spec §2: the page is protected (a visitor's favourites join the account when they sign in). */
export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { favourites } = context.services;
  return { records: favourites.records(favourites.ids(user.id)).map((r) => toApiTrack(r, context.today)) };
}

/**
 * Public on purpose: a visitor's heart buttons post here too, and their favourites are kept in the
 * browser until they sign in. Intents add, remove and clear; `redirectTo` as in the cart's action.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const formData = await request.formData();
  const outcome = await runForm(formData, favouritesIntents(request, context));
  const { toast, cookies } = outcome.ok ? outcome.answer : { toast: FAVOURITES_FORM_ERROR, cookies: [] };
  return answerShopperPost(request, formData, {
    toast,
    headers: cookieHeaders(...cookies),
    status: outcome.ok ? 200 : 400,
    fallback: context.user ? "/favorites" : "/",
  });
}

/** The page's forms share one fetcher: its toasts are shown by the page, which outlives the forms. */
const FAVOURITES_FORMS = "favourites-page";

function RemoveFavourite({ track }: { track: ApiTrack }) {
  const { onSubmit, busy } = useShopperFetcher({ key: FAVOURITES_FORMS, toasts: false });
  return (
    <ShopperForm
      action="/favorites"
      fields={{ intent: "remove", recordId: track.id }}
      redirectTo="/favorites"
      onSubmit={onSubmit}
    >
      <button
        type="submit"
        disabled={busy}
        aria-label={`Remove ${track.title} from favourites`}
        className="inline-flex w-full items-center justify-center gap-1.5 rounded-full px-3 py-2 text-sm text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 hover:text-red-800 disabled:opacity-50"
      >
        <Icon name="trash" className="h-4 w-4" />
        Remove
      </button>
    </ShopperForm>
  );
}

function ClearFavourites() {
  const { onSubmit, busy } = useShopperFetcher({ key: FAVOURITES_FORMS, toasts: false });
  return (
    <ShopperForm action="/favorites" fields={{ intent: "clear" }} redirectTo="/favorites" onSubmit={onSubmit}>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 hover:text-red-800 disabled:opacity-50"
      >
        <Icon name="trash" className="h-4 w-4" />
        Clear favourites
      </button>
    </ShopperForm>
  );
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  const { records } = loaderData;
  // Clear, and the last Remove, take their own form off the page with their answer: the toast is shown from here.
  useShopperFetcher({ key: FAVOURITES_FORMS });
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4 border-b-2 border-ink pb-3">
        <div>
          <p className="eyebrow">Your library</p>
          <h1 className="mt-1 font-display text-3xl font-bold sm:text-4xl">Your favourites</h1>
          {records.length > 0 && (
            <p className="mt-1 text-stone-600">
              {records.length} {records.length === 1 ? "record" : "records"}
            </p>
          )}
        </div>
        {records.length > 0 && <ClearFavourites />}
      </div>
      {records.length === 0 ? (
        <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
          <Icon name="heart" className="h-12 w-12 text-stone-400" />
          <h2 className="mt-4 font-display text-2xl font-bold">No favourites yet</h2>
          <p className="mt-2 text-stone-600">Tap the heart on any record to keep it here.</p>
          <Link to="/browse" className="mt-6 rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-needle-dark">
            Browse records
          </Link>
        </div>
      ) : (
        <ul aria-label="Favourite records" className="mt-6 grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-4">
          {records.map((track) => (
            <li key={track.id} className="flex flex-col gap-2">
              <RecordCard track={track} showFavourite={false} />
              <RemoveFavourite track={track} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
