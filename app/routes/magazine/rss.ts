// Placeholder: the feed is being built.
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}
