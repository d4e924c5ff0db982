import { describe, expect, it } from 'vitest'
import type { AnalyticsBeacon, Intent } from '../contract.js'
import { installAnalyticsBeacon, type BeaconPage } from './analytics-beacon.js'

const body = (eventId: string) => ({ eventId, url: 'https://shop.example/', domain: 'shop.example', timestamp: 1, props: { type: 'track' as const, event: 'MODAL_OPEN' as const, properties: {} } })
const URL_E = 'https://pulse.example/batch?projectId=p&st=gangway&sv=v'

/** A page with event targets, a visibility state and a sendBeacon that records (and answers `accept`). */
function fakePage(accept = true) {
  const doc = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState }
  doc.visibilityState = 'visible'
  const win = new EventTarget()
  const beacons: { url: string; data: string }[] = []
  const page = { document: doc, window: win, navigator: { sendBeacon: (url: string, data?: BodyInit | null) => (beacons.push({ url, data: String(data) }), accept) } } as unknown as BeaconPage
  return { page, doc, win, beacons }
}

function install(page: BeaconPage) {
  let push!: (b: AnalyticsBeacon | undefined) => void
  const dispatched: Intent[] = []
  const remove = installAnalyticsBeacon(async (cb) => void (push = cb), async (intent) => void dispatched.push(intent), page)
  return { push: (b: AnalyticsBeacon | undefined) => push(b), dispatched, remove }
}

describe("the page's analytics beacon", () => {
  it('sends the held batch on pagehide as a JSON string (text/plain), tells the engine, and never sends an event twice', () => {
    const { page, win, doc, beacons } = fakePage()
    const b = install(page)
    win.dispatchEvent(new Event('pagehide'))
    expect(beacons).toEqual([])
    b.push({ url: URL_E, events: [body('a'), body('b')] })
    win.dispatchEvent(new Event('pagehide'))
    expect(beacons).toEqual([{ url: URL_E, data: JSON.stringify([body('a'), body('b')]) }])
    expect(b.dispatched).toEqual([{ type: 'analytics/beacon-sent', payload: { eventIds: ['a', 'b'] } }])
    // The engine has not read the dispatch yet and pushes a batch that still holds them: only the new one goes.
    b.push({ url: URL_E, events: [body('a'), body('b'), body('c')] })
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(beacons.map((x) => JSON.parse(x.data).map((e: { eventId: string }) => e.eventId))).toEqual([['a', 'b'], ['c']])
    win.dispatchEvent(new Event('pagehide'))
    expect(beacons).toHaveLength(2)
  })

  it('sends nothing while the page is visible, nothing when nothing waits, and keeps the batch when the browser refuses the beacon', () => {
    const { page, doc, win, beacons } = fakePage(false)
    const b = install(page)
    b.push({ url: URL_E, events: [body('a')] })
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(beacons).toEqual([])
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(beacons).toHaveLength(1)
    expect(b.dispatched).toEqual([])
    b.push(undefined)
    win.dispatchEvent(new Event('pagehide'))
    expect(beacons).toHaveLength(1)
    b.remove()
    b.push({ url: URL_E, events: [body('z')] })
    win.dispatchEvent(new Event('pagehide'))
    expect(beacons).toHaveLength(1)
  })
})
