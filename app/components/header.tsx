import { Icon } from "~/components/icons/icon";
import { Link } from "react-router";
import { ChatHeaderButton } from "./chat/chat-header-button";
import { HeaderSearch } from "./search/header-search";
import { UserMenu } from "./user-menu";

interface HeaderProps {
  menuOpen: boolean;
  menuButton: React.Ref<HTMLAnchorElement>;
  onOpenMenu: () => void;
  cartCount: number;
  favouritesCount: number;
  user: { username: string; role: string } | null;
  /** With JavaScript the cart button opens the drawer; without, it stays a link to /cart. */
  cartOpen?: boolean;
  onOpenCart?: () => void;
  /** Whether the page has the chat (not in the back office): below lg its button sits beside the search. */
  chat?: boolean;
}

/** The count is part of the button's name, so the badge itself is hidden from screen readers. */
function Badge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      data-testid={testId}
      className="absolute -top-1 -right-1 min-w-5 rounded-full bg-needle px-1 text-center text-xs leading-5 font-semibold text-white"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

const counted = (name: string, count: number, one: string, many: string) =>
  count > 0 ? `${name}, ${count} ${count === 1 ? one : many}` : name;

const iconButton = "relative rounded-full p-2 text-ink hover:bg-stone-200";

export function Header({
  menuOpen,
  menuButton,
  onOpenMenu,
  cartCount,
  favouritesCount,
  user,
  cartOpen = false,
  onOpenCart,
  chat = false,
}: HeaderProps) {
  // Phones and small tablets: the menu, the shop's name (the home link) and the icons on one line, the search
  // across the full width on the next, so its suggestions have room. From md up: one line. From lg up the side navigation carries the
  // name, and the header a home icon.
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-paper/95 backdrop-blur">
      <div className="flex flex-wrap items-center gap-x-1 gap-y-2 px-4 py-2 md:flex-nowrap md:gap-3 md:py-3 lg:px-8">
        <a
          ref={menuButton}
          href="#site-nav"
          role="button"
          aria-expanded={menuOpen}
          onClick={(e) => {
            e.preventDefault();
            onOpenMenu();
          }}
          className={`${iconButton} lg:hidden`}
          aria-label="Open menu"
          aria-controls="site-nav"
        >
          <Icon name="menu" className="h-5 w-5" />
        </a>
        <Link
          to="/"
          data-testid="header-shop-name"
          className="mr-auto flex items-center gap-1.5 rounded-full px-1 py-1.5 text-lg font-bold tracking-tight text-ink md:mr-0 lg:hidden"
        >
          <Icon name="disc" className="h-6 w-6 text-needle" />
          Needledrop
        </Link>
        <Link to="/" className={`${iconButton} hidden lg:inline-flex`} aria-label="Home">
          <Icon name="home" className="h-5 w-5" />
        </Link>
        <div className="order-last flex w-full items-center gap-1 md:order-none md:w-auto md:min-w-0 md:flex-1">
          <div className="min-w-0 flex-1">
            <HeaderSearch />
          </div>
          {chat && <ChatHeaderButton />}
        </div>
        <Link to="/favorites" className={iconButton} aria-label={counted("Favourites", favouritesCount, "record", "records")}>
          <Icon name="heart" className="h-5 w-5" />
          <Badge count={favouritesCount} testId="favourites-count" />
        </Link>
        <Link
          to="/cart"
          className={iconButton}
          aria-label={counted("Cart", cartCount, "item", "items")}
          aria-haspopup={onOpenCart ? "dialog" : undefined}
          aria-expanded={onOpenCart ? cartOpen : undefined}
          onClick={(e) => {
            // A modified click still opens /cart (new tab, new window).
            if (!onOpenCart || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            onOpenCart();
          }}
        >
          <Icon name="shopping-bag" className="h-5 w-5" />
          <Badge count={cartCount} testId="cart-count" />
        </Link>
        {user ? (
          <UserMenu username={user.username} isAdmin={user.role === "admin"} />
        ) : (
          <Link to="/auth" className={iconButton} aria-label="Log in or register">
            <Icon name="log-in" className="h-5 w-5" />
          </Link>
        )}
      </div>
    </header>
  );
}
