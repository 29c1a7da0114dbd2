import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { MAX_FEATURED } from "~/domain/campaigns/campaign-rules";
import { featureRecordSchema } from "~/domain/campaigns/campaign-schema";
import { coverVariantUrl } from "~/domain/images/image-url";
import { formatPence } from "~/domain/shared/money";
import type { FormReply } from "~/lib/forms/form-reply";
import { RowButton } from "./row-button";

export interface PickerRecord {
  id: number;
  artist: string;
  title: string;
  pricePence: number;
  coverUrl: string;
  format: string | null;
  catalogNumber?: string | null;
}

const smallButton = "rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50";

function RecordLine({ record, children }: { record: PickerRecord; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-2">
      <img src={coverVariantUrl(record.coverUrl, 240)} alt="" width={48} height={48} className="size-12 shrink-0 rounded" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="truncate text-stone-600">{record.artist}</p>
        <p className="truncate font-semibold">{record.title}</p>
        <p className="text-xs text-stone-600">
          {formatPence(record.pricePence)}
          {record.format ? ` · ${record.format}` : ""}
          {record.catalogNumber ? ` · ${record.catalogNumber}` : ""}
        </p>
      </div>
      {children}
    </li>
  );
}

/**
 * A draft's featured records: the ones chosen, each with Remove, and a search of the catalogue whose matches each have
 * Add. Without JavaScript the search is a plain GET of the page (`?find=`) and Add and Remove are posts that come back
 * to it; with it, matches follow the typing and the page is not reloaded.
 */
export function FeaturedPicker({
  featured,
  found,
  find,
  reply,
}: {
  featured: readonly PickerRecord[];
  found: readonly PickerRecord[] | null;
  find: string;
  reply: Partial<FormReply> | undefined;
}) {
  const [text, setText] = useState(find);
  const fetcher = useFetcher<{ found: PickerRecord[] | null; find: string }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // While typing, the matches come from the page's own loader through a fetcher; otherwise from the page.
  const typed = fetcher.data && fetcher.data.find === text.trim() ? fetcher.data.found : null;
  const matches = typed ?? (text.trim() === find ? found : null);
  const full = featured.length >= MAX_FEATURED;
  const chosen = new Set(featured.map((r) => r.id));
  const onType = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    const q = value.trim();
    if (q.length < 2) return;
    timer.current = setTimeout(() => fetcher.load(`?${new URLSearchParams({ find: q })}`), 250);
  };
  return (
    <section aria-labelledby="featured-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <h2 id="featured-heading" className="font-display text-xl font-bold">
        Featured records
      </h2>
      <p className="text-sm text-stone-600">
        Up to {MAX_FEATURED}, shown as cards under the text. Add and Remove change the draft at once.
      </p>
      {featured.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">None yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-stone-200" aria-label="Chosen records">
          {featured.map((r) => (
            <RecordLine key={r.id} record={r}>
              <RowButton
                intent="unfeature"
                schema={featureRecordSchema}
                fields={{ recordId: r.id }}
                reply={reply}
                className={`${smallButton} text-red-800`}
              >
                Remove<span className="sr-only"> {r.title}</span>
              </RowButton>
            </RecordLine>
          ))}
        </ol>
      )}

      <Form method="get" preventScrollReset replace className="mt-4 flex flex-wrap items-end gap-2" role="search">
        <label className="min-w-0 flex-1 basis-56 text-sm font-medium">
          Find a record
          <input
            name="find"
            type="search"
            maxLength={100}
            value={text}
            onChange={(e) => onType(e.target.value)}
            placeholder="Artist, title or catalogue number"
            className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2"
          />
        </label>
        <button type="submit" className="rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white hover:bg-needle">
          Search
        </button>
      </Form>
      {matches && (
        <div aria-live="polite">
          {matches.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">No published record matches “{text.trim()}”.</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-200" aria-label="Matching records">
              {matches.map((r) => (
                <RecordLine key={r.id} record={r}>
                  {chosen.has(r.id) ? (
                    <span className="text-sm text-stone-600">Added</span>
                  ) : (
                    <RowButton
                      intent="feature"
                      schema={featureRecordSchema}
                      fields={{ recordId: r.id }}
                      reply={reply}
                      disabled={full}
                      className={smallButton}
                    >
                      Add<span className="sr-only"> {r.title}</span>
                    </RowButton>
                  )}
                </RecordLine>
              ))}
            </ul>
          )}
          {full && <p className="mt-2 text-sm text-stone-600">Six are chosen: remove one to add another.</p>}
        </div>
      )}
    </section>
  );
}
