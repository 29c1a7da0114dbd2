import { useFetcher } from "react-router";

/** What a record's button reads from its fetcher: whether a submission is on its way, and what it sent. */
export interface RecordFetcherState {
  state: "idle" | "loading" | "submitting";
  formData?: FormData;
}

const IDLE: RecordFetcherState = { state: "idle" };

/**
 * A record button's fetcher, by its key (recordFetcherKey): the page's shared record forms submit through it, and
 * the button shows it busy or already flipped. A server render has nothing in flight, so there every fetcher is
 * idle and none is made: a grid has two per card, each with its own id, callbacks and form component (about 5% of
 * rendering `/browse`). The choice is made once per bundle, so each side calls the same hooks on every render; the
 * fetcher's id is never rendered, so hydration sees the same markup.
 */
export const useRecordFetcher: (key: string) => RecordFetcherState = import.meta.env.SSR
  ? () => IDLE
  : (key) => useFetcher({ key });
