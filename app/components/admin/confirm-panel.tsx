import type { ReactNode } from "react";

/**
 * The second step of a move that cannot be taken back (cancel, refund): a panel that says what will happen,
 * in place of the move's first step, with the form that does it and a way back.
 */
export function ConfirmPanel({
  id,
  title,
  tone = "danger",
  children,
}: {
  id: string;
  title: string;
  tone?: "danger" | "money";
  children: ReactNode;
}) {
  const look = tone === "danger" ? "bg-red-50 ring-red-200 text-red-900" : "bg-amber-50 ring-amber-200 text-stone-900";
  return (
    <section aria-labelledby={id} className={`rounded-xl p-5 ring-1 ${look}`}>
      <h2 id={id} className="font-display text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const confirmButton =
  "rounded-full bg-red-800 px-5 py-2 text-sm font-semibold text-white hover:bg-red-900 disabled:opacity-50";
export const backButton = "rounded-full px-4 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100";
