import { data } from "react-router";

// Any unknown path: the root error boundary renders the spec's 404 page with a real 404 status.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
