import { createElement, forwardRef } from "react";
import { Form, type FormProps } from "react-router";
import { plainHref } from "./shop-link";
import { onServer } from "~/lib/on-server";

/**
 * React Router's `Form`, written directly on the server as `ShopLink` writes `Link` (decision 45). For an action
 * that is a plain path of the shop, the server's HTML is only `<form method action data-discover>`, but `Form`
 * resolves the action and builds its submit handler through React Router's hooks, so it cannot render outside a
 * router at all. Here the server writes the same element, which lets a part of the page that holds a form be kept
 * as finished HTML (decision 53); the browser renders `Form` itself, so hydration finds the same `<form>` and
 * submitting works as before. An action to resolve (none, a relative path) goes to `Form` everywhere.
 */
export const ShopForm = forwardRef<HTMLFormElement, FormProps>(function ShopForm(props, ref) {
  const action = onServer && props.action !== undefined ? plainHref(props.action) : null;
  if (action === null) return <Form ref={ref} {...props} />;
  return serverForm(props, action);
});

/** What `Form` renders on the server for a shop path: its other props, then data-discover, action and method. */
function serverForm(
  {
    action: _action,
    method = "get",
    discover = "render",
    // Client-only behaviour: nothing of it is in the HTML.
    fetcherKey: _fetcherKey,
    navigate: _navigate,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    onSubmit: _onSubmit,
    relative: _relative,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  }: FormProps,
  action: string,
) {
  // Added to the fresh rest object rather than spread ahead of them (docs/decisions/0040-no-leading-spreads.md).
  // React writes a form's action and method after its other attributes, whatever their order here.
  const form: Record<string, unknown> = rest;
  form["data-discover"] = discover === "render" ? "true" : undefined;
  form.action = action;
  form.method = method.toLowerCase() === "get" ? "get" : "post";
  return createElement("form", form);
}
