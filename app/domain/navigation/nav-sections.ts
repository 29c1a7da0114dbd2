/** Sidebar sections of spec §1. "Your Library" depends on the session, so it is built in the sidebar. */
export interface NavEntry {
  label: string;
  to: string;
}

export const NAV_SECTIONS: { title: string; entries: NavEntry[] }[] = [
  {
    title: "Discover",
    entries: [
      { label: "Home", to: "/" },
      { label: "New Releases", to: "/new-releases" },
      { label: "Pre-Orders", to: "/pre-orders" },
      { label: "Virtual Crate Dig", to: "/virtual-crate-dig" },
    ],
  },
  {
    title: "Browse",
    entries: [
      { label: "Browse", to: "/browse" },
      { label: "Genres", to: "/genres" },
    ],
  },
  {
    title: "Magazine",
    entries: [
      { label: "Artist Stories", to: "/blog" },
      { label: "Vinyl Care Guide", to: "/vinyl-care" },
    ],
  },
];

export const FOOTER_LINKS: NavEntry[] = [
  { label: "Home", to: "/" },
  { label: "Browse Records", to: "/browse" },
  { label: "New Releases", to: "/new-releases" },
  { label: "Pre-Orders", to: "/pre-orders" },
  { label: "Vinyl Care Guide", to: "/vinyl-care" },
  { label: "Gift Vouchers", to: "/gift-vouchers" },
];

/** The Blog entry stays active anywhere under /blog; Home only on "/". */
export function isActivePath(entry: string, pathname: string): boolean {
  if (entry === "/") return pathname === "/";
  return pathname === entry || pathname.startsWith(`${entry}/`);
}
