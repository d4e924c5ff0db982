// What shows (docs/behaviour.md §2): the modal's view, or what this tab's site UI said it shows
// (`headless/showing-changed`, slices/headless.ts), per tab and per page session.
import { describe, expect, it } from 'vitest'
import { connected, log, started, type Item } from '../../../tests/unit/fixtures.js'
import { SHOWABLE, type Showable, type Showing } from '../../events/catalogue/headless.js'
import { validateIntent } from '../../events/validate.js'
import { initialStateFor, project, type State } from '../state.js'
import { shows } from './showing.js'

const fold = (...items: Item[]) => project(log(...started({ swapNetworks: ['eip155:31337'] }), ...connected, ...items), initialStateFor('t1'))
const NONE: Showing = { tokens: false, nfts: false, activity: false, swap: false, swapReview: false, sendReview: false }
const showing = (on: Partial<Showing>): Item => ['headless/showing-changed', { ...NONE, ...on }]
const open = (view: 'Account' | 'Swap' | 'SwapPreview' | 'WalletSendPreview' | 'WalletSend'): Item => ['modal/open-requested', { view, isMobile: false }]
/** The showables that show in `s`. */
const shown = (s: State) => SHOWABLE.filter((what) => shows(s, what))

describe('shows', () => {
  it('nothing while the modal is closed and the site said nothing', () => {
    expect(shown(fold())).toEqual([])
    expect(fold().headless.showing).toEqual(NONE)
  })

  it("the modal's views, each its own: Account the holdings (whatever the tab) and its picked tab, Swap, SwapPreview, WalletSendPreview", () => {
    expect(shown(fold(open('Account')))).toEqual(['tokens'])
    expect(shown(fold(['account/tab-selected', { tab: 'NFTs' }], open('Account')))).toEqual(['tokens', 'nfts'])
    expect(shown(fold(['account/tab-selected', { tab: 'Activity' }], open('Account')))).toEqual(['tokens', 'activity'])
    expect(shown(fold(open('Swap')))).toEqual(['swap'])
    expect(shown(fold(open('Swap'), ['modal/navigate-requested', { view: 'SwapPreview' }]))).toEqual(['swapReview'])
    expect(shown(fold(open('WalletSend')))).toEqual([])
    expect(shown(fold(open('WalletSend'), ['modal/navigate-requested', { view: 'WalletSendPreview' }]))).toEqual(['sendReview'])
    // Closed, the view it would reopen on shows nothing.
    expect(shown(fold(open('Swap'), ['modal/close-requested', {}]))).toEqual([])
  })

  it("the site's flags, with the modal closed or on another view; each change replaces them all", () => {
    for (const what of SHOWABLE) expect(shown(fold(showing({ [what]: true })))).toEqual([what])
    const s = fold(showing({ tokens: true, swap: true }), showing({ sendReview: true }))
    expect(s.headless.showing).toEqual({ ...NONE, sendReview: true })
    expect(shown(s)).toEqual(['sendReview'])
    // Either one: the modal on Swap while the site shows its send review.
    expect(shown(fold(showing({ sendReview: true }), open('Swap')))).toEqual(['swap', 'sendReview'])
  })

  it("this tab's: another tab's change is not folded; a new page session (engine start) begins with every flag off", () => {
    const events = log(...started(), showing({ swap: true }))
    const other = events.map((e) => (e.type === 'headless/showing-changed' ? { ...e, tab: 't2' } : e))
    expect(shown(project(events, initialStateFor('t1')))).toEqual(['swap'])
    expect(shown(project(other, initialStateFor('t1')))).toEqual([])
    expect(shown(fold(showing({ swap: true, tokens: true }), ['engine/started', { mode: 'main' }]))).toEqual([])
  })

  it('the intent takes the six flags, each a boolean, and no other key', () => {
    const all = Object.fromEntries(SHOWABLE.map((k) => [k, true])) as Record<Showable, boolean>
    expect(validateIntent({ type: 'headless/showing-changed', payload: all }).payload).toEqual(all)
    expect(() => validateIntent({ type: 'headless/showing-changed', payload: { ...all, swap: undefined } })).toThrow()
    expect(() => validateIntent({ type: 'headless/showing-changed', payload: { ...all, swap: 1 } })).toThrow()
    expect(() => validateIntent({ type: 'headless/showing-changed', payload: { ...all, swapPreview: true } })).toThrow()
  })
})
