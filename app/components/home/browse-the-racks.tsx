import { Icon } from "~/components/icons/icon";
import { formatCount } from "~/domain/browse/listing-text";

/**
 * The home page's last band: a way into /browse, where every record can be filtered and paged through the
 * address. The home page itself does not page through the catalogue.
 */
export function BrowseTheRacks({ total }: { total: number }) {
  return (
    <section aria-labelledby="browse-racks-heading" className="section">
      <div className="flex flex-col gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <p className="eyebrow">Everything in the shop</p>
          <h2 id="browse-racks-heading" className="section-title">
            Browse the Racks
          </h2>
          <p className="mt-2 text-stone-700">Filter every record by genre, format, decade, label and price.</p>
        </div>
        <a
          href="/browse"
          className="group inline-flex shrink-0 items-center justify-center gap-2 self-start rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-needle sm:self-auto"
        >
          Browse all {formatCount(total)} records
          <Icon name="arrow-right" className="arrow" />
        </a>
      </div>
    </section>
  );
}
