import { cloneElement, Fragment, isValidElement, useContext, type ReactElement, type ReactNode } from "react";
// eslint-disable-next-line no-restricted-imports -- the one place Scripts is wrapped (and compared with)
import { Scripts, UNSAFE_DataRouterStateContext, UNSAFE_FrameworkContext } from "react-router";
import { createKeptByKey } from "~/domain/shared/kept-by-key";
import { onServer } from "~/lib/on-server";

/**
 * React Router's `<Scripts>`, cheaper on the server. What it writes for a page (the module preloads, the handoff
 * script, the route modules' imports with the browser's part of the manifest) depends only on the routes the page
 * matched and the build, yet it works it out on every page: about a sixth of a small page's render. Here the
 * server keeps what `<Scripts>` gave for a set of routes and writes it again with the request's nonce; the browser
 * renders `<Scripts>` itself, so hydration finds the same elements (docs/decisions/0047-kept-scripts.md).
 */
export function ShopScripts({ nonce }: { nonce: string }) {
  if (!onServer || import.meta.env.DEV) return <Scripts nonce={nonce} />;
  return <KeptScripts nonce={nonce} />;
}

// One entry per set of routes a page matches: a few dozen in the shop.
const kept = createKeptByKey<ReactElement | null>(256);

export function KeptScripts({ nonce }: { nonce: string }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  // Outside a framework render (a test's router) there is nothing to key by: Scripts as it is.
  if (!framework || !state) return <Scripts nonce={nonce} />;
  const { manifest, serverHandoffString, isSpaMode, routeDiscovery, ssr } = framework;
  const key = [
    manifest.version,
    state.matches.map((match) => match.route.id).join(","),
    // The routes the browser's manifest carries (the page's and its parent paths'; see page-routes.server.ts).
    Object.keys(manifest.routes).join(","),
    serverHandoffString,
    isSpaMode,
    routeDiscovery.mode,
    ssr,
  ].join("|");
  let cached = true;
  // Called as a function, not rendered, so its elements can be kept: its hooks run as this component's, once per
  // render on the server, where no render is ever repeated.
  const elements = kept(key, () => {
    cached = false;
    return Scripts({ nonce });
  });
  if (!cached) return elements;
  // Scripts marks the render as having written them; React Router then writes the loader data after them.
  if (framework.renderMeta) framework.renderMeta.didRenderScripts = true;
  return withNonce(elements, nonce) as ReactElement | null;
}

/** The same elements, each that carries a nonce given this request's. */
export function withNonce(node: ReactNode, nonce: string): ReactNode {
  if (Array.isArray(node)) return node.map((child: ReactNode) => withNonce(child, nonce));
  if (!isValidElement<{ nonce?: string; children?: ReactNode }>(node)) return node;
  if (node.type === Fragment) {
    const { children } = node.props;
    // Children as separate arguments, as Scripts passes them: an array would need keys it never had.
    return Array.isArray(children)
      ? cloneElement(node, undefined, ...children.map((child: ReactNode) => withNonce(child, nonce)))
      : cloneElement(node, undefined, withNonce(children, nonce));
  }
  return node.props.nonce === undefined ? node : cloneElement(node, { nonce });
}
