import { Icon } from "~/components/icons/icon";
import { postPath } from "~/domain/magazine/paths";
import type { PostLink } from "~/domain/magazine/types";
import { Link } from "react-router";

function Neighbour({ post, direction }: { post: PostLink; direction: "previous" | "next" }) {
  const next = direction === "next";
  return (
    <Link
      to={postPath(post.slug)}
      rel={next ? "next" : "prev"}
      className={`group flex h-full flex-col gap-2 border-t-4 border-ink bg-white p-5 ring-1 ring-stone-200 transition hover:border-needle-dark sm:p-6 ${
        next ? "sm:items-end sm:text-right" : ""
      }`}
    >
      <span className="inline-flex items-center gap-2 text-xs font-bold tracking-[0.2em] text-needle-dark uppercase">
        {!next && <Icon name="arrow-left" className="h-4 w-4 transition group-hover:-translate-x-1" />}
        {next ? "Next story" : "Previous story"}
        {next && <Icon name="arrow-right" className="h-4 w-4 transition group-hover:translate-x-1" />}
      </span>
      <span className="font-display text-xl leading-snug font-bold text-balance text-ink group-hover:underline">
        {post.title}
      </span>
      <span className="text-sm text-stone-600">{post.artist}</span>
    </Link>
  );
}

/** Previous (older) and next (newer) stories. */
export function PostNav({ previous, next }: { previous: PostLink | null; next: PostLink | null }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label="More stories" className="grid gap-4 sm:grid-cols-2">
      <div>{previous && <Neighbour post={previous} direction="previous" />}</div>
      <div>{next && <Neighbour post={next} direction="next" />}</div>
    </nav>
  );
}
