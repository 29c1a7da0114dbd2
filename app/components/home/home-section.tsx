import { Icon } from "~/components/icons/icon";

interface HomeSectionProps {
  /** Anchor id of the section; the heading gets `${id}-heading`. */
  id: string;
  title: string;
  /** A short line above the heading. */
  eyebrow?: string;
  /** A "View All"-style link beside the heading. */
  action?: { href: string; label: string };
  children: React.ReactNode;
}

/** One home page section (spec §2): a landmark named by its h2, with an optional link beside the heading. */
export function HomeSection({ id, title, eyebrow, action, children }: HomeSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="mx-auto max-w-6xl scroll-mt-24 px-4 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2 border-b-2 border-ink pb-3">
        <div>
          {eyebrow && <p className="text-xs font-semibold tracking-[0.25em] text-needle-dark uppercase">{eyebrow}</p>}
          <h2 id={headingId} className="mt-1 font-display text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
        </div>
        {action && <ArrowLink href={action.href}>{action.label}</ArrowLink>}
      </div>
      {children}
    </section>
  );
}

/** A text link with an arrow that nudges on hover; the arrow is not part of the link's name. */
export function ArrowLink({ href, children, className = "" }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a
      href={href}
      className={`group inline-flex items-center gap-1.5 text-sm font-semibold text-needle-dark hover:underline ${className}`}
    >
      {children}
      <Icon name="arrow-right" className="h-4 w-4 transition group-hover:translate-x-0.5" />
    </a>
  );
}

/** The message a list shows when it has nothing to show. */
export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-2xl border-2 border-dashed border-stone-300 px-6 py-10 text-center font-medium text-stone-600">
      {children}
    </p>
  );
}
