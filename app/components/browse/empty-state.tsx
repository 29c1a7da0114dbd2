import { Link } from "react-router";

/** A friendly dead end with a way out. */
export function EmptyState({
  title,
  children,
  actions,
}: {
  title: string;
  children?: React.ReactNode;
  actions: { text: string; href: string }[];
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-stone-300 bg-white/60 px-6 py-14 text-center">
      <div
        aria-hidden
        className="mb-5 h-20 w-20 rounded-full bg-[repeating-radial-gradient(circle,#2b241c_0_2px,#16130f_2px_5px)] shadow-lg"
      >
        <div className="m-[35%] h-[30%] w-[30%] rounded-full bg-label" />
      </div>
      <h2 className="font-display text-2xl font-bold">{title}</h2>
      {children && <div className="mt-2 max-w-md text-stone-600">{children}</div>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {actions.map((a, i) => (
          <Link
            key={a.href}
            to={a.href}
            className={
              i === 0
                ? "rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white hover:bg-needle"
                : "rounded-full border border-ink px-5 py-2.5 text-sm font-semibold hover:bg-ink hover:text-white"
            }
          >
            {a.text}
          </Link>
        ))}
      </div>
    </div>
  );
}
