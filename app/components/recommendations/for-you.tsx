import { useQuery } from "@tanstack/react-query";
import { Icon } from "~/components/icons/icon";
import { useEffect, useState } from "react";
import { showToast } from "~/components/toasts";
import { fetchJson } from "~/lib/http-error";
import { QueryScope } from "~/lib/query-client";
import { clearListeningHistory, readListeningHistory } from "~/lib/listening-history";
import { RecordGridSkeleton } from "../record-grid";
import { RecommendationGrid, type RecommendedTrack } from "./recommendation-grid";

export const RECOMMENDATIONS_SHOWN = 8;

/** Spec §7: GET /api/recommendations?history={comma-joined ids}. */
export function recommendationsUrl(history: readonly number[]): string {
  return `/api/recommendations?history=${history.join(",")}`;
}

/**
 * The shopper's recommendations, worked out from the listening history this browser keeps (spec §3, §4).
 * The history only exists in the browser, so nothing renders on the server; the page's <noscript> text
 * and popular picks stand in without JavaScript. Spec §7/§8: an empty history asks for nothing, and a
 * failed call is logged and shown as an empty list.
 */
export function ForYou() {
  return (
    <QueryScope>
      <ForYouSection />
    </QueryScope>
  );
}

function ForYouSection() {
  // null until the browser has been read (also during server rendering and hydration).
  const [history, setHistory] = useState<number[] | null>(null);
  useEffect(() => setHistory(readListeningHistory()), []);

  const query = useQuery({
    queryKey: ["recommendations", history],
    queryFn: () => fetchJson<RecommendedTrack[]>(recommendationsUrl(history ?? [])),
    enabled: history !== null && history.length > 0,
  });
  useEffect(() => {
    if (query.error) console.error("Could not load recommendations; showing none.", query.error);
  }, [query.error]);

  if (history === null) return null;
  const tracks = query.error ? [] : (query.data ?? null);
  const loading = history.length > 0 && tracks === null;

  return (
    <section aria-labelledby="for-you" aria-busy={loading} className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b-2 border-ink pb-3">
        <div>
          <p className="eyebrow">From your listening</p>
          <h2 id="for-you" className="mt-1 font-display text-3xl font-bold tracking-tight">
            Picked for you
          </h2>
        </div>
        {history.length > 0 && (
          // Spec §4: the history can be cleared. It lives only in this browser, so this needs no server.
          <button
            type="button"
            onClick={() => {
              clearListeningHistory();
              setHistory([]);
              showToast({
                type: "success",
                title: "Listening history cleared",
                description: "Recommendations start afresh from what you play next.",
              });
            }}
            className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100"
          >
            <Icon name="history" className="h-4 w-4" />
            Clear listening history
          </button>
        )}
      </div>
      {history.length === 0 ? (
        <Note>
          You haven&apos;t played anything in this browser yet. Play a few previews in the{" "}
          <a href="/virtual-crate-dig" className="font-semibold text-needle-dark underline underline-offset-2">
            Virtual Crate Dig
          </a>{" "}
          and records like them will show up here. Until then, here are our popular picks.
        </Note>
      ) : loading ? (
        <RecordGridSkeleton count={RECOMMENDATIONS_SHOWN} />
      ) : tracks && tracks.length > 0 ? (
        <RecommendationGrid tracks={tracks} label="Recommended records" />
      ) : (
        <Note>No recommendations right now. Play a few more records and check back; meanwhile, here are our popular picks.</Note>
      )}
    </section>
  );
}

function Note({ children }: { children: React.ReactNode }) {
  return <p className="rounded-2xl bg-white p-6 text-stone-700 shadow-sm ring-1 ring-stone-200">{children}</p>;
}
