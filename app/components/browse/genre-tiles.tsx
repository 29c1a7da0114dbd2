import { genreColours } from "~/domain/catalogue/genres";
import { formatCount } from "~/domain/browse/listing-text";
import { Link } from "react-router";

export const genreHref = (genre: string) => `/browse?${new URLSearchParams({ genre })}`;

/** A wall of genre tiles in each genre's colours (spec §9), each opening /browse?genre=…. */
export function GenreTiles({ genres }: { genres: { name: string; count: number }[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {genres.map(({ name, count }) => {
        const colours = genreColours(name);
        return (
          <li key={name}>
            <Link
              to={genreHref(name)}
              style={{ backgroundColor: colours.bg, color: colours.text }}
              className="group relative flex h-28 flex-col justify-between overflow-hidden rounded-xl p-4 shadow-sm ring-1 ring-black/5 transition hover:-translate-y-0.5 hover:shadow-lg sm:h-36 sm:p-5"
            >
              <span className="relative font-display text-xl font-bold sm:text-2xl">{name}</span>
              <span className="relative text-sm font-medium">
                <span className="sr-only">, </span>
                {formatCount(count)} {count === 1 ? "record" : "records"}
              </span>
              {/* A half-seen record in the tile's own colour. */}
              <span
                aria-hidden
                style={{ borderColor: colours.text }}
                className="absolute -right-10 -bottom-10 h-28 w-28 rounded-full border-[14px] opacity-15 transition duration-500 group-hover:rotate-45 sm:h-36 sm:w-36"
              >
                <span style={{ backgroundColor: colours.text }} className="absolute inset-[38%] rounded-full" />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Genre names as links to /browse, in columns: the A–Z list on /genres and the choices when a genre is unknown. */
export function GenreLinkList({ names }: { names: string[] }) {
  return (
    <ul className="mt-4 columns-2 gap-6 text-sm sm:columns-3 lg:columns-5">
      {names.map((name) => (
        <li key={name} className="break-inside-avoid py-1">
          <Link to={genreHref(name)} className="font-medium text-ink underline-offset-2 hover:text-needle-dark hover:underline">
            {name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
