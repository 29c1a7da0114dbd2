import { redirect } from "react-router";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so it is a POST (the Origin check guards it); a GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ context }: Route.ActionArgs) {
  const cookie = context.auth.signOut();
  return redirectWithToast(
    "/",
    { type: "success", title: "Logged out", description: "You have been successfully logged out." },
    { headers: { "Set-Cookie": cookie } },
  );
}
