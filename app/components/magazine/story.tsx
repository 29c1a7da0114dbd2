import { CoverImage } from "~/components/cover-image";
import { formatDateGB } from "~/domain/shared/dates";
import { postPath, readingTimeText, tagLabel } from "~/domain/magazine/paths";
import type { PostSummary } from "~/domain/magazine/types";
import { Link } from "react-router";

/** "14 January 2026 · 3 min read", the date machine-readable too. */
export function PostDateline({
  post,
  className = "",
}: {
  post: Pick<PostSummary, "publishedAt" | "readingMinutes">;
  className?: string;
}) {
  return (
    <p className={`text-xs font-medium tracking-wide text-stone-600 uppercase ${className}`}>
      <time dateTime={post.publishedAt}>{formatDateGB(post.publishedAt)}</time>
      <span aria-hidden className="mx-2 text-needle">
        ●
      </span>
      {readingTimeText(post.readingMinutes)}
    </p>
  );
}

/** The small line above a headline: the post's main topic and its artist. */
function Kicker({ post, className = "" }: { post: PostSummary; className?: string }) {
  const tag = post.tags[0];
  return (
    <p className={`text-xs font-bold tracking-[0.2em] text-needle-dark uppercase ${className}`}>
      {tag ? tagLabel(tag) : "Artist Stories"}
      <span className="font-semibold text-stone-600"> · {post.artist}</span>
    </p>
  );
}

// Backdrops for covers on display, chosen by post so a page of stories is varied but stable.
const STAGES = ["bg-groove", "bg-[#1e3a3a]", "bg-needle-dark", "bg-[#2e2a4a]", "bg-[#4a3a1e]", "bg-[#3a1e2a]"];

/** A square cover shown whole on a coloured stage, a record sliding out of its sleeve behind it. */
function CoverStage({ post, aspect, sizes }: { post: PostSummary; aspect: string; sizes: string }) {
  return (
    <div className={`relative overflow-hidden rounded-sm ${STAGES[post.id % STAGES.length]} ${aspect}`}>
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgb(255_255_255/0.12),transparent_60%)]"
      />
      <div className="absolute inset-y-[9%] left-[8%] aspect-square">
        <div
          aria-hidden
          className="absolute inset-[3%] translate-x-[34%] rounded-full bg-[repeating-radial-gradient(circle,#2b241c_0_2px,#0f0c09_2px_4px)] shadow-xl transition duration-500 group-hover:translate-x-[44%]"
        >
          <div className="absolute inset-[35%] rounded-full bg-label">
            <div className="absolute inset-[44%] rounded-full bg-ink" />
          </div>
        </div>
        <CoverImage
          src={post.coverUrl ?? ""}
          alt=""
          width={600}
          height={600}
          sizes={sizes}
          className="relative h-full w-full rounded-[2px] object-cover shadow-[0_10px_30px_rgb(0_0_0/0.45)]"
        />
      </div>
    </div>
  );
}

/**
 * A story in a list. The headline's link stretches over the whole card (::after), so the card is one
 * target for a pointer and one link for a screen reader. Small cards are compact rows on phones.
 */
export function StoryCard({
  post,
  size = "small",
  headingLevel = 3,
  sizes,
}: {
  post: PostSummary;
  size?: "small" | "medium";
  headingLevel?: 2 | 3;
  /** The cover's rendered width per layout (the cover is about 60% of the card's width). */
  sizes: string;
}) {
  const Heading = `h${headingLevel}` as const;
  const medium = size === "medium";
  return (
    <article
      className={`group relative w-full ${medium ? "flex flex-col" : "grid grid-cols-[6.5rem_1fr] gap-4 sm:flex sm:flex-col sm:gap-0"}`}
    >
      {medium ? (
        <CoverStage post={post} aspect="aspect-[3/2]" sizes={sizes} />
      ) : (
        <>
          <div className="sm:hidden">
            <CoverImage
              src={post.coverUrl ?? ""}
              alt=""
              width={600}
              height={600}
              sizes="104px"
              widths={[160, 240]}
              className="aspect-square w-full rounded-sm object-cover shadow-md"
            />
          </div>
          <div className="hidden sm:block">
            <CoverStage post={post} aspect="aspect-[4/3]" sizes={sizes} />
          </div>
        </>
      )}
      <div>
        <Kicker post={post} className={medium ? "mt-4" : "sm:mt-4"} />
        <Heading
          className={`mt-1.5 font-display leading-tight font-bold text-balance text-ink sm:mt-2 ${
            medium ? "text-2xl sm:text-3xl" : "text-lg sm:text-2xl"
          }`}
        >
          <Link
            to={postPath(post.slug)}
            className="decoration-needle decoration-2 underline-offset-4 group-hover:underline after:absolute after:inset-0"
          >
            {post.title}
          </Link>
        </Heading>
        <p className={`mt-2 line-clamp-3 text-stone-700 ${medium ? "" : "hidden sm:block"}`}>{post.excerpt}</p>
        <PostDateline post={post} className="mt-2 sm:mt-3" />
      </div>
    </article>
  );
}

/** A story given the most room: a big cover and the biggest headline on the page. */
export function FeatureStory({
  post,
  badge,
  headingLevel = 2,
  priority = false,
}: {
  post: PostSummary;
  /** A label over the kicker, e.g. "Lead story". */
  badge?: string;
  headingLevel?: 2 | 3;
  /** The page's main image: load it first. */
  priority?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative grid gap-6 lg:grid-cols-12 lg:items-center lg:gap-10">
      <div className="relative lg:col-span-7">
        {/* A record sliding out of its sleeve, behind the cover. */}
        <div
          aria-hidden
          className="absolute top-[6%] right-0 hidden h-[88%] w-[88%] rounded-full bg-[repeating-radial-gradient(circle,#2b241c_0_2px,#16130f_2px_5px)] shadow-xl transition duration-700 sm:block lg:translate-x-[6%] lg:group-hover:translate-x-[10%]"
        >
          <div className="absolute inset-[36%] rounded-full bg-needle">
            <div className="absolute inset-[44%] rounded-full bg-paper" />
          </div>
        </div>
        <div className="relative overflow-hidden rounded-sm shadow-2xl sm:w-[88%]">
          <CoverImage
            src={post.coverUrl ?? ""}
            alt=""
            width={600}
            height={600}
            priority={priority}
            sizes="(min-width: 1408px) 470px, (min-width: 1024px) calc((100vw - 320px) * 0.52), (min-width: 640px) calc((100vw - 32px) * 0.88), calc(100vw - 32px)"
            className="aspect-square w-full object-cover"
          />
        </div>
      </div>
      <div className="lg:col-span-5">
        {badge && (
          <p className="mb-4 inline-block bg-needle-dark px-2 py-1 text-xs font-bold tracking-[0.2em] text-white uppercase">
            {badge}
          </p>
        )}
        <Kicker post={post} />
        <Heading className="mt-3 font-display text-4xl leading-[1.05] font-bold tracking-tight text-balance sm:text-5xl">
          <Link
            to={postPath(post.slug)}
            className="decoration-needle decoration-4 underline-offset-[6px] group-hover:underline after:absolute after:inset-0"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-5 font-display text-lg leading-relaxed text-stone-700 italic sm:text-xl">{post.excerpt}</p>
        <PostDateline post={post} className="mt-5" />
      </div>
    </article>
  );
}
