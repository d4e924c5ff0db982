/**
 * Reading a Fetch-API body within a bound, for the service calls (src/api/service-fetch.ts), the
 * JSON-RPC pipeline and `gangway/siwx-server`'s Fetch handler: pure, no import.
 */

/**
 * A Fetch-API body (a Response's, or a Request's) as UTF-8 text, read chunk by chunk: refused at
 * once (the body cancelled) when its Content-Length is over `maxBytes`, and as soon as the bytes
 * read pass `maxBytes` whatever the header said (a missing or false Content-Length is not trusted).
 * @throws the error `tooLarge` makes, when the body is too large.
 */
export async function boundedText(response: Pick<Response, 'headers' | 'body'>, maxBytes: number, tooLarge: () => Error): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '')
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    bytes.set(c, at)
    at += c.byteLength
  }
  return new TextDecoder().decode(bytes)
}
