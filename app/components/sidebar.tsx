import { Icon } from "~/components/icons/icon";
import { useContext, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { KeptHtmlContext, keptPart, type KeptWrapper } from "~/components/kept-html";
import { ShopForm } from "~/components/shop-form";
import { ShopLink } from "~/components/shop-link";
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
      <ShopLink
        to={entry.to}
        aria-current={active ? "page" : undefined}
        className={active ? "side-link bg-needle-dark text-white" : "side-link"}
      >
        {entry.label}
      </ShopLink>
    </li>
  );
}

/**
 * Fixed on wide screens; below 1024 px a slide-in panel (spec §1). When closed on a narrow screen it is
 * `invisible`, which also takes its links out of the tab order; when it opens, focus moves into it.
 */
export function Sidebar({ open, onClose, signedIn, isAdmin }: SidebarProps) {
  const { pathname } = useLocation();
  // React Router matches paths whatever their case, so /Genres is the Genres page too.
  const currentPath = pathname.toLowerCase();
  const closeButton = useRef<HTMLAnchorElement>(null);
  const keptHtml = useContext(KeptHtmlContext);
  const body = () => <SidebarBody currentPath={currentPath} signedIn={signedIn} isAdmin={isAdmin} />;

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
        <ShopLink to="/" className="side-brand" aria-current={pathname === "/" ? "page" : undefined}>
          <Icon name="disc" />
          Needledrop
        </ShopLink>
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
      {keptHtml ? keptPart(keptHtml, sidebarBodyKey(currentPath, signedIn, isAdmin), SIDE_BODY, body) : body()}
      {/* From lg up the chat button floats here, on a strip of its own below the links, never over the page. */}
      <div aria-hidden data-testid="sidebar-chat-room" className="side-chat-room" />
    </nav>
  );
}

const SIDE_BODY: KeptWrapper = { tag: "div", className: "side-body" };

function sectionsFor(signedIn: boolean, isAdmin: boolean) {
  const library: NavEntry[] = [
    ...(signedIn ? [] : [{ label: "Login/Register", to: "/auth" }]),
    { label: "Favorites", to: "/favorites" },
    ...(isAdmin ? [{ label: "Admin", to: "/admin" }] : []),
  ];
  return [...NAV_SECTIONS, { title: "Your Library", entries: library }];
}

/**
 * What the links depend on, as the server keeps them (decision 53): who is signed in, and which entries are the
 * current page's.
 */
function sidebarBodyKey(currentPath: string, signedIn: boolean, isAdmin: boolean): string {
  const current = sectionsFor(signedIn, isAdmin).flatMap((s) =>
    s.entries.filter((e) => isActivePath(e.to, currentPath)).map((e) => e.to),
  );
  return `side-body:${signedIn}:${isAdmin}:${current.join(" ")}`;
}

/** The menu's sections of links: the same for every page but for the current entry, so kept between pages. */
function SidebarBody({ currentPath, signedIn, isAdmin }: { currentPath: string; signedIn: boolean; isAdmin: boolean }) {
  return (
    <div className="side-body">
      {sectionsFor(signedIn, isAdmin).map((section) => (
        <div key={section.title}>
          <h2 className="side-head">{section.title}</h2>
          <ul className="space-y-1">
            {section.title === "Your Library" && signedIn && (
              <li>
                {/* Signing out changes state: a POST, never a link. */}
                <ShopForm method="post" action="/logout">
                  <button
                    type="submit"
                    className="block w-full rounded-md px-3 py-2 text-left text-sm text-stone-300 hover:bg-white/10 hover:text-white"
                  >
                    Logout
                  </button>
                </ShopForm>
              </li>
            )}
            {section.entries.map((entry) => (
              <Entry key={entry.to} entry={entry} pathname={currentPath} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
