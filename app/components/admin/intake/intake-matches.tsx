import { Link } from "react-router";
import { INTAKE_PATH } from "~/domain/intake/intake-schemas";
import type { DiscogsAnswer, OwnPressing } from "../../../../server/services/intake";

const card = "rounded-lg bg-white p-3 ring-1 ring-stone-200";
const pickLink = "shrink-0 rounded-lg bg-stone-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-stone-700";

function details(r: { label: string | null; catalogNumber: string | null; format: string | null; year: number | null }) {
  return [r.label, r.catalogNumber, r.format, r.year].filter((v) => v !== null && v !== "").join(" · ");
}

/** The address that picks a pressing for the code looked up (keeping a barcode carried with it). */
export function pickHref(code: string, barcode: string | null, pick: string) {
  const q = new URLSearchParams({ code, pick });
  if (barcode) q.set("barcode", barcode);
  return `${INTAKE_PATH}?${q}`;
}

/** The pressings a code may be: the shop's own first, then Discogs's releases (or why Discogs couldn't be asked). */
export function IntakeMatches({
  code,
  barcode,
  own,
  discogs,
  picked,
}: {
  code: string;
  barcode: string | null;
  own: OwnPressing[];
  discogs: DiscogsAnswer;
  picked: string | null;
}) {
  const releases = discogs.state === "ok" ? discogs.releases : [];
  return (
    <section aria-labelledby="intake-matches" className="mt-6">
      <h2 id="intake-matches" className="font-display text-xl font-bold">
        Matches for <span className="font-mono">{code}</span>
      </h2>
      {discogs.state === "failed" && (
        <p role="status" className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          Discogs couldn&apos;t be asked: {discogs.message} The shop&apos;s own records are below.
        </p>
      )}
      <h3 className="mt-4 text-sm font-semibold text-stone-600 uppercase">In the shop</h3>
      {own.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">
          No record in the shop has this {barcode && code.replace(/[\s-]/g, "") === barcode ? "barcode" : "catalogue number"}.
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {own.map((p) => (
            <li
              key={p.id}
              className={`${card} flex items-start justify-between gap-3 ${picked === `own:${p.id}` ? "ring-2 ring-stone-900" : ""}`}
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {p.title} <span className="font-normal">— {p.artist}</span>
                </p>
                <p className="text-sm text-stone-600">{details(p)}</p>
                <p className="text-xs text-stone-600">
                  #{p.id} · found by {p.matchedBy}
                  {!p.hasCover && " · no cover yet"}
                </p>
              </div>
              {picked !== `own:${p.id}` && (
                <Link to={pickHref(code, barcode, `own:${p.id}`)} className={pickLink} aria-label={`Pick ${p.title}, #${p.id}`}>
                  Pick
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {discogs.state !== "off" && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-stone-600 uppercase">On Discogs</h3>
          {discogs.state === "ok" && releases.length === 0 && (
            <p className="mt-1 text-sm text-stone-600">Discogs has no release for it.</p>
          )}
          {releases.length > 0 && (
            <ul className="mt-2 space-y-2">
              {releases.map((r) => {
                const value = r.inShop ? `own:${r.inShop}` : `discogs:${r.id}`;
                return (
                  <li
                    key={r.id}
                    className={`${card} flex items-start justify-between gap-3 ${picked === value ? "ring-2 ring-stone-900" : ""}`}
                  >
                    <div className="min-w-0">
                      <p className="font-semibold">
                        {r.title} <span className="font-normal">— {r.artist}</span>
                      </p>
                      <p className="text-sm text-stone-600">{[details(r), r.country].filter(Boolean).join(" · ")}</p>
                      <p className="text-xs text-stone-600">
                        Discogs release {r.id}
                        {r.inShop ? ` · in the shop as #${r.inShop}` : " · not in the shop yet"}
                      </p>
                    </div>
                    {picked !== value && (
                      <Link to={pickHref(code, barcode, value)} className={pickLink} aria-label={`Pick Discogs release ${r.id}`}>
                        Pick
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
