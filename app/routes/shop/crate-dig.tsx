import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { CrateChooser } from "~/components/crate/crate-chooser";
import { CRATE_PATH, crateHref, crateParam, randomSeed, readCrateSearch, toCrateRecord } from "~/domain/crate/crate-query";
import { CrateViewer } from "~/components/crate/crate-viewer";
import { absoluteUrl } from "~/domain/seo/structured-data";
import { positionFromParam } from "~/domain/crate/crate-position";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/crate-dig";

/** Spec §2 /virtual-crate-dig: the crate chooser, or one record of a crate (see crate-query.ts for the address). */
export function loader({ context, url }: Route.LoaderArgs) {
  const search = readCrateSearch(url.searchParams);
  const { crate } = context.services;
  const today = context.today;
  if (search.crate === undefined) {
    return { view: "chooser" as const, ...crate.chooser({ today }), surpriseSeed: randomSeed(), origin: url.origin };
  }
  if (search.crate === null) throw data(null, { status: 404 });
  // A surprise crate is only shareable with its seed in the address: deal one.
  if (search.crate.kind === "surprise" && search.seed === undefined) {
    throw redirect(crateHref(search.crate, { seed: randomSeed(), pos: search.pos }));
  }
  const opened = crate.open(search.crate, { today, seed: search.seed });
  if (!opened) throw data(null, { status: 404 });
  return {
    view: "crate" as const,
    key: opened.key,
    title: opened.title,
    blurb: opened.blurb,
    seed: opened.key.kind === "surprise" ? search.seed : undefined,
    shuffleSeed: randomSeed(),
    records: opened.records.map((r) => toCrateRecord(r, today)),
    origin: url.origin,
  };
}

/** Flipping within a crate changes only ?pos=: the page already holds the whole crate, so nothing is refetched. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const [a, b] = [currentUrl.searchParams, nextUrl.searchParams];
  if (a.get("crate") && a.get("crate") === b.get("crate") && a.get("seed") === b.get("seed")) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data: d, location }) => {
  if (!d) return [{ title: "404 Page Not Found | Needledrop" }];
  if (d.view === "chooser") {
    return pageMeta({
      title: "Virtual Crate Dig",
      description:
        "Flip through crates of vinyl one record at a time: pick a genre, new arrivals, records under £15, staff picks, or let us surprise you.",
      url: absoluteUrl(d.origin, CRATE_PATH),
    });
  }
  const total = d.records.length;
  const pos = positionFromParam(new URLSearchParams(location.search).get("pos"), total);
  const record = d.records[pos - 1];
  const url = absoluteUrl(d.origin, crateHref(d.key, { seed: d.seed, pos: total > 0 ? pos : undefined }));
  return pageMeta({
    title: record ? `${record.title} by ${record.artist} – ${d.title} crate, ${pos} of ${total}` : `${d.title} crate`,
    description: record
      ? `Digging the ${d.title} crate at Needledrop: ${record.title} by ${record.artist}, ${record.price} on vinyl. Flip through ${total} records one at a time.`
      : `The ${d.title} crate at Needledrop's Virtual Crate Dig is empty today: try another crate.`,
    url,
    image: record ? absoluteUrl(d.origin, record.coverUrl) : undefined,
  });
};

export default function CrateDig({ loaderData: d }: Route.ComponentProps) {
  if (d.view === "chooser") return <CrateChooser special={d.special} genres={d.genres} surpriseSeed={d.surpriseSeed} />;
  return (
    <CrateViewer
      key={`${crateParam(d.key)}#${d.seed ?? ""}`}
      crateKey={d.key}
      title={d.title}
      blurb={d.blurb}
      seed={d.seed}
      shuffleSeed={d.shuffleSeed}
      records={d.records}
    />
  );
}
