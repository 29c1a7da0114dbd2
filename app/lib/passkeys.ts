/**
 * The browser's half of a passkey ceremony: ask the server for options, let the browser's WebAuthn prompt answer,
 * send the answer back. @simplewebauthn/browser is loaded only when a ceremony starts.
 */
import { ADD_PASSKEY_PATH, PASSKEY_SIGN_IN_PATH } from "~/domain/two-factor/passkeys";

/** The browser can run a passkey ceremony (checked only after hydration; the server never renders the buttons). */
export function browserHasPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new Error(answer.error ?? "Something went wrong; please try again.");
  return answer as T;
}

/** What a person is told when the browser's prompt did not give an answer. */
function promptMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey prompt was closed or timed out.";
  if (name === "InvalidStateError") return "This device already holds one of your passkeys.";
  return error instanceof Error && error.message ? error.message : "The passkey could not be used.";
}

async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new Error(promptMessage(error), { cause: error });
  }
}

/** Adds a passkey to the signed-in person's account; its label. */
export async function addPasskey(): Promise<string> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const optionsJSON = await post<Parameters<typeof startRegistration>[0]["optionsJSON"]>(ADD_PASSKEY_PATH, { step: "options" });
  const response = await ceremony(() => startRegistration({ optionsJSON }));
  const { passkey } = await post<{ passkey: { name: string } }>(ADD_PASSKEY_PATH, { step: "verify", response });
  return passkey.name;
}

/** Passes the sign-in step with a passkey; where to go next. */
export async function signInWithPasskey(redirectTo: string): Promise<string> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const optionsJSON = await post<Parameters<typeof startAuthentication>[0]["optionsJSON"]>(PASSKEY_SIGN_IN_PATH, {
    step: "options",
  });
  const response = await ceremony(() => startAuthentication({ optionsJSON }));
  const answer = await post<{ redirectTo: string }>(PASSKEY_SIGN_IN_PATH, { step: "verify", response, redirectTo });
  return answer.redirectTo;
}
