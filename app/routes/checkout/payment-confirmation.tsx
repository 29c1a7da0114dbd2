// Being built.
export default function Placeholder() {
  return <p className="p-8">Coming soon.</p>;
}
