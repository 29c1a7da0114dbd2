import { useCallback, useEffect } from "react";
import { fieldsToFill, openCheckoutData, saveCheckoutData, STORED_FIELDS, type StoredField } from "./checkout-storage";

type Values = Partial<Record<StoredField, string>>;

function valuesOf(form: HTMLFormElement): Values {
  const values: Values = {};
  for (const field of STORED_FIELDS) {
    const input = form.elements.namedItem(field);
    if (input instanceof HTMLInputElement) values[field] = input.value;
  }
  return values;
}

/**
 * Spec §3 browser-stored checkout data, with JavaScript: on arrival the stored details (created empty if
 * absent) fill the fields the page left empty; as the shopper types they are saved again. Returns the
 * form's onInput handler. `fill` sets one field through the form library, so its state stays in step.
 */
export function useCheckoutStorage(formId: string, fill: (name: StoredField, value: string) => void) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const stored = openCheckoutData();
    for (const [name, value] of Object.entries(fieldsToFill(valuesOf(form), stored))) fill(name as StoredField, value);
    // Only on arrival: later renders must not overwrite what the shopper is typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fill` changes with every render of the form
  }, [formId]);

  return useCallback((event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && (STORED_FIELDS as readonly string[]).includes(target.name)) {
      saveCheckoutData(valuesOf(event.currentTarget));
    }
  }, []);
}
