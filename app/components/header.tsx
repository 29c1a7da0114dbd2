import { Icon } from "~/components/icons/icon";
import { ChatHeaderButton } from "./chat/chat-header-button";
import { HeaderSearchBox } from "./search/header-search-box";
import { UserMenu } from "./user-menu";
import { Link } from "react-router";

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
    <span aria-hidden data-testid={testId} className="count-badge">
      {count > 99 ? "99+" : count}
    </span>
  );
}

const counted = (name: string, count: number, one: string, many: string) =>
  count > 0 ? `${name}, ${count} ${count === 1 ? one : many}` : name;

const iconButton = "icon-btn";

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
    <header className="site-header">
      <div className="header-bar">
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
          <Icon name="menu" />
        </a>
        <Link to="/" data-testid="header-shop-name" className="brand">
          <Icon name="disc" />
          Needledrop
        </Link>
        <Link to="/" className={`${iconButton} hidden lg:inline-flex`} aria-label="Home">
          <Icon name="home" />
        </Link>
        <div className="search-row">
          <div className="min-w-0 flex-1">
            <HeaderSearchBox />
          </div>
          {chat && <ChatHeaderButton />}
        </div>
        <Link to="/favorites" className={iconButton} aria-label={counted("Favourites", favouritesCount, "record", "records")}>
          <Icon name="heart" />
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
          <Icon name="shopping-bag" />
          <Badge count={cartCount} testId="cart-count" />
        </Link>
        {user ? (
          <UserMenu username={user.username} isAdmin={user.role === "admin"} />
        ) : (
          <Link to="/auth" className={iconButton} aria-label="Log in or register">
            <Icon name="log-in" />
          </Link>
        )}
      </div>
    </header>
  );
}
