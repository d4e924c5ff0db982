/**
 * The secure-site emulator (issue 19): a stand-in for the hosted secure site that email and social
 * login run through, on its own SITE: `http://127.0.0.1:<port>`, another site than the demo's
 * localhost (where passkeys need the demo: a browser refuses an IP address as a relying party id), so the browser partitions
 * its storage, isolates its frames and blocks its third-party cookies as in production. All state
 * is in memory, per projectId.
 *
 * Pages (no COOP header on any; CSP `script-src 'self'`, no inline script or style):
 * - `/sdk?projectId&chainId&version` (the iframe; `frame-ancestors` = the allowed origins) and its
 *   script `/sdk.js` (frame-script.ts: the frame protocol); `/loading` (the social popup's first
 *   page in Reown's own UI; Gangway opens its popup blank); `/oauth/<provider>?state=` (Allow / Deny); `/social` (posts `{ resultUri }` to the
 *   opener, social-script.ts; on the Telegram path, a state `<issued>--<encoded host href>`, it
 *   sends its top window back to the host's address with `result_uri` instead, when that address's
 *   origin is the state's recorded parent origin, else it is a 400 error page: social.ts
 *   `returnTarget`); `/inbox?email=`; `/device?token=` (a device link: approves);
 *   `/farcaster?channel=` (Approve).
 * - The frame's API: `GET /api/frame/start`, `POST /api/frame/request`, `POST /api/frame/decide`
 *   (protocol.ts; same-origin only: `Origin` must be this site).
 * - Test hooks: `POST /api/test/hooks` (hooks.ts), `GET /api/test/log?projectId=` (the request names
 *   the project's frames handled, in order), `GET /api/test/inbox?email=` (`[{ kind, code?, link?, at }]`,
 *   newest first).
 * A body that is not JSON (or not a form where a form is expected), or larger than 64 KB, is 400.
 * Nothing is printed: no code, token or key reaches stdout.
 * Demo and test tooling only.
 */
import { build } from 'esbuild'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deploySafeContracts, type SafeContracts } from '../../safe.js'
import { siteChains } from './chains.js'
import { EmailLogin } from './email-login.js'
import { parseHooks, TestHooks } from './hooks.js'
import { Inbox, type Mail } from './inbox.js'
import { devicePage, errorPage, farcasterDonePage, farcasterPage, inboxPage, loadingPage, oauthPage, sdkPage, SITE_CSS, socialPage } from './pages.js'
import type { ApprovalDecision, FrameCall, FrameStart } from './protocol.js'
import { handleFrameCall, type Services } from './requests.js'
import { RpcRequests } from './rpc.js'
import { SOCIAL_PROVIDERS, SocialLogin, splitState, type SocialProvider } from './social.js'
import { Users } from './users.js'

/** The largest request body read, in bytes. */
export const MAX_BODY = 64 * 1024

/** What `startSecureSite` takes. */
export interface SecureSiteOptions {
  /** The port (0: a free one). */
  port: number
  /** The EVM chains served; the first is the default. Their nodes must be anvils (funding uses anvil_setBalance). */
  chains: { chainId: number; rpcUrl: string }[]
  /** The host origins that may frame /sdk and talk to it, exactly (`http://localhost:5173`). */
  allowedOrigins: string[]
}

/** The running emulator. */
export interface SecureSite {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** The same: the origin the host checks messages against. */
  origin: string
  port: number
  /** The Safe contracts deployed on every chain. */
  contracts: SafeContracts
  /** The mail of `email`, newest first (as GET /api/test/inbox answers). */
  inbox(email: string): Mail[]
  stop(): Promise<void>
}

const here = dirname(fileURLToPath(import.meta.url))

/** Builds the browser scripts: /sdk.js and /social.js. */
async function buildScripts(): Promise<Map<string, string>> {
  const out = await build({
    entryPoints: { sdk: join(here, 'frame-script.ts'), social: join(here, 'social-script.ts') },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: here,
    logLevel: 'warning',
  })
  return new Map(out.outputFiles.map((f) => [`/${f.path.slice(f.path.lastIndexOf('/') + 1)}`, f.text]))
}

class BadRequest extends Error {}

/** The body as text, refused past MAX_BODY bytes. @throws BadRequest 'Body too large'. */
async function readLimited(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new BadRequest('Body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The body as JSON. @throws BadRequest when not application/json, too large or not JSON. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) throw new BadRequest('Expected application/json')
  const text = await readLimited(req)
  try {
    return JSON.parse(text)
  } catch {
    throw new BadRequest('Malformed JSON')
  }
}

/** The body as a form. @throws BadRequest when not a urlencoded form or too large. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) throw new BadRequest('Expected a form')
  return new URLSearchParams(await readLimited(req))
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const boundedString = (v: unknown, min: number, max: number): v is string => typeof v === 'string' && v.length >= min && v.length <= max

/** A frame call's shape. @throws BadRequest 'Invalid call: {field}'. */
function parseCall(body: unknown, allowedOrigins: string[]): FrameCall {
  if (!isObject(body)) throw new BadRequest('Invalid call')
  const { projectId, deviceId, token, parentOrigin, chainId, name, payload, bare, again } = body
  if (!boundedString(projectId, 1, 128)) throw new BadRequest('Invalid call: projectId')
  if (!boundedString(deviceId, 16, 128) || !/^[A-Za-z0-9_-]+$/.test(deviceId)) throw new BadRequest('Invalid call: deviceId')
  if (token !== undefined && !boundedString(token, 1, 256)) throw new BadRequest('Invalid call: token')
  if (typeof parentOrigin !== 'string' || !allowedOrigins.includes(parentOrigin)) throw new BadRequest('Invalid call: parentOrigin')
  if (!boundedString(chainId, 1, 64)) throw new BadRequest('Invalid call: chainId')
  if (!boundedString(name, 1, 64) || !/^[A-Z0-9_]+$/.test(name)) throw new BadRequest('Invalid call: name')
  if (!isObject(payload)) throw new BadRequest('Invalid call: payload')
  if (bare !== undefined && bare !== true) throw new BadRequest('Invalid call: bare')
  if (again !== undefined && typeof again !== 'boolean') throw new BadRequest('Invalid call: again')
  return { projectId, deviceId, parentOrigin, chainId, name, payload, ...(bare ? { bare } : {}), ...(token === undefined ? {} : { token }), ...(again ? { again } : {}) }
}

/** A decision's shape. @throws BadRequest 'Invalid decision'. */
function parseDecision(body: unknown): ApprovalDecision {
  if (!isObject(body)) throw new BadRequest('Invalid decision')
  const { projectId, token, approvalId, decision } = body
  if (!boundedString(projectId, 1, 128) || !boundedString(approvalId, 1, 256) || (token !== undefined && !boundedString(token, 1, 256)) || (decision !== 'approve' && decision !== 'reject')) throw new BadRequest('Invalid decision')
  return { projectId, approvalId, decision, ...(token === undefined ? {} : { token }) }
}

/**
 * Starts the emulator: deploys the Safe contracts on every chain, builds the browser scripts and
 * listens on 127.0.0.1:`port`.
 * @throws Error 'Safe deployment failed: {name}' from deploySafeContracts; the listen error when the port is taken.
 */
export async function startSecureSite({ port, chains: chainList, allowedOrigins }: SecureSiteOptions): Promise<SecureSite> {
  if (chainList.length === 0) throw new Error('The secure site needs at least one chain')
  const chains = siteChains(chainList)
  const [contractsByChain, scripts] = await Promise.all([Promise.all(chains.map((c) => deploySafeContracts(c.chain))), buildScripts()])
  const contracts = contractsByChain[0]!

  const server: Server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const boundPort = (server.address() as { port: number }).port
  const origin = `http://127.0.0.1:${boundPort}`

  const inbox = new Inbox()
  const users = new Users(chains, contracts)
  const hooks = new TestHooks()
  const services: Services = {
    chains,
    users,
    hooks,
    email: new EmailLogin(users, inbox, origin),
    social: new SocialLogin(users, origin),
    rpc: new RpcRequests(chains, contracts, users),
  }

  const frameAncestors = allowedOrigins.length ? allowedOrigins.join(' ') : "'none'"
  const pageCsp = (ancestors: string) => `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors ${ancestors}`

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin)
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) =>
      void res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers }).end(body)
    const html = (status: number, body: string, ancestors = "'none'") => send(status, 'text/html; charset=utf-8', body, { 'content-security-policy': pageCsp(ancestors) })
    const json = (status: number, body: unknown) => send(status, 'application/json', JSON.stringify(body))
    const redirect = (location: string) => void res.writeHead(303, { location, 'cache-control': 'no-store' }).end()
    const path = url.pathname
    const get = req.method === 'GET' || req.method === 'HEAD'
    const post = req.method === 'POST'
    try {
      // The frame's API: same-origin calls from /sdk only.
      if (path.startsWith('/api/frame/')) {
        if (req.headers.origin !== undefined && req.headers.origin !== origin) return json(403, { error: 'Forbidden' })
        if (path === '/api/frame/start' && get) {
          const projectId = url.searchParams.get('projectId') ?? ''
          if (!projectId || projectId.length > 128) return json(400, { error: 'projectId' })
          const { noReady, readyDelayMs } = hooks.get(projectId)
          const start: FrameStart = { allowedOrigins, chains: chains.map((c) => c.caip2), hooks: { ...(noReady ? { noReady } : {}), ...(readyDelayMs ? { readyDelayMs } : {}) } }
          return json(200, start)
        }
        if (!post || req.headers.origin !== origin) return json(post ? 403 : 405, { error: post ? 'Forbidden' : 'Method not allowed' })
        if (path === '/api/frame/request') return json(200, await handleFrameCall(services, parseCall(await readJson(req), allowedOrigins)))
        if (path === '/api/frame/decide') return json(200, await services.rpc.decide(parseDecision(await readJson(req))))
        return json(404, { error: 'Not found' })
      }
      if (path === '/api/test/hooks' && post) {
        let request
        try {
          request = parseHooks(await readJson(req))
        } catch (error) {
          if (error instanceof BadRequest) throw error
          throw new BadRequest((error as Error).message)
        }
        hooks.set(request)
        if (request.forgetSessions) users.endProjectSessions(request.projectId)
        return json(200, hooks.get(request.projectId))
      }
      if (path === '/api/test/log' && get) return json(200, hooks.log(url.searchParams.get('projectId') ?? ''))
      if (path === '/api/test/inbox' && get) return json(200, inbox.list(url.searchParams.get('email') ?? ''))

      if (path === '/sdk' && get) return html(url.searchParams.get('projectId') ? 200 : 400, url.searchParams.get('projectId') ? sdkPage() : errorPage('projectId is required'), frameAncestors)
      if (scripts.has(path) && get) return send(200, 'text/javascript; charset=utf-8', scripts.get(path)!)
      if (path === '/site.css' && get) return send(200, 'text/css; charset=utf-8', SITE_CSS)
      if (path === '/loading' && get) return html(200, loadingPage())
      const oauth = /^\/oauth\/([a-z]+)$/.exec(path)
      if (oauth && SOCIAL_PROVIDERS.includes(oauth[1] as SocialProvider)) {
        const provider = oauth[1]!
        if (get) {
          const state = url.searchParams.get('state')
          return services.social.state(state)?.provider === provider ? html(200, oauthPage(provider, state!)) : html(400, errorPage('This sign-in link is not valid'))
        }
        if (post) {
          const form = await readForm(req)
          const state = form.get('state') ?? ''
          if (services.social.state(state)?.provider !== provider) return html(400, errorPage('This sign-in link is not valid'))
          if (form.get('decision') !== 'allow') return redirect(`/social?error=access_denied&state=${encodeURIComponent(state)}`)
          const code = services.social.allow(provider, state, form.get('username') ?? '')
          return code ? redirect(`/social?code=${code}&state=${encodeURIComponent(state)}`) : html(400, errorPage('Pick a username of 1 to 64 characters'))
        }
      }
      if (path === '/social' && get) {
        const state = url.searchParams.get('state')
        const denied = url.searchParams.has('error')
        // The Telegram path: back to the checked host address, by the page's script (a redirect
        // here would still be the provider form's navigation, which form-action 'self' blocks).
        if (state !== null && splitState(state).returnTo !== undefined) {
          const target = services.social.returnTarget(state, url.href)
          return target ? html(200, socialPage({ returnTo: target }, denied)) : html(400, errorPage('This sign-in link is not valid'))
        }
        return html(200, socialPage({ openerOrigin: services.social.state(state)?.parentOrigin }, denied))
      }
      if (path === '/inbox' && get) {
        const email = url.searchParams.get('email')
        return html(200, inboxPage(email, email ? inbox.list(email) : []))
      }
      if (path === '/device' && get) {
        const approved = services.email.approveDevice(url.searchParams.get('token') ?? '')
        return html(approved ? 200 : 404, devicePage(approved))
      }
      if (path === '/farcaster' && get) {
        const channel = url.searchParams.get('channel') ?? ''
        const valid = services.social.hasChannel(channel)
        return html(valid ? 200 : 404, farcasterPage(channel, valid))
      }
      if (path === '/farcaster' && post) {
        const form = await readForm(req)
        const approved = services.social.approveChannel(form.get('channel') ?? '', form.get('username') ?? '')
        return html(approved ? 200 : 400, farcasterDonePage(approved))
      }
      return send(404, 'text/plain; charset=utf-8', 'Not found')
    } catch (error) {
      if (res.headersSent) return void res.end()
      if (error instanceof BadRequest) return json(400, { error: error.message })
      // Never the error's text: it could hold a request's values.
      return json(500, { error: 'Internal error' })
    }
  }
  server.on('request', (req, res) => void handler(req, res))
  return {
    url: origin,
    origin,
    port: boundPort,
    contracts,
    inbox: (email) => inbox.list(email),
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}
