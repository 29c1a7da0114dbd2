import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { data, useRouteLoaderData, Links, Meta, Outlet, ScrollRestoration, useLocation, Scripts } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { RecordForms } from "~/components/cart/record-forms";
import type { ShopperState } from "./components/cart/shopper-form";
import { smoothInPageScroll } from "~/lib/smooth-in-page-scroll";
import { useHydrated } from "~/lib/use-hydrated";
import { pageShellHydrated } from "~/lib/page-hydration";
import { ErrorPage } from "./components/error-page";
import { Footer } from "./components/footer";
import { VinylBot } from "./components/chat/vinylbot";
import { Header } from "./components/header";
import { Sidebar } from "./components/sidebar";
import { Toasts } from "./components/toasts";
import { useNonce } from "./lib/nonce";
import { cookieHeaders, loadCart, loadFavouriteIds } from "./lib/cart-state.server";
import { readToast } from "./lib/toast.server";

// The drawer's code loads when the cart is first opened (with JavaScript; without it the cart button is a link).
const CartDrawer = lazy(() => import("./components/cart/cart-drawer").then((m) => ({ default: m.CartDrawer })));

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Badges, the cart drawer and the heart buttons on every page; a cookie that cannot be read is discarded. Read
  // before the first await, beside the page's own loader: both then share one check of the shop's version.
  const cart = loadCart(request, context);
  const favourites = loadFavouriteIds(request, context);
  const { toast, clear } = await readToast(request);
  const user = context.user && { username: context.user.username, role: context.user.role };
  const shopper: ShopperState = { cart: cart.summary, favouriteIds: favourites.ids };
  return data({ user, toast, shopper }, { headers: cookieHeaders(clear, cart.discard, favourites.discard) });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16130f" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The shop's chrome around every page: skip link, side navigation, header, footer, cart drawer and chat. A back-office
 * page (`backOffice`) brings its own frame (app/components/admin/back-office-frame.tsx), so the shell adds only the
 * skip link and what every page needs behind the scenes.
 */
function Shell({ children, backOffice = false }: { children: React.ReactNode; backOffice?: boolean }) {
  // The error boundary renders without loader data when the root loader itself failed.
  const root = useRouteLoaderData<typeof loader>("root");
  const user = root?.user ?? null;
  const [menuOpen, setMenuOpen] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const hydrated = useHydrated();
  const menuButton = useRef<HTMLAnchorElement>(null);
  const location = useLocation();

  // Every route change: close the mobile menu and start at the top of the page (spec §1).
  useEffect(() => {
    setMenuOpen(false);
    // "instant" also overrides a smooth scroll-behavior left on by an in-page anchor a moment ago.
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [location.pathname]);
  useEffect(() => smoothInPageScroll(), []);
  // Marks the page as live once React has attached every handler (browser tests wait for it).
  useEffect(() => pageShellHydrated(), []);
  // The cart drawer closes on any navigation, also to another address of the same page (spec §2 drawer).
  useEffect(() => setCartOpen(false), [location.key]);

  // Escape closes the menu and hands focus back to the button that opened it.
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && closeMenu();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen, closeMenu]);

  const skipLink = (
    <a href="#main" className="skip-link">
      Skip to content
    </a>
  );
  if (backOffice)
    return (
      <>
        {skipLink}
        {children}
      </>
    );

  return (
    <>
      {skipLink}
      {/* The shop's chrome stays off paper: printing a page (a packing slip, an order) prints its content only. */}
      <div className="no-print">
        <Toasts toast={root?.toast ?? null} />
        <Sidebar open={menuOpen} onClose={closeMenu} signedIn={!!user} isAdmin={user?.role === "admin"} />
      </div>
      {menuOpen && (
        <div data-testid="menu-backdrop" aria-hidden className="fixed inset-0 z-30 bg-black/40 lg:hidden" onClick={closeMenu} />
      )}
      <div className="page-frame">
        <div className="no-print">
          <Header
            menuOpen={menuOpen}
            menuButton={menuButton}
            onOpenMenu={() => setMenuOpen(true)}
            cartCount={root?.shopper.cart.itemCount ?? 0}
            favouritesCount={root?.shopper.favouriteIds.length ?? 0}
            user={user}
            cartOpen={cartOpen}
            onOpenCart={hydrated ? () => setCartOpen(true) : undefined}
            chat={!isBackOffice(location.pathname)}
          />
        </div>
        <main id="main" className="flex-1">
          {children}
        </main>
        <div className="no-print">
          <Footer />
        </div>
      </div>
      <div className="no-print">
        {cartOpen && (
          <Suspense fallback={null}>
            <CartDrawer open onClose={() => setCartOpen(false)} />
          </Suspense>
        )}
        <RecordForms />
        {/* The shop's assistant is for shoppers; in the back office it would only cover the owner's buttons. */}
        {!isBackOffice(location.pathname) && <VinylBot />}
      </div>
    </>
  );
}

const BACK_OFFICE_LAYOUT = "routes/admin/layout";

function isBackOffice(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/") || pathname === "/marketing-tools";
}

export default function App() {
  // The back office's frame stands in for the shop's chrome once its layout has let the staff member in; a page it
  // refused (403) is shown in the shop's own shell.
  const staff = useRouteLoaderData(BACK_OFFICE_LAYOUT);
  return (
    <Shell backOffice={!!staff}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <ErrorPage error={error} />
    </Shell>
  );
}
