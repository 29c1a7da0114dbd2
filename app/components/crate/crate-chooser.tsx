import { Icon } from "~/components/icons/icon";
import { CoverImage } from "~/components/cover-image";
import { genreColours } from "~/domain/catalogue/genres";
import { CrateFront, MysterySleeve } from "./crate-art";
import { crateHref, type CrateKey } from "~/domain/crate/crate-query";
import { Link } from "react-router";

export interface ChooserTile {
  key: CrateKey;
  title: string;
  blurb: string | null;
  count: number | null;
  covers: string[];
}

const TILTS = ["-rotate-6 translate-y-2", "rotate-0 -translate-y-1", "rotate-6 translate-y-3"] as const;
const SPECIAL_BACKDROP: Record<string, string> = {
  "new-in": "#dbeafe",
  "under-15": "#dcfce7",
  "staff-picks": "#fef3c7",
  surprise: "#fce7f3",
};
const MYSTERY = [
  { bg: "#9d174d", art: "#fce7f3" },
  { bg: "#1e40af", art: "#dbeafe" },
  { bg: "#c2410c", art: "#f1c453" },
] as const;

function countText(count: number | null): string {
  if (count === null) return "Shuffled for you";
  if (count === 0) return "Empty today";
  return `${count} ${count === 1 ? "record" : "records"}`;
}

/** A crate on the floor of the shop: the front records' sleeves standing in a wooden crate. */
function CrateTile({ tile, href, large = false }: { tile: ChooserTile; href: string; large?: boolean }) {
  const backdrop = tile.key.kind === "genre" ? genreColours(tile.title).bg : SPECIAL_BACKDROP[tile.key.kind];
  const sleeve = large ? "h-20 w-20 sm:h-28 sm:w-28" : "h-20 w-20 sm:h-24 sm:w-24";
  return (
    <Link
      to={href}
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-1 hover:shadow-xl focus-visible:-translate-y-1"
    >
      <div
        aria-hidden
        className={`relative ${large ? "h-36 sm:h-44" : "h-36 sm:h-40"} overflow-hidden`}
        style={{ backgroundColor: backdrop }}
      >
        <div className="absolute inset-x-4 bottom-7 flex items-end justify-center">
          {tile.key.kind === "surprise" || tile.covers.length === 0
            ? MYSTERY.map((m, i) => (
                <MysterySleeve
                  key={i}
                  bg={m.bg}
                  art={m.art}
                  className={`${sleeve} shrink-0 transition duration-300 ${TILTS[i]} ${i > 0 ? "-ml-8" : ""} ${i === 1 ? "group-hover:-translate-y-5" : ""}`}
                />
              ))
            : tile.covers.map((src, i) => (
                <span
                  key={`${src}-${i}`}
                  className={`${sleeve} block shrink-0 overflow-hidden rounded-sm bg-stone-300 shadow-lg ring-1 ring-black/10 transition duration-300 ${TILTS[i]} ${i > 0 ? "-ml-8" : ""} ${i === 1 ? "group-hover:-translate-y-5" : ""}`}
                >
                  <CoverImage
                    src={src}
                    alt=""
                    width={160}
                    height={160}
                    sizes="112px"
                    widths={[160, 240]}
                    className="h-full w-full object-cover"
                  />
                </span>
              ))}
        </div>
        <CrateFront className="mx-3 h-12" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 className={`font-display font-bold ${large ? "text-2xl" : "text-xl"} group-hover:text-needle-dark`}>{tile.title}</h3>
        {tile.blurb && <p className="mt-1 hidden text-sm text-stone-700 sm:block">{tile.blurb}</p>}
        <p className="mt-auto pt-2 text-xs font-semibold tracking-[0.15em] text-stone-600 uppercase">{countText(tile.count)}</p>
      </div>
    </Link>
  );
}

/** /virtual-crate-dig with no crate chosen: the special crates, then one crate per genre. */
export function CrateChooser({
  special,
  genres,
  surpriseSeed,
}: {
  special: ChooserTile[];
  genres: ChooserTile[];
  surpriseSeed: number;
}) {
  const hrefOf = (tile: ChooserTile) => crateHref(tile.key, tile.key.kind === "surprise" ? { seed: surpriseSeed } : {});
  return (
    <div>
      <header className="relative isolate overflow-hidden bg-groove text-white">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_120%,rgba(217,72,15,0.5),transparent_55%)]"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 sm:py-14 md:grid-cols-[1fr_auto] lg:px-8">
          <div>
            <p className="text-xs font-semibold tracking-[0.25em] text-label uppercase">Saturday morning, any day</p>
            <h1 className="mt-2 font-display text-4xl font-black sm:text-6xl">Virtual Crate Dig</h1>
            <p className="mt-4 max-w-xl text-stone-300 sm:text-lg">
              Pick a crate and flip through it one record at a time, cover first, like you would in the shop. Have a listen to
              anything that catches your eye.
            </p>
            <Link
              to={crateHref({ kind: "surprise" }, { seed: surpriseSeed })}
              className="mt-7 inline-flex items-center gap-2 rounded-full bg-label px-6 py-3 text-sm font-bold text-ink transition hover:bg-white"
            >
              <Icon name="shuffle" className="h-4 w-4" />
              Surprise me
            </Link>
          </div>
          {/* A crate of sleeves, the middle one pulled up. */}
          <div aria-hidden className="relative mx-auto hidden h-52 w-72 md:block">
            <div className="absolute inset-x-6 bottom-12 flex items-end justify-center">
              {[
                { bg: "#d9480f", art: "#f1c453", t: "-rotate-6 translate-y-2" },
                { bg: "#1e40af", art: "#dbeafe", t: "-rotate-2" },
                { bg: "#f1c453", art: "#16130f", t: "-translate-y-10" },
                { bg: "#166534", art: "#dcfce7", t: "rotate-3 translate-y-1" },
                { bg: "#9d174d", art: "#fce7f3", t: "rotate-6 translate-y-3" },
              ].map((s, i) => (
                <span
                  key={i}
                  className={`relative block h-32 w-28 shrink-0 rounded-sm shadow-xl ${s.t} ${i > 0 ? "-ml-14" : ""}`}
                  style={{ backgroundColor: s.bg }}
                >
                  <span className="absolute inset-x-4 top-4 aspect-square rounded-full" style={{ backgroundColor: s.art }} />
                </span>
              ))}
            </div>
            <CrateFront className="h-20" />
          </div>
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 lg:px-8">
        <section aria-labelledby="crates-heading" className="mt-10">
          <div className="mb-5 border-b-2 border-ink pb-2">
            <p className="text-xs font-bold tracking-[0.25em] text-needle-dark uppercase">Step 1</p>
            <h2 id="crates-heading" className="font-display text-2xl font-bold sm:text-3xl">
              Pick a crate
            </h2>
          </div>
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {special.map((tile) => (
              <li key={tile.title}>
                <CrateTile tile={tile} href={hrefOf(tile)} large />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="genre-crates-heading" className="mt-12">
          <div className="mb-5 border-b-2 border-ink pb-2">
            <p className="text-xs font-bold tracking-[0.25em] text-needle-dark uppercase">Or dig by sound</p>
            <h2 id="genre-crates-heading" className="font-display text-2xl font-bold sm:text-3xl">
              Genre crates
            </h2>
          </div>
          {genres.length > 0 ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
              {genres.map((tile) => (
                <li key={tile.title}>
                  <CrateTile tile={tile} href={hrefOf(tile)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-stone-600">No genre crates to dig through yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}
