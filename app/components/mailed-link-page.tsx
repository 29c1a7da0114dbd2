import { Form, useNavigation, Link } from "react-router";
import { replyFor, type FormReply } from "~/lib/forms/form-reply";

/**
 * The page a mailed link opens (app/lib/mailed-link.server.ts): its heading, then what was done, why the link is
 * not valid, or the question with a form that POSTs the token back; and a way back to the shop.
 */
export function MailedLinkPage({
  title,
  token,
  done,
  error,
  invalidText,
  children,
}: {
  title: string;
  /** The link's token when it is good (the loader's), else null. */
  token: string | null;
  /** What the button did, once it has: a heading and a sentence. */
  done: { heading: string; text: React.ReactNode } | null;
  /** The action's refusal, if it refused. */
  error: string | null | undefined;
  /** What a bad link is told before anything is posted. */
  invalidText: string;
  /** The question and the form's own fields and buttons (the token's field is added here). */
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-6 py-16">
      <h1 className="font-display text-4xl font-bold">{title}</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {done ? (
          <div role="status">
            <h2 className="text-lg font-semibold">{done.heading}</h2>
            <p className="mt-2 text-stone-700">{done.text}</p>
          </div>
        ) : error || !token ? (
          <div role="alert">
            <h2 className="text-lg font-semibold">Link not valid</h2>
            <p className="mt-2 text-stone-700">{error || invalidText}</p>
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="token" value={token} />
            {children}
          </Form>
        )}
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to="/" className="text-needle-dark underline">
          Back to the shop
        </Link>
      </p>
    </section>
  );
}

/** The page's main button: disabled, with `busy` words, while its POST is on its way. */
export function MailedLinkButton({ label, busy }: { label: string; busy: string }) {
  const pending = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      disabled={pending}
      className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-needle disabled:cursor-wait disabled:opacity-60"
    >
      {pending ? busy : label}
    </button>
  );
}

/**
 * What the page says when its action refused the link (app/lib/mailed-link.server.ts): the service's words (a used
 * link), or `instead`, the page's own; undefined when nothing was refused.
 */
export function refusalText(answer: object | undefined, instead?: string): string | undefined {
  const result = answer && "intent" in answer ? replyFor(answer as FormReply) : undefined;
  if (!result) return undefined;
  return instead ?? result.error?.[""]?.[0] ?? Object.values(result.error ?? {})[0]?.[0] ?? "";
}
