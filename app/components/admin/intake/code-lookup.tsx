import { useCallback, useRef } from "react";
import { Form } from "react-router";
import { INTAKE_PATH } from "~/domain/intake/intake-schemas";
import { CameraScan } from "./camera-scan";

const input = "block w-full rounded-md border border-stone-300 bg-white px-3 py-2 font-mono text-lg";

/**
 * The code field: a barcode scanner types into it and presses Enter, a person types a barcode or catalogue number.
 * A GET, so it works without JavaScript and every lookup has its own address. A barcode nothing in the shop has yet
 * can be kept while its catalogue number is typed (the box below the field), to be remembered on the record found.
 */
export function CodeLookup({ code, keepBarcode, focus }: { code: string; keepBarcode: string | null; focus: boolean }) {
  const field = useRef<HTMLInputElement>(null);
  const onCode = useCallback((scanned: string) => {
    if (!field.current) return;
    field.current.value = scanned;
    field.current.form?.requestSubmit();
  }, []);
  return (
    <Form method="get" action={INTAKE_PATH} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <label htmlFor="intake-code" className="block font-semibold">
        Barcode or catalogue number
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={field}
          id="intake-code"
          name="code"
          defaultValue={code}
          key={code}
          // The page is for one thing: scanning. The field is ready as soon as it opens and after every copy.
          autoFocus={focus}
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          className={input}
        />
        <button type="submit" className="shrink-0 rounded-lg bg-stone-900 px-4 py-2 font-semibold text-white hover:bg-stone-700">
          Look up
        </button>
      </div>
      {keepBarcode && (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" name="barcode" value={keepBarcode} defaultChecked className="h-4 w-4" />
          Remember barcode <span className="font-mono">{keepBarcode}</span> on the record the catalogue number finds
        </label>
      )}
      <CameraScan onCode={onCode} />
    </Form>
  );
}
