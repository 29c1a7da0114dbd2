/** Bits of a wooden record crate, drawn with CSS: decorative only (aria-hidden). */

/** The crate's front panel: slatted wood with a hand-hole, optionally a stencilled name plate. */
export function CrateFront({ className = "", plate }: { className?: string; plate?: string }) {
  return (
    <div
      aria-hidden
      className={`absolute inset-x-0 bottom-0 rounded-md bg-[repeating-linear-gradient(180deg,#b07a45_0_18px,#8a5a2e_18px_20px)] shadow-[0_-6px_16px_rgba(0,0,0,0.35)] ring-1 ring-black/30 ${className}`}
    >
      <div className="absolute inset-y-0 left-2 w-1 bg-black/15" />
      <div className="absolute inset-y-0 right-2 w-1 bg-black/15" />
      {plate ? (
        <span className="absolute bottom-[14%] left-1/2 max-w-[80%] -translate-x-1/2 truncate rounded-sm bg-[#f3e6cf] px-2.5 py-0.5 font-mono text-[0.7rem] font-bold tracking-[0.2em] text-[#4a2f17] uppercase shadow-inner">
          {plate}
        </span>
      ) : (
        <span className="absolute top-3 left-1/2 h-3.5 w-16 -translate-x-1/2 rounded-full bg-[#4a2f17] shadow-inner" />
      )}
    </div>
  );
}

/** A plain sleeve in two colours, for crates whose records are a surprise. */
export function MysterySleeve({ bg, art, className = "" }: { bg: string; art: string; className?: string }) {
  return (
    <span aria-hidden className={`relative block rounded-sm shadow-lg ${className}`} style={{ backgroundColor: bg }}>
      <span
        className="absolute inset-[18%] grid place-items-center rounded-full font-display text-2xl font-black"
        style={{ backgroundColor: art, color: bg }}
      >
        ?
      </span>
    </span>
  );
}
