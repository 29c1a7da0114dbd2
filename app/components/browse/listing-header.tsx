/** The top of every catalogue page: a small kicker, the page's h1 and an optional line of context. */
export function ListingHeader({ kicker, title, children }: { kicker: string; title: string; children?: React.ReactNode }) {
  return (
    <header className="relative overflow-hidden rounded-2xl bg-ink px-5 py-7 text-white sm:px-8 sm:py-9">
      {/* A record's grooves peeking in from the corner. */}
      <div
        aria-hidden
        className="absolute -top-16 -right-16 h-48 w-48 rounded-full bg-[repeating-radial-gradient(circle,#2b241c_0_2px,#16130f_2px_5px)] opacity-80 sm:h-64 sm:w-64"
      >
        <div className="absolute inset-[38%] rounded-full bg-needle" />
      </div>
      <p className="relative text-xs font-semibold tracking-[0.2em] text-label uppercase">{kicker}</p>
      <h1 className="relative mt-2 max-w-[85%] font-display text-3xl font-bold break-words sm:text-4xl">{title}</h1>
      {children && <div className="relative mt-3 max-w-2xl text-sm text-stone-300 sm:text-base">{children}</div>}
    </header>
  );
}
