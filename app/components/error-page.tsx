import { isRouteErrorResponse } from "react-router";

/**
 * What a page that could not be shown says instead: 404, 403 or a plain apology for anything else. The shop's
 * shell and the back office's frame each put it inside their own chrome.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const forbidden = status === 403;
  const title = notFound ? "404 Page Not Found" : forbidden ? "403 Forbidden" : "Something went wrong";
  const text = notFound
    ? "Did you forget to add the page to the router?"
    : forbidden
      ? "Your account does not have access to this page."
      : "Sorry, this page could not be shown. Please try again in a moment.";
  if (status >= 500) console.error(error);
  return (
    <>
      <title>{`${title} | Needledrop`}</title>
      <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
        <div
          aria-hidden
          className="mb-6 h-32 w-32 rounded-full bg-[radial-gradient(circle,var(--color-needle)_0_18%,var(--color-ink)_19%_100%)] shadow-xl"
        />
        <h1 className="font-display text-4xl font-bold">{title}</h1>
        <p className="mt-4 text-stone-600">{text}</p>
        <a href="/" className="mt-8 rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-needle">
          Back to the shop
        </a>
      </section>
    </>
  );
}
