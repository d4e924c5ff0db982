/**
 * The secure-site emulator's /sdk frame, served as /sdk.js (built for the browser by esbuild when
 * the site starts; the page's CSP is script-src 'self', so no inline script).
 * - Its parent origin is `location.ancestorOrigins[0]`; unless it is one of the site's allowed
 *   origins the frame posts nothing and listens to nothing.
 * - It posts `{ type: '@w3m-frame/READY', payload: { version } }` to the parent, targetOrigin
 *   exactly the parent origin (never '*'), then accepts only messages whose `source` is the parent
 *   window and whose `origin` is the parent origin, a plain object `{ type: '@w3m-app/<NAME>', id:
 *   string (0–128 chars), payload?: plain object }`; anything else is dropped unanswered. Whether
 *   the payload was there goes to the server with it (`bare`), which checks the request against
 *   Reown's client's schema (app-event.ts).
 * - Each request goes to the site's server (same-origin fetch, no cookies), and the answer back to
 *   the parent as `{ type: '@w3m-frame/<NAME>_SUCCESS', id, payload }` or `{ type:
 *   '@w3m-frame/<NAME>_ERROR', id, payload: { message, code? } }`.
 * - The session token and a random device id live in the frame's (partitioned) localStorage under
 *   a key per projectId, in memory where storage is denied.
 * - RELOAD is answered by the reloaded document, before its READY (reloadThenReply).
 * - Signing and sending requests show the approval panel (a transaction's call decoded as text,
 *   calldata.ts); only a trusted click on Approve (`event.isTrusted`) asks the server to sign or
 *   send. Reject answers 'User rejected the request.' (4001). The buttons of a newly shown request
 *   are disabled for a moment and then take a click only after a fresh press (approval-guard.ts), so
 *   a double click, or a press held while the next request appears under it, decides nothing.
 * - Test visibility: `<html data-state>` is 'starting', 'ready', 'refused' (no allowed parent),
 *   'silent' (the noReady hook) or 'failed'; `data-accepted` and `data-dropped` count messages;
 *   `data-decisions` counts the decisions sent, `data-ignored-clicks` the clicks the guard refused;
 *   `data-answered` counts the server's answers to forwarded requests, `data-posted` the messages
 *   posted to the parent, and `data-loads` the frame documents the site has loaded in this tab (1,
 *   then 2 after a reload or a second frame): what a stalled test's page story reads to tell where
 *   an answer stopped.
 */
import { createApprovalGuard } from './approval-guard.js'
import type { ApprovalView, FrameAnswer, FrameCall, FrameStart } from './protocol.js'

const APP_PREFIX = '@w3m-app/'
const FRAME_PREFIX = '@w3m-frame/'
const MAX_ID = 128
const params = new URLSearchParams(location.search)
const projectId = params.get('projectId') ?? ''
const version = params.get('version') || '4'
const root = document.documentElement
const counts = { accepted: 0, dropped: 0, decisions: 0, ignoredClicks: 0, answered: 0, posted: 0 }
const setState = (state: 'starting' | 'ready' | 'refused' | 'silent' | 'failed') => void (root.dataset.state = state)

/** localStorage, or memory where the browser denies it (a third-party frame without partitioned storage). */
const memory = new Map<string, string>()
const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key)
    } catch {
      return memory.get(key) ?? null
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value)
    } catch {
      memory.set(key, value)
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key)
    } catch {
      /* memory only */
    }
    memory.delete(key)
  },
}
const TOKEN_KEY = `secure-site:${projectId}:session`
const DEVICE_KEY = `secure-site:${projectId}:device`

const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
const deviceId = storage.get(DEVICE_KEY) ?? randomHex(16)
storage.set(DEVICE_KEY, deviceId)

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && [Object.prototype, null].includes(Object.getPrototypeOf(v))

let parentOrigin = ''
let chainId = ''

/** Posts to the parent, at its exact origin. */
function post(message: Record<string, unknown>): void {
  window.parent.postMessage(message, parentOrigin)
  root.dataset.posted = String(++counts.posted)
}

/** Posts the answer to request `name` `id`. */
function reply(name: string, id: string, answer: FrameAnswer): void {
  if (answer.ok) post({ type: `${FRAME_PREFIX}${name}_SUCCESS`, id, payload: 'payload' in answer ? answer.payload : {} })
  else post({ type: `${FRAME_PREFIX}${name}_ERROR`, id, payload: { message: answer.message, ...(answer.code === undefined ? {} : { code: answer.code }) } })
}

/** POSTs `body` to the site's `path`; a failed request or a non-JSON answer becomes an error answer. */
async function server(path: string, body: unknown): Promise<FrameAnswer> {
  try {
    const res = await fetch(path, { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const json = (await res.json()) as FrameAnswer & { error?: string }
    return res.ok ? json : { ok: false, message: json.error ?? 'Request failed' }
  } catch {
    return { ok: false, message: 'Secure site unreachable' }
  }
}

/** Keeps what an answer changes: the session token, the current chain; RPC_ABORT and SIGN_OUT reject the waiting approvals. */
function apply(answer: FrameAnswer): void {
  if (!answer.ok) return
  if (answer.token === null) storage.remove(TOKEN_KEY)
  else if (typeof answer.token === 'string') storage.set(TOKEN_KEY, answer.token)
  if (answer.chainId) chainId = answer.chainId
  if (answer.abortApprovals) rejectWaiting('Request was aborted')
}

/** Forwards one request to the server, asking again while a long poll says `retry`. */
async function forward(name: string, payload: Record<string, unknown>, bare = false): Promise<FrameAnswer> {
  for (let again = false; ; again = true) {
    const call: FrameCall = { projectId, deviceId, parentOrigin, chainId, name, payload, ...(bare ? { bare } : {}), ...(again ? { again } : {}) }
    const token = storage.get(TOKEN_KEY)
    if (token) call.token = token
    const answer = await server('/api/frame/request', call)
    root.dataset.answered = String(++counts.answered)
    if (answer.ok && answer.retry) continue
    apply(answer)
    return answer
  }
}

// The approval panel: one waiting request shown at a time, in arrival order.
const waiting: { name: string; id: string; view: ApprovalView }[] = []
let deciding = false
const panel = document.getElementById('approval') as HTMLElement
const approveButton = document.getElementById('approval-approve') as HTMLButtonElement
const rejectButton = document.getElementById('approval-reject') as HTMLButtonElement
const guard = createApprovalGuard()
/** The request on show, so that showing it again (nothing changed) neither resets the guard nor the buttons. */
let onShow: (typeof waiting)[number] | undefined
let enableTimer: ReturnType<typeof setTimeout> | undefined

/** Enables the buttons once the guard allows it (and nothing is being decided). */
function enableWhenArmable(): void {
  clearTimeout(enableTimer)
  const now = performance.now()
  if (deciding || !onShow) return
  if (guard.enabled(now)) approveButton.disabled = rejectButton.disabled = false
  else enableTimer = setTimeout(enableWhenArmable, 50)
}

function showFirst(): void {
  const first = waiting[0]
  panel.hidden = !first
  if (first !== onShow) {
    onShow = first
    approveButton.disabled = rejectButton.disabled = true
    if (first) guard.shown(performance.now())
  }
  if (!first) return
  const field = (name: string, value: string | undefined) => {
    ;(document.getElementById(`row-${name}`) as HTMLElement).hidden = value === undefined
    ;(document.getElementById(`approval-${name}`) as HTMLElement).textContent = value ?? ''
  }
  field('method', first.view.method)
  field('account', `${first.view.account} (${first.view.accountType})`)
  field('chain', first.view.chainId)
  field('message', first.view.message)
  field('to', first.view.to)
  field('value', first.view.value)
  field('call', first.view.call)
  enableWhenArmable()
}

function rejectWaiting(message: string): void {
  for (const w of waiting.splice(0)) reply(w.name, w.id, { ok: false, message })
  showFirst()
}

async function decide(decision: 'approve' | 'reject'): Promise<void> {
  const first = waiting[0]
  if (!first || deciding) return
  deciding = true
  approveButton.disabled = rejectButton.disabled = true
  root.dataset.decisions = String(++counts.decisions)
  const answer = await server('/api/frame/decide', { projectId, token: storage.get(TOKEN_KEY) ?? undefined, approvalId: first.view.id, decision })
  deciding = false
  // Taken off meanwhile (an abort): the panel already shows what waits now.
  if (waiting[0] !== first) return enableWhenArmable()
  waiting.shift()
  reply(first.name, first.id, answer)
  showFirst()
}

// A fresh press arms the guard (capture: before any button sees it); a held key's repeats do not.
document.addEventListener('pointerdown', (event) => guard.press(event.timeStamp), true)
document.addEventListener('keydown', (event) => guard.press(event.timeStamp, event.repeat), true)
/** A click on Approve or Reject decides only when the guard allows it. */
const guarded = (decision: 'approve' | 'reject') => (event: MouseEvent) => {
  if (guard.click(event.timeStamp)) return void decide(decision)
  root.dataset.ignoredClicks = String(++counts.ignoredClicks)
}
const approveClick = guarded('approve')
approveButton.addEventListener('click', (event) => {
  // Only the visitor's own click signs: a script's synthetic click does nothing.
  if (event.isTrusted) approveClick(event)
})
rejectButton.addEventListener('click', guarded('reject'))

async function handle(name: string, id: string, payload: Record<string, unknown>, bare: boolean): Promise<void> {
  const answer = await forward(name, payload, bare)
  if (answer.ok && answer.approval) {
    waiting.push({ name, id, view: answer.approval })
    if (waiting.length === 1) showFirst()
    return
  }
  if (answer.ok && answer.reload) return reloadThenReply(name, id, answer)
  reply(name, id, answer)
}

/** Where a RELOAD's answer waits for the reloaded document (the frame's partitioned session storage). */
const RELOADED_KEY = `secure-site:${projectId}:reloaded`
/** How many frame documents the site has loaded in this tab (session storage), for `data-loads`. */
const LOADS_KEY = `secure-site:${projectId}:loads`

/**
 * RELOAD: the document reloads, and the reloaded one answers (before its READY), so the next
 * request, which Reown's client sends on RELOAD_SUCCESS without waiting for a READY, finds it
 * listening. Where session storage is denied, the answer goes first and the reload follows.
 */
function reloadThenReply(name: string, id: string, answer: FrameAnswer): void {
  try {
    sessionStorage.setItem(RELOADED_KEY, JSON.stringify({ name, id, answer }))
  } catch {
    reply(name, id, answer)
  }
  location.reload()
}

/** The answer a RELOAD left for this document, taken once. */
function takeReloaded(): { name: string; id: string; answer: FrameAnswer } | undefined {
  try {
    const raw = sessionStorage.getItem(RELOADED_KEY)
    sessionStorage.removeItem(RELOADED_KEY)
    const parsed: unknown = raw === null ? undefined : JSON.parse(raw)
    return isPlainObject(parsed) && typeof parsed.name === 'string' && typeof parsed.id === 'string' && isPlainObject(parsed.answer) ? (parsed as { name: string; id: string; answer: FrameAnswer }) : undefined
  } catch {
    return undefined
  }
}

function onMessage(event: MessageEvent): void {
  const drop = () => void (root.dataset.dropped = String(++counts.dropped))
  if (event.source !== window.parent || event.origin !== parentOrigin) return drop()
  const data: unknown = event.data
  if (!isPlainObject(data) || typeof data.type !== 'string' || !data.type.startsWith(APP_PREFIX)) return drop()
  // Reown's client makes ids with Math.random().toString(36).substring(7): short, at times empty.
  if (typeof data.id !== 'string' || data.id.length > MAX_ID) return drop()
  const name = data.type.slice(APP_PREFIX.length)
  const bare = data.payload === undefined
  const payload = data.payload ?? {}
  if (!/^[A-Z0-9_]{1,64}$/.test(name) || !isPlainObject(payload)) return drop()
  root.dataset.accepted = String(++counts.accepted)
  void handle(name, data.id, payload, bare)
}

async function start(): Promise<void> {
  setState('starting')
  try {
    const loads = String(Number(sessionStorage.getItem(LOADS_KEY) ?? 0) + 1)
    sessionStorage.setItem(LOADS_KEY, loads)
    root.dataset.loads = loads
  } catch {
    root.dataset.loads = '?'
  }
  const parent = window.parent !== window ? location.ancestorOrigins?.[0] : undefined
  if (!parent || !projectId) return setState('refused')
  let config: FrameStart
  try {
    const res = await fetch(`/api/frame/start?projectId=${encodeURIComponent(projectId)}`, { credentials: 'omit' })
    if (!res.ok) return setState('failed')
    config = (await res.json()) as FrameStart
  } catch {
    return setState('failed')
  }
  if (!config.allowedOrigins.includes(parent)) return setState('refused')
  if (config.hooks.noReady) return setState('silent')
  parentOrigin = parent
  const asked = params.get('chainId') ?? ''
  chainId = config.chains.includes(asked) ? asked : config.chains[0]!
  if (config.hooks.readyDelayMs) await new Promise((r) => setTimeout(r, config.hooks.readyDelayMs))
  window.addEventListener('message', onMessage)
  const reloaded = takeReloaded()
  if (reloaded) reply(reloaded.name, reloaded.id, reloaded.answer)
  post({ type: `${FRAME_PREFIX}READY`, payload: { version } })
  setState('ready')
}

void start()
