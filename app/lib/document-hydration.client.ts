import { Fragment, options } from "preact";
import { HydratedRouter } from "react-router/dom";

/*
 * The browser runs the pages with Preact (docs/decisions/0042-preact-in-the-browser.md); the server renders them
 * with React. Three differences matter when the whole document hydrates, and each is bridged here, before it does.
 */

/**
 * Preact renders into `document.documentElement`, not into the document: the root layout's `<html>` element is
 * taken as a fragment, so its `<head>` and `<body>` meet the live ones. Its only attribute, `lang`, comes from
 * the server and never changes.
 */
export function renderHtmlAsFragment(): void {
  const previous = options.vnode;
  options.vnode = (vnode) => {
    previous?.(vnode);
    if (vnode.type === "html") {
      (vnode as { type: unknown }).type = Fragment;
      vnode.props = { children: (vnode.props as { children?: unknown }).children } as typeof vnode.props;
    }
  };
}

/**
 * React's server render adds preloads to `<head>`: the module preloads `<Scripts>` renders in the body, and one
 * for each cover that loads eagerly. Preact pairs a head's children with the page's elements by tag, in order, so
 * the stylesheet would be paired with a preload, and dropped. The preloads have done their work once this module
 * runs (it is one of the scripts they fetched), and the shop's own head renders none, so they go first.
 */
export function dropServerPreloads(): void {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')) link.remove();
}

/**
 * React Router's `HydratedRouter` suspends until the router state the server streamed into the page is decoded.
 * React holds hydration there; Preact has no root to suspend to. Calling it once ahead of hydration starts the
 * decoding and hands back its promise (it throws before it uses any hook), so hydration starts with the state in.
 */
export async function routerStateDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    else throw thrown;
  }
}
