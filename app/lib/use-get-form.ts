import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigation, useSubmit } from "react-router";

/**
 * For the catalogue's GET forms once JavaScript runs: submit without the empty fields a form always
 * sends ("min=&max="), keep the scroll position, and put every control back to what the URL says
 * after each navigation (a removed chip or the back button must untick its box). Without JavaScript
 * the browser submits the form itself and the loader drops the empty fields with a redirect.
 */
export function useGetForm() {
  const submit = useSubmit();
  const { search } = useLocation();
  const busy = useNavigation().state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const shownSearch = useRef(search);

  // A layout effect, run in the same task as the commit: a passive effect could run after a click that came
  // between the two, and untick the box just ticked (its default still from the previous address).
  useLayoutEffect(() => {
    // Only after a navigation: on first load the boxes already match, and a box ticked while the page
    // was still hydrating must keep its tick.
    if (shownSearch.current === search) return;
    // Not while a newer navigation is on its way (a second box ticked before the first tick's page came):
    // syncing to this in-between address would untick the box just ticked. The last one to land syncs.
    if (busy) return;
    shownSearch.current = search;
    // React has already moved each box's default to the new URL's value; show it. (Not form.reset():
    // that would also rewind the controlled sort select, which keeps itself right.)
    for (const el of Array.from(formRef.current?.elements ?? [])) {
      if (!(el instanceof HTMLInputElement) || el.type === "submit") continue;
      if (el.type === "checkbox" || el.type === "radio") el.checked = el.defaultChecked;
      else el.value = el.defaultValue;
    }
  }, [search, busy]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const params = new URLSearchParams();
    // With the button that sent it (e.g. "More labels"), as the browser's own submission would be.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    for (const [name, value] of new FormData(form, submitter)) {
      if (typeof value === "string" && value.trim() !== "") params.append(name, value.trim());
    }
    void submit(params, { method: "get", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
  }

  /** Ticking a box or picking a radio applies it at once; text boxes wait for Apply or Enter. */
  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const target = event.target;
    if (target instanceof HTMLInputElement && (target.type === "checkbox" || target.type === "radio")) {
      event.currentTarget.requestSubmit();
    }
  }

  return { formRef, onSubmit, onChange };
}
