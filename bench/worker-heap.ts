/** The dedicated worker's heap, read through the page's CDP session. */
import type { CDPSession } from 'playwright-core'

/**
 * The page's dedicated worker's used JS heap in bytes, after a GC in the worker, through the page's
 * CDP session (Target.attachToTarget and Target.sendMessageToTarget). NaN when the page has no worker.
 */
export async function workerHeapBytes(cdp: CDPSession): Promise<number> {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] }
  const worker = targetInfos.find((t) => t.type === 'worker')
  if (!worker) return NaN
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as { sessionId: string }
  let nextId = 1
  const call = (method: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = nextId++
      const onMessage = (e: { sessionId?: string; message: string }) => {
        const msg = JSON.parse(e.message) as { id?: number; result?: Record<string, unknown> }
        if (e.sessionId === sessionId && msg.id === id) {
          cdp.off('Target.receivedMessageFromTarget', onMessage)
          resolve(msg.result ?? {})
        }
      }
      cdp.on('Target.receivedMessageFromTarget', onMessage)
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
    })
  await call('HeapProfiler.collectGarbage')
  const { usedSize } = (await call('Runtime.getHeapUsage')) as { usedSize: number }
  await cdp.send('Target.detachFromTarget', { sessionId })
  return usedSize
}
