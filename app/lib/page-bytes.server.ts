/**
 * A whole page's bytes beside the Response React Router hands back, so the server sends or caches them as they are:
 * a Response body is a web stream, and reading one back costs a stream, a reader and a copy for every page.
 */
const pageBytes = new WeakMap<Response, Buffer>();

/** A Response for a rendered page; its bytes are read with `responseBytes`, not from its (empty) body. */
export function wholePageResponse(bytes: Buffer, init: ResponseInit): Response {
  const response = new Response(null, init);
  pageBytes.set(response, bytes);
  return response;
}

/** A response's body as bytes: the page's own when it was made by `wholePageResponse`, else read from its stream. */
export async function responseBytes(response: Response): Promise<Buffer> {
  return pageBytes.get(response) ?? Buffer.from(await response.arrayBuffer());
}

/** Whether the response has a body to send: a whole page's bytes, or a stream. */
export function hasBody(response: Response): boolean {
  return pageBytes.has(response) || response.body !== null;
}
