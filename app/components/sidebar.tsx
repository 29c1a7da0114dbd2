import { Icon } from "~/components/icons/icon";
import { useEffect, useRef } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { isActivePath, NAV_SECTIONS, type NavEntry } from "~/domain/navigation/nav-sections";

interface SidebarProps {
  open: boolean;
  onClose: () => void;
  signedIn: boolean;
  isAdmin: boolean;
}

function Entry({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  const active = isActivePath(entry.to, pathname);
  return (
    <li>
      <NavLink
        to={entry.to}
        aria-current={active ? "page" : undefined}
        className={active ? "side-link bg-needle-dark text-white" : "side-link"}
      >
        {entry.label}
      </NavLink>
    </li>
  );
}

/**
 * Fixed on wide screens; below 1024 px a slide-in panel (spec §1). When closed on a narrow screen it is
 * `invisible`, which also takes its links out of the tab order; when it opens, focus moves into it.
 */
export function Sidebar({ open, onClose, signedIn, isAdmin }: SidebarProps) {
  const { pathname } = useLocation();
  const closeButton = useRef<HTMLAnchorElement>(null);
  const library: NavEntry[] = [
    ...(signedIn ? [] : [{ label: "Login/Register", to: "/auth" }]),
    { label: "Favorites", to: "/favorites" },
    ...(isAdmin ? [{ label: "Admin", to: "/admin" }] : []),
  ];

  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  return (
    <nav
      id="site-nav"
      aria-label="Main"
      // Opening shows the panel at once (so focus can move in); closing keeps it visible until it has slid away.
      className={open ? "side-nav side-nav-open" : "side-nav"}
    >
      <div className="side-top">
        <NavLink to="/" className="side-brand">
          <Icon name="disc" />
          Needledrop
        </NavLink>
        <a
          ref={closeButton}
          href="#"
          role="button"
          onClick={(e) => {
            e.preventDefault();
            onClose();
          }}
          className="side-close"
          aria-label="Close menu"
        >
          <Icon name="x" />
        </a>
      </div>
      <div className="side-body">
        {[...NAV_SECTIONS, { title: "Your Library", entries: library }].map((section) => (
          <div key={section.title}>
            <h2 className="side-head">{section.title}</h2>
            <ul className="space-y-1">
              {section.title === "Your Library" && signedIn && (
                <li>
                  {/* Signing out changes state: a POST, never a link. */}
                  <Form method="post" action="/logout">
                    <button
                      type="submit"
                      className="block w-full rounded-md px-3 py-2 text-left text-sm text-stone-300 hover:bg-white/10 hover:text-white"
                    >
                      Logout
                    </button>
                  </Form>
                </li>
              )}
              {section.entries.map((entry) => (
                <Entry key={entry.to} entry={entry} pathname={pathname} />
              ))}
            </ul>
          </div>
        ))}
      </div>
      {/* From lg up the chat button floats here, on a strip of its own below the links, never over the page. */}
      <div aria-hidden data-testid="sidebar-chat-room" className="side-chat-room" />
    </nav>
  );
}
