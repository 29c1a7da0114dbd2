/** At checkout: the copies of drops this browser holds, and until when (a London clock time, worked out by the loader). */
export function DropHoldNotice({ holds }: { holds: readonly { title: string; until: string }[] }) {
  if (holds.length === 0) return null;
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
      {holds.map((hold) => (
        <p key={hold.title}>
          A copy of <strong>{hold.title}</strong> is held for you until <strong>{hold.until}</strong>. Pay before then to buy it;
          after that it goes to the next in line.
        </p>
      ))}
    </div>
  );
}
