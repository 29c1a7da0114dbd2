import { Icon } from "~/components/icons/icon";
import { useEffect, useRef } from "react";
import { Form, useLocation, Link } from "react-router";

/**
 * The signed-in user's menu (spec §1): Profile, Admin Dashboard for admins only, Log out.
 * A <details> element, so it opens and closes without JavaScript too; with JavaScript it also closes the way
 * menus do: on Escape (focus back on its button), a click or tap outside it, and once an item is chosen.
 */
export function UserMenu({ username, isAdmin }: { username: string; isAdmin: boolean }) {
  const item = "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-stone-100";
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const close = () => menu.current?.removeAttribute("open");

  useEffect(close, [location.key]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.current?.open) return;
      close();
      menu.current.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (menu.current?.open && event.target instanceof Node && !menu.current.contains(event.target)) close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  return (
    <details ref={menu} className="group relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-full p-2 text-ink hover:bg-stone-200 [&::-webkit-details-marker]:hidden"
        aria-label={`Account menu for ${username}`}
      >
        <Icon name="user" className="h-5 w-5" />
        <span className="hidden max-w-28 truncate text-sm font-medium sm:inline">{username}</span>
        <Icon name="chevron-down" className="h-4 w-4 transition group-open:rotate-180" />
      </summary>
      {/* Choosing an item closes the menu, also when it leads to the page already shown. */}
      <div
        className="absolute right-0 z-40 mt-2 w-52 rounded-lg bg-white p-1 shadow-lg ring-1 ring-stone-200"
        onClick={(event) => (event.target as Element).closest("a, button") && close()}
      >
        <Link to="/profile" className={item}>
          <Icon name="user" className="h-4 w-4" /> Profile
        </Link>
        {isAdmin && (
          <Link to="/admin" className={item}>
            <Icon name="layout-dashboard" className="h-4 w-4" /> Admin Dashboard
          </Link>
        )}
        <Form method="post" action="/logout">
          <button type="submit" className={item}>
            <Icon name="log-out" className="h-4 w-4" /> Log out
          </button>
        </Form>
      </div>
    </details>
  );
}
