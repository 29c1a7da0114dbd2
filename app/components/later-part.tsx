import { Suspense, useEffect, useId } from "react";
import { laterPartHydrated, laterPartPlaced } from "~/lib/page-hydration";

/**
 * A part of every page whose code loads after the page (`children` is a `lazy()` component): the server writes it
 * whole, the browser hydrates the rest of the page at once and this part when its code arrives. Wrap it in `memo`
 * where it is used, so no update from the page reaches it before it has hydrated (React would then drop the server's
 * HTML and show the empty fallback until the code came).
 */
export function LaterPart({ children }: { children: React.ReactNode }) {
  const id = useId();
  useEffect(() => laterPartPlaced(id), [id]);
  return (
    <Suspense fallback={null}>
      <Hydrated id={id} />
      {children}
    </Suspense>
  );
}

/** Its effect runs when the whole part has hydrated (a Suspense boundary commits all of its children at once). */
function Hydrated({ id }: { id: string }) {
  useEffect(() => laterPartHydrated(id), [id]);
  return null;
}
