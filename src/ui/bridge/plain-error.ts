/** A wallet error as it crosses to the engine: plain `{ code, message }` data, so comlink keeps the code. */
export function plainError(error: unknown): { code?: number; message: string } {
  const e = error as { code?: unknown; message?: unknown }
  return { ...(typeof e?.code === 'number' ? { code: e.code } : {}), message: typeof e?.message === 'string' ? e.message : String(error) }
}
