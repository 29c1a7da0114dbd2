import { Link } from "react-router";
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
    <section id={id} aria-labelledby={headingId} className="section">
      <div className="section-head">
        <div>
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={headingId} className="section-title">
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
    <Link to={href} className={className ? `group arrow-link ${className}` : "group arrow-link"}>
      {children}
      <Icon name="arrow-right" className="arrow" />
    </Link>
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
