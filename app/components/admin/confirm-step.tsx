import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CONFIRM_FIELD, CONFIRM_VALUE, type ConfirmAsk } from "~/lib/forms/confirm-step";
import { backButton, confirmButton, ConfirmPanel } from "./confirm-panel";

/**
 * The second step of a move that asks first (app/lib/forms/confirm-step.ts): what will happen, a button that posts the
 * same form again with the confirm field, and a way back to the page as it was. Pages show it near their top, so it is
 * in view after the first post without JavaScript; with it, the panel takes the focus, which brings it into view.
 */
export function ConfirmStep({ ask }: { ask: ConfirmAsk }) {
  const { confirm } = ask;
  const busy = useNavigation().state !== "idle";
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), [ask]);
  return (
    <div ref={panel} tabIndex={-1} className="mt-4 scroll-mt-4 outline-none" data-testid="confirm-step">
      <ConfirmPanel id="confirm-step-heading" title={confirm.title}>
        <p className="mt-1 text-sm">{confirm.body}</p>
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value={ask.intent} />
          {Object.entries(confirm.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
          <button type="submit" disabled={busy} className={confirmButton}>
            {confirm.confirmLabel}
          </button>
          <Link to={confirm.keepTo} className={backButton}>
            {confirm.keepLabel}
          </Link>
        </Form>
      </ConfirmPanel>
    </div>
  );
}
