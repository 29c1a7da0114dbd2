import { displayCoverUrl } from "~/domain/catalogue/cover";
import { formatLabel } from "~/domain/catalogue/formats";
import { formatPence } from "~/domain/shared/money";
import { isPreOrder } from "~/domain/catalogue/pre-order";
import { formatDateGB } from "~/domain/shared/dates";
import { deliveryLeadText } from "~/domain/checkout/delivery";
import { stockState, stockWording } from "~/domain/catalogue/stock";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { AddToCartButton, availabilityOf } from "~/components/cart/cart-controls";
import { CoverImage } from "~/components/cover-image";
import { FavouriteToggle } from "~/components/favourites/favourite-toggle";
import { RecordGrid } from "~/components/record-grid";
import { toApiTrack } from "~/domain/catalogue/record-api";
import { recordListen } from "~/lib/listening-history";
import { pageMeta } from "~/lib/seo";
import { WantFormLater } from "~/components/wants/want-form-later";
import { UsedCopiesList, UsedCopyFacts } from "~/components/catalogue/used-copies";
import { CopyPhotoGallery } from "~/components/catalogue/copy-photos";
import { beforeSale, LimitNotice, OnSaleNotice } from "~/components/catalogue/limited-sale-notice";
import { formAction } from "~/lib/forms/form-action.server";
import { replyFor } from "~/lib/forms/form-reply";
import { wantIntents } from "~/lib/wants.server";
import { loadRecordPage } from "./record.server";
import type { Route } from "./+types/record";

const DEFAULT_BLURB =
  "A record we are proud to stock: pressed on quality vinyl, checked before it leaves us and packed to arrive flat and unscuffed.";

export const loader = ({ params, context, url }: Route.LoaderArgs) =>
  loadRecordPage("identifier" in params ? params.identifier : params["*"], context, url);

/** The Want form posts here; the record is named by the form, and the answer comes back to this page. */
export const action = ({ request, context, url }: Route.ActionArgs) => formAction(request, wantIntents(context, url.pathname));

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "404 Page Not Found | Needledrop" }];
  if (d.kind === "choices") {
    return [{ title: "Which record did you mean? | Needledrop" }, { name: "robots", content: "noindex, follow" }];
  }
  const { record } = d;
  return pageMeta({
    title: `${record.title} by ${record.artist}`,
    description: `${record.title} by ${record.artist} on vinyl, ${formatPence(record.pricePence)} at Needledrop.`,
    url: d.canonicalUrl,
    image: absoluteUrl(new URL(d.canonicalUrl).origin, displayCoverUrl(record.coverUrl)),
    type: "product",
  });
};

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-stone-200 py-2">
      <dt className="text-stone-600">{term}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function Choices({ choices }: { choices: ReturnType<typeof toApiTrack>[] }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:px-8 lg:py-8">
      <h1 className="font-display text-3xl font-bold sm:text-4xl">Which record did you mean?</h1>
      <p className="mt-2 text-stone-600">{choices.length} records share this address. Pick the one you are after.</p>
      <div className="mt-6">
        <RecordGrid tracks={choices} />
      </div>
    </div>
  );
}

export default function RecordPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "choices") return <Choices choices={loaderData.choices} />;
  const { record, today, jsonLd, moreLikeThis, accountEmail, want, usedCopies, pressing, photos, serverNow, onSaleText } =
    loaderData;
  const notYet = record.onSaleAt !== null && beforeSale(record.onSaleAt, serverNow);
  const wantReply = replyFor(actionData, "want");
  const preOrder = isPreOrder(record.releaseDate, today);
  const state = stockState(record.stockQuantity, preOrder);
  const format = formatLabel(record.format);
  return (
    <>
      <article className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-2 lg:gap-14 lg:px-8 lg:py-12">
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
        <div>
          <CoverImage
            src={record.coverUrl}
            alt={`Cover of ${record.title} by ${record.artist}`}
            width={600}
            height={600}
            priority
            sizes="(min-width: 1408px) 516px, (min-width: 1024px) calc(50vw - 188px), (min-width: 768px) calc(50vw - 32px), calc(100vw - 32px)"
            className="aspect-square w-full rounded-lg bg-stone-200 object-cover shadow-xl"
          />
          <CopyPhotoGallery photos={photos} title={record.title} />
        </div>
        <div>
          <p className="text-sm font-semibold tracking-widest text-needle-dark uppercase">{record.genre}</p>
          <h1 className="mt-2 font-display text-3xl font-bold sm:text-4xl">{record.title}</h1>
          <p className="mt-1 text-xl text-stone-700">{record.artist}</p>
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <span className="text-3xl font-bold">{formatPence(record.pricePence)}</span>
            <span className="rounded bg-stone-200 px-2 py-1 text-sm">
              {format.label}
              {format.rpm ? ` · ${format.rpm}` : ""}
            </span>
            <span className="rounded bg-ink px-2 py-1 text-sm font-semibold text-white">{stockWording(state)}</span>
          </div>
          {record.condition === "used" && record.mediaGrade && record.sleeveGrade && (
            <UsedCopyFacts
              mediaGrade={record.mediaGrade}
              sleeveGrade={record.sleeveGrade}
              note={record.conditionNote}
              sold={record.stockQuantity <= 0}
              pressing={pressing}
            />
          )}
          {preOrder && record.releaseDate && (
            <p className="mt-4 rounded-md bg-indigo-50 p-3 text-sm text-indigo-950">
              Pre-order: released {formatDateGB(record.releaseDate)}. Your card is charged when you order; delivery takes{" "}
              {deliveryLeadText(true)}.
            </p>
          )}
          <LimitNotice limitPerCustomer={record.limitPerCustomer} />
          <div className="mt-6 flex items-center gap-3">
            <div className="flex-1 sm:max-w-xs">
              {notYet && record.onSaleAt && onSaleText ? (
                <OnSaleNotice onSaleAt={record.onSaleAt} text={onSaleText} serverNow={serverNow} />
              ) : (
                <AddToCartButton
                  recordId={record.id}
                  title={record.title}
                  availability={availabilityOf(record.stockQuantity, preOrder)}
                  size="large"
                />
              )}
            </div>
            <FavouriteToggle recordId={record.id} title={record.title} look="large" />
          </div>
          {usedCopies.length > 0 && <UsedCopiesList title={record.title} copies={usedCopies} />}
          <WantFormLater
            recordId={record.id}
            soldOut={!preOrder && record.stockQuantity <= 0}
            preOrder={preOrder}
            accountEmail={accountEmail}
            current={want}
            lastResult={wantReply}
            prominent={preOrder || record.stockQuantity <= 0}
            usedAlerts={record.condition === "new"}
          />
          <p className="mt-6 leading-relaxed text-stone-800">{record.description ?? DEFAULT_BLURB}</p>
          <figure className="mt-6">
            <figcaption className="mb-2 text-sm font-semibold">Listen to a preview</figcaption>
            {/* Playing a preview feeds the recommendations (spec §4 listening history). */}
            <audio controls preload="none" src={record.audioUrl} className="w-full" onPlay={() => recordListen(record.id)} />
          </figure>
          <dl className="mt-6 text-sm">
            {record.label && <Fact term="Label">{record.label}</Fact>}
            {record.catalogNumber && <Fact term="Catalogue number">{record.catalogNumber}</Fact>}
            {record.releaseDate && <Fact term="Release date">{formatDateGB(record.releaseDate)}</Fact>}
            {record.year && <Fact term="Original year">{record.year}</Fact>}
            <Fact term="Condition">
              {record.condition === "used"
                ? `Used${record.mediaGrade ? ` · ${record.mediaGrade}/${record.sleeveGrade}` : ""}`
                : "New"}
            </Fact>
          </dl>
        </div>
      </article>
      {moreLikeThis.length > 0 && (
        <section aria-labelledby="more-like-this" className="mx-auto max-w-6xl px-4 pb-8 lg:px-8">
          <h2 id="more-like-this" className="mb-5 font-display text-2xl font-bold">
            More like this
          </h2>
          <RecordGrid tracks={moreLikeThis} />
        </section>
      )}
    </>
  );
}
