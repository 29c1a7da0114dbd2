import { formatDateTimeGB } from "~/domain/shared/dates";
import type { WaitingView } from "~/domain/drops/waiting-view";

/** Kept inline and tiny: the waiting page is a whole document on its own, without the shop's stylesheet or scripts. */
const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fafaf9;color:#1c1917}
main{max-width:32rem;margin:3rem auto;padding:0 1.25rem}
h1{font-size:1.5rem;margin:0 0 .5rem}.record{color:#57534e;margin:0 0 1.5rem}
.card{background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:1.25rem}
.card p{margin:.25rem 0}.problem{border-color:#fca5a5;background:#fef2f2}
button{margin-top:1rem;font:inherit;font-weight:600;background:#1c1917;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer;width:100%}
a{color:#1c1917}footer{margin-top:1.5rem;font-size:.875rem;color:#57534e}`;

export interface WaitingRoomPageProps {
  recordId: number;
  title: string;
  artist: string;
  onSaleAt: string;
  /** What to say: the shopper's standing, or a refusal (problem) instead. */
  view: WaitingView | null;
  problem?: string;
}

/** A drop's waiting room: the shopper's place, the on-sale time, and once let in, the button to check out. */
export function WaitingRoomPage({ recordId, title, artist, onSaleAt, view, problem }: WaitingRoomPageProps) {
  const heading = problem ? "You cannot join this queue" : (view?.heading ?? "");
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {view?.refreshSeconds ? <meta httpEquiv="refresh" content={String(view.refreshSeconds)} /> : null}
        <meta name="robots" content="noindex" />
        <title>{`${heading} · ${title} · Needledrop`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>{heading}</h1>
          <p className="record">
            {artist} – {title}. On sale {formatDateTimeGB(onSaleAt)} (UK time).
          </p>
          <div className={problem ? "card problem" : "card"} role={problem ? "alert" : "status"}>
            {problem ? <p>{problem}</p> : view?.lines.map((line) => <p key={line}>{line}</p>)}
            {view?.canCheckOut ? (
              <form method="post" action={`/drops/${recordId}`}>
                <button type="submit">Put it in my cart and check out</button>
              </form>
            ) : null}
          </div>
          <footer>
            <a href="/">Back to Needledrop</a>
          </footer>
        </main>
      </body>
    </html>
  );
}
