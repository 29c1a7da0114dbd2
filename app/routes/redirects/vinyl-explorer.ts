import { redirect } from "react-router";

// Spec §2: the Vinyl Explorer became the Virtual Crate Dig.
export function loader() {
  return redirect("/virtual-crate-dig", 301);
}
