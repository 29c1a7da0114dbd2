import { Link } from "react-router";
import { Icon } from "~/components/icons/icon";

/** Spec §2 home section 9: a promo leading to all vinyl and to new releases. */
export function ShopPromo() {
  return (
    <section aria-labelledby="shop-promo-heading" className="section">
      <div className="mb-6 text-center">
        <p className="eyebrow">Something for every shelf</p>
        <h2 id="shop-promo-heading" className="section-title">
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
    <li className={`group promo-tile ${tone}`}>
      {/* Three records fanned out in the corner (decorative). */}
      <span aria-hidden className="promo-discs">
        {discs.map((colour, i) => (
          <span key={i} className="promo-disc" style={{ right: `${i * 36}px`, transitionDelay: `${i * 60}ms` }}>
            <span className={`disc-label ${colour}`} />
            <span className="disc-hole" />
          </span>
        ))}
      </span>
      <h3 className="promo-title">
        {/* The ::after layer makes the whole tile clickable; the link's name stays the heading. */}
        <Link to={href} className="cover-link">
          {label}
        </Link>
      </h3>
      <p className="promo-text">{text}</p>
      <p aria-hidden className="promo-more">
        Start browsing <Icon name="arrow-right" className="arrow-far" />
      </p>
    </li>
  );
}
