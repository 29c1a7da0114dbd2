import { Icon } from "~/components/icons/icon";
import { BLOG_PATH } from "~/domain/magazine/paths";
import { Link } from "react-router";

/**
 * The magazine's nameplate: a kicker, a very large serif title between heavy rules, and a standfirst.
 * On the front page the title is the magazine's name; on topic and artist pages, what is being read about.
 */
export function Masthead({
  kicker,
  title,
  children,
  feedLink = true,
}: {
  kicker: React.ReactNode;
  title: string;
  children?: React.ReactNode;
  feedLink?: boolean;
}) {
  return (
    <header className="border-b-4 border-double border-ink pb-5">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-ink pb-2 text-xs font-semibold tracking-[0.25em] uppercase">
        <span className="text-needle-dark">{kicker}</span>
        {feedLink && (
          <a href={`${BLOG_PATH}/rss.xml`} className="inline-flex items-center gap-1.5 text-stone-700 hover:text-needle-dark">
            <Icon name="rss" className="h-3.5 w-3.5" />
            RSS feed
          </a>
        )}
      </div>
      <h1 className="mt-4 font-display text-5xl leading-[0.95] font-black tracking-tight break-words text-ink sm:text-7xl lg:text-8xl">
        {title}
      </h1>
      {children && <div className="mt-4 max-w-2xl font-display text-lg text-stone-700 italic sm:text-xl">{children}</div>}
    </header>
  );
}

/** "Artist Stories / Jazz": the way back to the magazine's front page. */
export function MagazineTrail({ children }: { children?: React.ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="text-xs font-semibold tracking-[0.2em] uppercase">
      <ol className="flex flex-wrap items-center gap-2">
        <li>
          <Link to={BLOG_PATH} className="text-needle-dark hover:underline">
            Artist Stories
          </Link>
        </li>
        {children}
      </ol>
    </nav>
  );
}

/** "Artist Stories / Topic": a masthead kicker that leads back to the magazine's front page. */
export function MagazineKicker({ children }: { children: React.ReactNode }) {
  return (
    <>
      <Link to={BLOG_PATH} className="hover:underline">
        Artist Stories
      </Link>
      <span aria-hidden className="mx-2 text-stone-600">
        /
      </span>
      <span className="text-stone-700">{children}</span>
    </>
  );
}

/** A section heading with a rule under it, in the magazine's type. */
export function SectionHeading({ id, kicker, children }: { id: string; kicker?: string; children: React.ReactNode }) {
  return (
    <div className="mb-6 border-b-2 border-ink pb-2">
      {kicker && <p className="text-xs font-bold tracking-[0.25em] text-needle-dark uppercase">{kicker}</p>}
      <h2 id={id} className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
        {children}
      </h2>
    </div>
  );
}
