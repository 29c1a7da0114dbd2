/** Spec §2 home section 1: a single slide. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-ink text-white"
    >
      <div
        aria-hidden
        className="absolute -right-40 -bottom-48 h-[28rem] w-[28rem] rounded-full opacity-60 sm:-top-24 sm:-right-10 sm:bottom-auto sm:opacity-90 bg-[repeating-radial-gradient(circle,#1f1a14_0_2px,#0d0b08_3px_5px)]"
      >
        <div className="absolute inset-0 m-auto h-36 w-36 rounded-full bg-needle ring-8 ring-label/80" />
        <div className="absolute inset-0 m-auto h-3 w-3 rounded-full bg-ink" />
      </div>
      <div className="relative mx-auto max-w-6xl px-6 py-20 sm:py-28 lg:px-8">
        <p className="text-sm font-semibold tracking-[0.25em] text-label uppercase">Independent · UK · Est. 2026</p>
        <h1 id="hero-title" className="mt-4 max-w-xl font-display text-4xl leading-tight font-bold sm:text-6xl">
          Premium Vinyl Collection
        </h1>
        <p className="mt-5 max-w-md text-lg text-stone-300">
          Original pressings, careful reissues and the records everyone is waiting for — graded honestly, packed like
          they were our own.
        </p>
        <a
          href="/allvinyl"
          className="mt-8 inline-flex items-center rounded-full bg-needle px-7 py-3 font-semibold text-white shadow-lg transition hover:bg-needle-dark"
        >
          Shop Collection
        </a>
      </div>
    </section>
  );
}
