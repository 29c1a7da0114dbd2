import { useCallback, useRef, useState, type FormEvent } from "react";

/** Field name → its first message; a field without a message is valid. */
export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;
export type Validator<Name extends string> = (formData: FormData) => FieldErrors<Name>;

/**
 * Client-side validation whose rules (and zod with them) load on first use, not with the page: a form on every
 * page, like the footer's sign-up, should not put a schema library in everyone's first load (decision 27).
 *
 * The rules start loading when the form first takes focus. A field is checked as it is left, and again as it is
 * typed in once it shows a message. On submit every field is checked; an invalid form is not sent. If the rules
 * are not there yet, the submit waits for them, then sends the form through `send` when it is valid.
 */
export function useLazyValidation<Name extends string>(
  load: () => Promise<Validator<Name>>,
  send: (form: HTMLFormElement) => void,
) {
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const validator = useRef<Validator<Name> | null>(null);
  const loading = useRef<Promise<Validator<Name>> | null>(null);

  const ensure = useCallback(() => {
    loading.current ??= load().then((v) => (validator.current = v));
    return loading.current;
  }, [load]);

  const checkField = useCallback((form: HTMLFormElement, name: string) => {
    const validate = validator.current;
    if (!validate) return;
    const message = validate(new FormData(form))[name as Name];
    setErrors((current) => (current[name as Name] === message ? current : { ...current, [name]: message }));
  }, []);

  // A field that shows a message is checked again as it changes, so the message goes as soon as it is fixed.
  const recheck = (e: FormEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement | HTMLSelectElement).name as Name;
    if (name && errors[name]) checkField(e.currentTarget, name);
  };

  const formProps = {
    onFocus: () => void ensure(),
    onBlur: (e: FormEvent<HTMLFormElement>) => {
      const name = (e.target as HTMLInputElement).name;
      if (name) checkField(e.currentTarget, name);
    },
    onInput: recheck,
    // A <select> reports a choice as a change.
    onChange: recheck,
    onSubmit: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const form = e.currentTarget;
      void ensure().then((validate) => {
        const found = validate(new FormData(form));
        setErrors(found);
        const first = Object.keys(found).find((name) => found[name as Name]);
        if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
        else send(form);
      });
    },
  };

  return { errors, setErrors, formProps };
}
