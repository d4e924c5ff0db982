/**
 * The site's options as the core reads them: checked before anything starts (not in the loader,
 * which stays small), the hosted services' preset resolved, the secure site's default origin filled
 * in, and the engine's config picked from them.
 */
import type { EngineConfig } from '../../contract.js'
import { InvalidOptionError } from '../../events/kernel/errors.js'
import { featureOptionsProblem, hostOptionsOf, offeredNetworks, unknownOption, withServicePreset, type ServiceUrls } from '../../events/kernel/host-options.js'
import { capturesEmail, isSiwxConfig, SIWX_FUNCTIONS } from '../bridge/siwx-option.js'
import { PAGE_OPTION_KEYS, themeProblem, type GangwayOptions } from '../options.js'

declare const GANGWAY_SECURE_SITE: string | undefined
/**
 * docs/behaviour.md §9: the secure site's origin when the site names none, from the build's
 * environment (esbuild.config.mjs `GANGWAY_SECURE_SITE`); none (no email or social login) unless set.
 */
export const DEFAULT_SECURE_SITE: string | undefined = typeof GANGWAY_SECURE_SITE === 'string' && GANGWAY_SECURE_SITE ? GANGWAY_SECURE_SITE : undefined

/** The options with `services: 'reown'` made the hosted services' base URLs. */
export type ResolvedOptions = Omit<GangwayOptions, 'services'> & { services?: ServiceUrls }

/** The options with the secure site's default origin filled in where the site named none. */
export function withSecureSite(o: ResolvedOptions): ResolvedOptions {
  return o.services?.secureSite || !DEFAULT_SECURE_SITE ? o : { ...o, services: { ...o.services, secureSite: DEFAULT_SECURE_SITE } }
}

/**
 * The engine's config: the host options (declared once, events/kernel/host-options.ts) with the
 * networks the services can serve (no bip122 one without `services.bitcoin`), this page's origin
 * and its path (analytics name the page by both).
 */
export function engineConfig(o: ResolvedOptions): EngineConfig {
  const host = hostOptionsOf(withSecureSite(o))
  return {
    ...host,
    // Not a list: the engine refuses it as given.
    ...(Array.isArray(host.networks) ? { networks: offeredNetworks(host.networks, host.services) } : {}),
    // An auth adapter offers email and social login as a secure site does (the engine's flag keeps its name in stored logs).
    ...(o.auth ? { authAdapter: true } : {}),
    ...(o.siwx ? { siwx: { signOutOnDisconnect: o.siwx.signOutOnDisconnect !== false, ...(capturesEmail(o.siwx) ? { emailCapture: true } : {}) } } : {}),
    ...(typeof location === 'object' && /^https?:/.test(location.origin) ? { hostOrigin: location.origin, hostPath: location.pathname } : {}),
  }
}

/** A `siwx` option without its functions. */
const SIWX_INVALID = `Invalid option: siwx must have ${SIWX_FUNCTIONS.slice(0, -1).join(', ')} and ${SIWX_FUNCTIONS.at(-1)}`
/** An `auth` option that is not an adapter's loader. */
const AUTH_INVALID = 'Invalid option: auth must have load'
/** A `views` option that is not a boolean. */
const VIEWS_INVALID = 'Invalid option: views must be a boolean'

/**
 * The site's options `given`, checked, with `services: 'reown'` made the hosted services' base URLs
 * (docs/services.md). Checked in this order: an option Gangway does not take, the feature options,
 * then the page's own (the theme, the siwx functions, the auth adapter's loader).
 * @throws InvalidOptionError 'Unknown option: {key}' (`'services.{name}'` for a service Gangway does not
 *   call; the known options in `details`); 'Invalid themeMode: {value}', 'Unknown theme variable: {name}'
 *   or 'Invalid theme variable {name}' (options.ts themeProblem); 'Invalid option: {name} must …'
 *   (host-options.ts featureOptionsProblem: a feature value of the wrong type, a terms or privacy
 *   link the URL validator refuses); 'Invalid option: siwx must have createMessage, addSession,
 *   revokeSession, setSessions and getSessions' (and getRequired a function, signOutOnDisconnect a
 *   boolean, when given); 'Invalid option: auth must have load'; 'Invalid option: views must be a boolean'; each also logged with console.error
 *   (the core starts in idle time after load, ahead of any call that would report it: said at once).
 */
export function checkedOptions(given: GangwayOptions, origin: string | undefined): ResolvedOptions {
  const options = withServicePreset(given) as ResolvedOptions
  const unknown = unknownOption(options, PAGE_OPTION_KEYS)
  const invalid = unknown ? undefined : featureOptionsProblem(options, origin)
  const own = themeProblem(options) ?? (options.siwx !== undefined && !isSiwxConfig(options.siwx) ? SIWX_INVALID : undefined) ?? (options.auth !== undefined && typeof (options.auth as { load?: unknown } | null)?.load !== 'function' ? AUTH_INVALID : undefined) ?? (options.views !== undefined && typeof options.views !== 'boolean' ? VIEWS_INVALID : undefined)
  const problem = unknown ? new InvalidOptionError(unknown.message, { details: unknown.details }) : invalid ? new InvalidOptionError(invalid) : own ? new InvalidOptionError(own) : undefined
  if (problem) {
    console.error('[gangway] the modal does not start:', problem.message, problem.details ?? '')
    throw problem
  }
  return options
}
