// Placeholder: the image service is being built.
export function createImageService(_options: { mediaDir: string; publicDir: string; cacheDir: string }) {
  return {};
}
