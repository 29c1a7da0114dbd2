// Placeholder: VinylBot is being built.
export function VinylBot() {
  return null;
}
