/** A record's state in the back office: unpublished, hidden by the shop's rules, scheduled, or published. */
export function RecordStatus({
  published,
  hidden,
  publishAt,
}: {
  published: boolean;
  hidden: boolean;
  publishAt: string | null;
}) {
  const [text, tone] = !published
    ? ["Unpublished", "bg-stone-200 text-stone-800"]
    : hidden
      ? ["Hidden: no cover", "bg-amber-100 text-amber-900"]
      : publishAt && publishAt > new Date().toISOString()
        ? ["Scheduled", "bg-sky-100 text-sky-900"]
        : ["Published", "bg-emerald-100 text-emerald-900"];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>{text}</span>;
}
