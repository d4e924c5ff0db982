/** The Connect view's data (docs/behaviour.md §2 Connect): the wallet rows and the pending or failed connect. A view model. Pure. */
import type { ConnectMethod, SocialProvider } from '../../events/kernel/host-options.js'
import type { ConnectionStatus } from '../slices/connection.js'
import type { ConnectorRow } from '../connector-order.js'
import { connectRows } from '../select/connect-rows.js'
import { connectMethods, resolvedFeatures } from '../select/features.js'
import { offeredSocials } from '../select/socials.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'
import type { EmailStep } from '../slices/auth.js'
import { EMAIL_RESEND_COOLDOWN_MS } from '../rules/auth-rules.js'
import { PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'

/** The Connect view's data: wallet rows in docs/behaviour.md §2 group order, and the pending or failed connect. */
export interface ConnectModel {
  rows: ConnectorRow[]
  status: ConnectionStatus
  pendingConnectorId?: string
  error?: { connectorId: string; message: string }
  /** The All Wallets entry: the registry's size, once known; never while the allWallets feature or WalletConnect is off. */
  allWallets?: { count: number }
  /**
   * The connect methods on offer, in order (docs/behaviour.md §2, select/features.ts
   * connectMethods): which of the wallet list, the email field and the social logins the Connect
   * view shows, in the order it shows them.
   */
  methods: ConnectMethod[]
  /** features.legalCheckbox: the visitor accepts the site's terms and privacy policy before any connect. */
  legalCheckbox: boolean
  /** The visitor ticked it in this page session (projections/slices/legal.ts); connects are refused until then. */
  legalAccepted: boolean
  /** features.collapseWallets while email or social login is on: the wallet list folds behind one "Continue with a wallet" row. */
  collapseWallets: boolean
  /** The `branding` remote feature: the small footer. */
  branding: boolean
  /**
   * The email login under way (EmailLogin view): its step, the email, the secure site's
   * last refusal, and when another code may be asked for (ms since the epoch). Absent when none is.
   */
  emailLogin?: { step?: EmailStep; email?: string; error?: string; resendAt?: number }
  /** UpdateEmailWallet: the email login's current email, and the change under way (its step, the new email, the last refusal). */
  emailUpdate?: { current?: string; step?: 'sending' | 'primary-otp' | 'secondary-otp' | 'failed'; email?: string; error?: string }
  /**
   * The Passkey method (docs/behaviour.md §2 Passkey), while on offer: the ceremony under way in
   * this tab (`create` or `use`) and the last passkey connect's failure message.
   */
  passkey?: { asking?: 'create' | 'use'; error?: string }
  /** The social providers on offer, in order (select/socials.ts: remoteFeatures.socials, Telegram's per platform; Farcaster through its own flow, ConnectingFarcaster); empty without social login. */
  socials: SocialProvider[]
  /** A Telegram social login the page left for, waiting for the page to come back with the answer. */
  telegramProvider?: SocialProvider
  /** The social login under way (ConnectingExternal shows it): its provider, step and failure. */
  socialLogin?: { provider: SocialProvider; step: 'started' | 'user-data-requested' | 'connecting'; error?: string }
  /** SIWXSignMessage: the account asked to sign in (CAIP-10 and its address), whether the wallet's prompt is open, the last failure. */
  siwx?: { caipAddress: string; address: string; signing: boolean; error?: string }
}

/** The Connect model: connectRows, the connection's status, its pending connect and its last error, and the features that shape the view. */
export function connectModel(s: State): ConnectModel {
  const f = resolvedFeatures(s)
  const methods = connectMethods(s)
  return defined({
    rows: connectRows(s),
    status: s.connection.status,
    pendingConnectorId: s.connection.pending?.connectorId,
    error: s.connection.lastError,
    allWallets: s.wallets.count !== undefined && f.allWallets && s.config.walletConnect !== false ? { count: s.wallets.count } : undefined,
    methods,
    legalCheckbox: f.legalCheckbox,
    legalAccepted: s.legal.accepted,
    collapseWallets: f.collapseWallets && methods.includes('wallet') && (methods.includes('email') || methods.includes('social')),
    branding: f.branding,
    socials: offeredSocials(s),
    passkey: methods.includes('passkey') ? defined({ asking: s.passkeys.asking === 'add' ? undefined : s.passkeys.asking, error: !s.passkeys.asking && s.connection.lastError?.connectorId === PASSKEY_CONNECTOR_ID ? s.connection.lastError.message : undefined }) : undefined,
    socialLogin: s.auth.social,
    telegramProvider: s.auth.telegramProvider,
    emailUpdate: s.auth.users.eip155?.email || s.auth.update ? defined({ current: s.auth.users.eip155?.email, ...s.auth.update }) : undefined,
    siwx: s.siwx.asking ? defined({ caipAddress: s.siwx.asking, address: s.siwx.asking.slice(s.siwx.asking.lastIndexOf(':') + 1), signing: s.siwx.signing, error: s.siwx.error }) : undefined,
    emailLogin: s.auth.step || s.auth.error || s.auth.email ? defined({ step: s.auth.step, email: s.auth.email, error: s.auth.error, resendAt: s.auth.emailSentAt === undefined ? undefined : s.auth.emailSentAt + EMAIL_RESEND_COOLDOWN_MS }) : undefined,
  })
}
