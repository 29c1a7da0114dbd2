import { useState } from "react";
import { useRevalidator } from "react-router";
import { addPasskey, browserHasPasskeys, signInWithPasskey } from "~/lib/passkeys";
import { useHydrated } from "~/lib/use-hydrated";

const button =
  "w-full rounded-full border-2 border-ink bg-white px-6 py-3 font-semibold text-ink transition hover:bg-stone-100 disabled:cursor-wait disabled:opacity-60";

function Message({ text, error }: { text: string | null; error: boolean }) {
  return (
    <p role={error ? "alert" : "status"} className={`mt-2 min-h-5 text-sm ${error ? "text-red-700" : "text-green-800"}`}>
      {text}
    </p>
  );
}

/** Runs one ceremony at a time and keeps its outcome's message. */
function useCeremony() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  async function run(work: () => Promise<string | null>) {
    setBusy(true);
    setMessage(null);
    try {
      const done = await work();
      if (done) setMessage({ text: done, error: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : "The passkey could not be used.", error: true });
    } finally {
      setBusy(false);
    }
  }
  return { busy, message, run };
}

/** "Use a passkey" at the sign-in step: shown only once JavaScript runs in a browser that has passkeys. */
export function PasskeySignInButton({ redirectTo }: { redirectTo: string }) {
  const hydrated = useHydrated();
  const { busy, message, run } = useCeremony();
  if (!hydrated || !browserHasPasskeys()) return null;
  return (
    <div className="mt-4">
      <button
        type="button"
        className={button}
        disabled={busy}
        onClick={() =>
          run(async () => {
            const next = await signInWithPasskey(redirectTo);
            // A whole new page: the header, the cart and the toast all come from the new session.
            window.location.assign(next);
            return null;
          })
        }
      >
        {busy ? "Waiting for your passkey…" : "Use a passkey"}
      </button>
      <Message text={message?.text ?? null} error={message?.error ?? false} />
      <p className="text-center text-sm text-stone-600">or enter a code</p>
    </div>
  );
}

/** "Add a passkey" on /profile/two-factor: shown only once JavaScript runs in a browser that has passkeys. */
export function AddPasskeyButton() {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { busy, message, run } = useCeremony();
  if (!hydrated || !browserHasPasskeys()) return null;
  return (
    <div className="mt-4 max-w-xs">
      <button
        type="button"
        className={button}
        disabled={busy}
        onClick={() =>
          run(async () => {
            const name = await addPasskey();
            await revalidator.revalidate();
            return `${name}: ready to use.`;
          })
        }
      >
        {busy ? "Waiting for your device…" : "Add a passkey"}
      </button>
      <Message text={message?.text ?? null} error={message?.error ?? false} />
    </div>
  );
}
