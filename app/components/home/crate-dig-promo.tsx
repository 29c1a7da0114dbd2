import { Icon } from "~/components/icons/icon";

/** Sleeves standing in the crate: colour, art colour, tilt and height (decorative). */
const SLEEVES = [
  { bg: "#d9480f", art: "#f1c453", tilt: "-rotate-6", lift: "translate-y-3" },
  { bg: "#1e40af", art: "#dbeafe", tilt: "-rotate-3", lift: "translate-y-1" },
  { bg: "#f1c453", art: "#16130f", tilt: "rotate-0", lift: "-translate-y-8 group-hover:-translate-y-14" },
  { bg: "#166534", art: "#dcfce7", tilt: "rotate-3", lift: "translate-y-2" },
  { bg: "#9d174d", art: "#fce7f3", tilt: "rotate-6", lift: "translate-y-4" },
] as const;

/** Spec §2 home section 4: a promo for the Virtual Crate Dig. */
export function CrateDigPromo() {
  return (
    <section aria-labelledby="crate-dig-heading" className="section">
      <div className="group relative isolate grid items-center gap-8 overflow-hidden rounded-3xl bg-groove p-8 text-white shadow-xl ring-1 ring-black/10 sm:p-12 md:grid-cols-2">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_110%,rgba(217,72,15,0.45),transparent_55%)]"
        />
        <div>
          <p className="text-xs font-semibold tracking-[0.25em] text-label uppercase">Feeling lucky?</p>
          <h2 id="crate-dig-heading" className="mt-2 font-display text-3xl font-bold sm:text-4xl">
            Virtual Crate Dig
          </h2>
          <p className="mt-4 max-w-md text-stone-300">
            Flip through a crate of records pulled from every corner of the shop, just like a Saturday morning in a record shop.
            Every dig turns up something you weren’t looking for.
          </p>
          {/* The ::after layer stretches the link over the whole card; its name stays "Start Digging". */}
          <a
            href="/virtual-crate-dig"
            className="cover-link mt-7 inline-flex items-center gap-2 rounded-full bg-label px-6 py-3 text-sm font-bold text-ink transition group-hover:bg-white"
          >
            Start Digging
            <Icon name="arrow-right" className="arrow-far" />
          </a>
        </div>

        {/* A wooden crate of sleeves; the middle one rises when the promo is hovered. */}
        <div aria-hidden className="relative mx-auto h-56 w-full max-w-sm sm:h-64">
          <div className="absolute inset-x-4 bottom-16 flex items-end justify-center gap-1">
            {SLEEVES.map((s, i) => (
              <div key={i} className={`sleeve ${s.tilt} ${s.lift}`} style={{ backgroundColor: s.bg }}>
                <div className="sleeve-art" style={{ backgroundColor: s.art }} />
                <div className="sleeve-bar" style={{ backgroundColor: s.art }} />
              </div>
            ))}
          </div>
          {/* Crate front: wooden slats with a hand-hole. */}
          <div className="absolute inset-x-0 bottom-0 h-24 rounded-md bg-[repeating-linear-gradient(180deg,#b07a45_0_22px,#8a5a2e_22px_24px)] shadow-2xl ring-1 ring-black/30">
            <div className="absolute top-4 left-1/2 h-4 w-20 -translate-x-1/2 rounded-full bg-[#4a2f17] shadow-inner" />
            <div className="absolute inset-y-0 left-2 w-1 bg-black/15" />
            <div className="absolute inset-y-0 right-2 w-1 bg-black/15" />
          </div>
        </div>
      </div>
    </section>
  );
}
