import { useCallback, useState } from "react";
import { useFetcher, useLocation, useSubmit } from "react-router";
import { useToast } from "~/components/toasts";
import type { ShopperAnswer } from "./shopper-form";

/**
 * The three posts a record's buttons make (add to cart, add to and remove from favourites), each one hidden form
 * per page. A grid's buttons name a form (`form="…"`) and carry the record as their own value, so a card holds a
 * button instead of a form with three hidden fields: about 500 bytes of HTML less per card, and the same post
 * without JavaScript. With it, a submission goes through the record's own fetcher (recordFetcherKey), whose
 * state the button reads (busy, the heart flipping at once).
 */
export const RECORD_FORMS = {
  "cart-add": { action: "/cart", intent: "add", fetcher: "cart" },
  "favourite-add": { action: "/favorites", intent: "add", fetcher: "favourite" },
  "favourite-remove": { action: "/favorites", intent: "remove", fetcher: "favourite" },
} as const;

export type RecordFormName = keyof typeof RECORD_FORMS;

/** The element id a button's `form` attribute names. */
export const recordFormId = (name: RecordFormName) => `record-${name}`;

/** One fetcher per record and kind: adding and removing a favourite share one, so the heart follows both. */
export const recordFetcherKey = (name: RecordFormName, recordId: number) => `${RECORD_FORMS[name].fetcher}-${recordId}`;

/** The props that make a submit button post `name` for one record through its page-level form. */
export const recordFormButton = (name: RecordFormName, recordId: number) =>
  ({ type: "submit", form: recordFormId(name), name: "recordId", value: String(recordId) }) as const;

/** The hidden forms, once per page (the root layout renders them). */
export function RecordForms() {
  const location = useLocation();
  const submit = useSubmit();
  // The latest submission's answer pops its toast here, once, however many buttons share its fetcher.
  const [lastKey, setLastKey] = useState<string | undefined>(undefined);
  const last = useFetcher<ShopperAnswer>({ key: lastKey ?? "record-forms-idle" });
  useToast(lastKey ? last.data?.toast : null);

  const onSubmit = useCallback(
    (event: React.FormEvent<HTMLFormElement>, name: RecordFormName) => {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const recordId = Number(submitter?.getAttribute("value"));
      if (!Number.isInteger(recordId)) return;
      const formData = new FormData(event.currentTarget, submitter);
      // Without redirectTo the action answers with data instead of a redirect.
      formData.delete("redirectTo");
      const key = recordFetcherKey(name, recordId);
      setLastKey(key);
      void submit(formData, { method: "post", action: RECORD_FORMS[name].action, navigate: false, fetcherKey: key });
    },
    [submit],
  );

  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <>
      {(Object.keys(RECORD_FORMS) as RecordFormName[]).map((name) => (
        <form
          key={name}
          id={recordFormId(name)}
          method="post"
          action={RECORD_FORMS[name].action}
          onSubmit={(event) => onSubmit(event, name)}
          hidden
        >
          <input type="hidden" name="intent" value={RECORD_FORMS[name].intent} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
        </form>
      ))}
    </>
  );
}
