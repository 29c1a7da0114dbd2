/** A record page's data: the record under its canonical address, or the records that share a slug. */
import { data, redirect, redirectDocument, type AppLoadContext } from "react-router";
import { toApiTrack } from "~/domain/catalogue/record-api";
import { onSaleNotice } from "~/domain/limited/on-sale";
import { parseRecordIdentifier, recordPath } from "~/domain/catalogue/slug";
import { absoluteUrl, productJsonLd, serializeJsonLd } from "~/domain/seo/structured-data";

export function loadRecordPage(identifier: string | undefined, context: AppLoadContext, url: URL) {
  const { id, slug } = parseRecordIdentifier(identifier ?? "");
  const record = id === null ? null : context.services.catalogue.find(id);
  if (!record) return slugChoices(id === null ? slug : [id, slug].filter(Boolean).join("-"), context, url);
  const canonical = recordPath(record);
  if (url.pathname !== canonical) throw redirect(canonical, 301);
  // A drop in its waiting window, or on sale while its queue lasts, is sold through the waiting room alone. The
  // waiting room is a page of the server's own, outside the app's routes: a link followed in the browser must load
  // it as a whole document rather than look for it among the app's pages.
  // Only a record with an on-sale time can be a drop: the others, nearly all, skip the drop's own read.
  if (record.onSaleAt && context.services.drops.queueOpen(record.id)) throw redirectDocument(`/drops/${record.id}`, 303);
  const { catalogue, copyPhotos, usedCopies, wants } = context.services;
  const user = context.user;
  const want = user ? wants.activeForUser(user, record.id) : null;
  const photos = record.condition === "used" ? copyPhotos.of(record.id) : [];
  const jsonLd = productJsonLd(record, { origin: url.origin, today: context.today, photos: photos.map((p) => p.url) });
  return {
    kind: "record" as const,
    record,
    accountEmail: user?.email ?? null,
    want: want && {
      backInStock: want.backInStock,
      onRelease: want.onRelease,
      priceBelowPence: want.priceBelowPence,
      minGrade: want.minGrade,
    },
    moreLikeThis: catalogue.moreLikeThis(record, { today: context.today, limit: 4 }).map((r) => toApiTrack(r, context.today)),
    // A new pressing lists its used copies beside it; a used copy links back to its pressing.
    usedCopies: record.condition === "new" ? usedCopies.onSaleOf(record.id) : [],
    pressing: record.usedOfRecordId !== null ? usedCopies.pressingOf(record.id) : null,
    photos,
    today: context.today,
    // The shop's clock, for a limited record's on-sale time (and its countdown's start).
    serverNow: context.services.limitedSales.now().toISOString(),
    // Said by the server: formatting a London time in the browser would ask Intl while the page hydrates.
    onSaleText: record.onSaleAt ? onSaleNotice(record.onSaleAt) : null,
    canonicalUrl: absoluteUrl(url.origin, canonical),
    jsonLd: serializeJsonLd(jsonLd),
  };
}

/**
 * Spec §2: the id prefix is optional. A slug alone finds the record when only one has it; when several share it the
 * shopper picks. Temporary redirect: a record added later may share the slug.
 */
function slugChoices(slug: string, context: AppLoadContext, url: URL) {
  const matches = context.services.catalogue.findBySlug(slug);
  if (matches.length === 1) throw redirect(recordPath(matches[0]!), 302);
  if (matches.length === 0) throw data(null, { status: 404 });
  return {
    kind: "choices" as const,
    choices: matches.map((r) => toApiTrack(r, context.today)),
    canonicalUrl: absoluteUrl(url.origin, url.pathname),
  };
}
