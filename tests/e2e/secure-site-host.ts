/**
 * A host page for the secure-site emulator, as the end-to-end tests drive it without Gangway: the
 * emulator's /sdk frame put into a page of the demo's origin, a helper there that talks the frame
 * protocol at the secure site's exact origin (`window.__host`), and the emulator's JSON test endpoints.
 */
import { inject } from 'vitest'
import type { Frame, Page } from 'playwright-core'

const webUrl = inject('webUrl')
const secureSiteUrl = inject('secureSiteUrl')

/** A frame's answer as the host helper hands it back: `_SUCCESS` → ok, `_ERROR` → not ok. */
export type Reply = { ok: boolean; payload: Record<string, unknown> & { message?: string } }
export type Host = {
  frame: HTMLIFrameElement
  messages: { origin: string; data: Record<string, unknown> }[]
  request(name: string, payload?: unknown): Promise<Reply>
}

/**
 * Puts the /sdk frame of `projectId` (360×600, visible) into `page`'s current document, with a
 * host helper that posts requests at the secure site's exact origin and takes answers only from
 * that origin and that frame (`window.__host`).
 */
export async function frameSdk(page: Page, projectId: string): Promise<void> {
  await page.evaluate(
    ({ origin, src }) => {
      const frame = document.createElement('iframe')
      frame.id = 'secure'
      frame.title = 'Secure site'
      frame.src = src
      frame.width = '360'
      frame.height = '600'
      const messages: Host['messages'] = []
      const waiting = new Map<string, (r: Reply) => void>()
      addEventListener('message', (event) => {
        if (event.origin !== origin || event.source !== frame.contentWindow) return
        const data = event.data as Record<string, unknown>
        messages.push({ origin: event.origin, data })
        const done = typeof data?.id === 'string' ? waiting.get(data.id) : undefined
        if (!done || typeof data.type !== 'string') return
        waiting.delete(data.id as string)
        done({ ok: data.type.endsWith('_SUCCESS'), payload: data.payload as Reply['payload'] })
      })
      const request = (name: string, payload?: unknown) =>
        new Promise<Reply>((resolve, reject) => {
          const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
          waiting.set(id, resolve)
          setTimeout(() => reject(new Error(`no answer to ${name}`)), 15_000)
          frame.contentWindow!.postMessage({ type: `@w3m-app/${name}`, id, ...(payload === undefined ? {} : { payload }) }, origin)
        })
      ;(window as unknown as { __host: Host }).__host = { frame, messages, request }
      document.body.append(frame)
    },
    { origin: secureSiteUrl, src: `${secureSiteUrl}/sdk?projectId=${encodeURIComponent(projectId)}&chainId=eip155:31337&version=4` },
  )
}

/** Waits for the frame's READY and returns it as the host received it. */
export async function ready(page: Page): Promise<Host['messages'][number]> {
  const handle = await page.waitForFunction(() => (window as unknown as { __host: Host }).__host.messages.find((m) => m.data.type === '@w3m-frame/READY'))
  return (await handle.jsonValue()) as Host['messages'][number]
}

/** Opens `url` (a page on the demo's origin) in `page`, frames the SDK page of `projectId` there and waits for its READY. */
export async function openHost(page: Page, projectId: string, url = `${webUrl}/bare.html`): Promise<void> {
  await page.goto(url)
  await frameSdk(page, projectId)
  await ready(page)
}

/** Sends `name` with `payload` from the host page and returns the frame's answer. */
export const request = (page: Page, name: string, payload?: unknown) => page.evaluate(({ name, payload }) => (window as unknown as { __host: Host }).__host.request(name, payload), { name, payload })

/** The /sdk frame of `page` (Playwright reaches into the cross-site frame). */
export const sdkFrame = (page: Page): Frame => page.frames().find((f) => f.url().startsWith(`${secureSiteUrl}/sdk`))!

/** The frame's counts of accepted and dropped messages. */
export const counts = (frame: Frame) => frame.evaluate(() => ({ accepted: Number(document.documentElement.dataset.accepted ?? 0), dropped: Number(document.documentElement.dataset.dropped ?? 0) }))

/** The emulator's JSON test endpoints. */
export const api = async <T,>(path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${secureSiteUrl}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${path}: ${res.status}`)
  return (await res.json()) as T
}

/**
 * The types of the messages the frame posted to `page`'s host that Reown's client would drop: those
 * outside `W3mFrameSchema.frameEvent`, the installed @reown/appkit-wallet's own schema. Each once, in order.
 */
export async function unreadableByClient(page: Page): Promise<string[]> {
  const { W3mFrameSchema } = await import('@reown/appkit-wallet')
  const messages = await page.evaluate(() => (window as unknown as { __host: Host }).__host.messages.map((m) => m.data))
  return [...new Set(messages.filter((m) => !W3mFrameSchema.frameEvent.safeParse(m).success).map((m) => String(m.type)))]
}
