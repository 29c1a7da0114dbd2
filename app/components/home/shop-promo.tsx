import { Icon } from "~/components/icons/icon";

/** Spec §2 home section 9: a promo leading to all vinyl and to new releases. */
export function ShopPromo() {
  return (
    <section aria-labelledby="shop-promo-heading" className="mx-auto max-w-6xl px-4 lg:px-8">
      <div className="mb-6 text-center">
        <p className="text-xs font-semibold tracking-[0.25em] text-needle-dark uppercase">Something for every shelf</p>
        <h2 id="shop-promo-heading" className="mt-1 font-display text-3xl font-bold tracking-tight sm:text-4xl">
          Find Your Next Favourite Record
        </h2>
      </div>
      <ul className="grid gap-5 md:grid-cols-2">
        <PromoTile
          href="/allvinyl"
          label="Browse All Vinyl"
          text="Every record in the shop, from £5 singles to deluxe box sets, with prices that include VAT."
          tone="bg-ink text-white"
          discs={["bg-needle", "bg-label", "bg-stone-300"]}
        />
        <PromoTile
          href="/new-releases"
          label="See New Releases"
          text="Fresh pressings from the last forty days, in the racks and ready to post by Royal Mail."
          tone="bg-needle text-white"
          discs={["bg-label", "bg-ink", "bg-white"]}
        />
      </ul>
    </section>
  );
}

function PromoTile({
  href,
  label,
  text,
  tone,
  discs,
}: {
  href: string;
  label: string;
  text: string;
  tone: string;
  discs: string[];
}) {
  return (
    <li
      className={`group relative isolate flex flex-col overflow-hidden rounded-3xl p-8 shadow-lg transition hover:-translate-y-0.5 hover:shadow-xl sm:p-10 ${tone}`}
    >
      {/* Three records fanned out in the corner (decorative). */}
      <span aria-hidden className="pointer-events-none absolute -right-12 -bottom-12 -z-10 h-44 w-64">
        {discs.map((colour, i) => (
          <span
            key={i}
            className="absolute bottom-0 h-32 w-32 rounded-full sm:h-40 sm:w-40 bg-[repeating-radial-gradient(circle,#2a231b_0_2px,#0b0907_3px_5px)] shadow-xl transition duration-500 group-hover:-translate-y-2"
            style={{ right: `${i * 36}px`, transitionDelay: `${i * 60}ms` }}
          >
            <span className={`absolute inset-0 m-auto h-11 w-11 rounded-full sm:h-14 sm:w-14 ${colour}`} />
            <span className="absolute inset-0 m-auto h-2 w-2 rounded-full bg-ink" />
          </span>
        ))}
      </span>
      <h3 className="font-display text-2xl font-bold sm:text-3xl">
        {/* The ::after layer makes the whole tile clickable; the link's name stays the heading. */}
        <a href={href} className="after:absolute after:inset-0 after:z-10 after:content-['']">
          {label}
        </a>
      </h3>
      <p className="mt-3 max-w-xs text-sm sm:text-base">{text}</p>
      <p aria-hidden className="mt-8 inline-flex items-center gap-2 text-sm font-semibold">
        Start browsing <Icon name="arrow-right" className="h-4 w-4 transition group-hover:translate-x-1" />
      </p>
    </li>
  );
}
