/**
 * An Intl date formatter made on first use, then kept. Building one costs far more than using one, and the first
 * built in a browser tab loads its time-zone data: 25–90 ms on a laptop, on the main thread, while the page
 * hydrates. Made at module load, every formatter of every module the page imports paid that, used or not.
 */
export function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat(locale, options));
}
