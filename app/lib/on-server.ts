/**
 * No document: React is rendering the page to HTML, on the main thread or a render thread, where nothing can be
 * clicked, typed or sent. Components that write a lighter first paint on the server branch on it.
 */
export const onServer = typeof document === "undefined";
