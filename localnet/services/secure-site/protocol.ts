/**
 * The wire between the secure-site emulator's /sdk frame (frame-script.ts, in the browser) and its
 * server (same-origin JSON over fetch, no cookies). Types only: both sides import them.
 *
 * - `GET /api/frame/start?projectId=` → `FrameStart`.
 * - `POST /api/frame/request` with a `FrameCall` → `FrameAnswer`: one `@w3m-app/<NAME>` request
 *   the frame accepted from its parent.
 * - `POST /api/frame/decide` with an `ApprovalDecision` → `FrameAnswer`: the visitor's trusted click
 *   on the approval panel of a signing or sending request.
 */

/** What the frame learns at start. */
export interface FrameStart {
  /** Host origins the frame may talk to (its parent must be one). */
  allowedOrigins: string[]
  /** The CAIP-2 ids of the chains served, the first the default. */
  chains: string[]
  /** The project's test hooks that concern the frame's start. */
  hooks: { noReady?: boolean; readyDelayMs?: number }
}

/** One request the frame forwards. */
export interface FrameCall {
  projectId: string
  /** The frame's random device id (its storage, or memory). */
  deviceId: string
  /** The session token the frame holds, if any. */
  token?: string
  /** The frame's parent origin (`location.ancestorOrigins[0]`). */
  parentOrigin: string
  /** The frame's current chain, CAIP-2. */
  chainId: string
  /** The request's name without `@w3m-app/`. */
  name: string
  /** The request's payload, `{}` when it came without one (then `bare`). */
  payload: Record<string, unknown>
  /** Set when the request came with no payload (checked so against the client's schema: app-event.ts). */
  bare?: true
  /** Set when the frame asks again after a long poll's `retry` (not logged twice). */
  again?: boolean
}

/** What the approval panel shows. */
export interface ApprovalView {
  id: string
  method: string
  /** The address that signs or sends. */
  account: string
  /** `eoa` or `smartAccount`. */
  accountType: string
  chainId: string
  /** personal_sign: the message as UTF-8 text when printable, else its hex; eth_signTypedData_v4: the typed data as JSON. */
  message?: string
  /** eth_sendTransaction. */
  to?: string
  /** eth_sendTransaction's value in ETH, as '0.01 ETH'. */
  value?: string
  /** eth_sendTransaction with calldata: what it calls, as text (calldata.ts describeCall). */
  call?: string
}

/** The server's answer to a call or a decision. */
export type FrameAnswer =
  | {
      ok: true
      /** The success payload for the host. */
      payload?: unknown
      /** A new session token to keep (string), or null to forget the one held. */
      token?: string | null
      /** The frame's new current chain (CAIP-2). */
      chainId?: string
      /** The request waits for the visitor: show this panel, answer after the decision. */
      approval?: ApprovalView
      /** A long poll's turn ended: ask again with `again: true`. */
      retry?: true
      /** Reload the frame: the reloaded document answers, before its READY (frame-script.ts). */
      reload?: true
      /** Reject every request waiting on the approval panel (RPC_ABORT). */
      abortApprovals?: true
    }
  | { ok: false; message: string; code?: number }

/** The visitor's decision on an approval. */
export interface ApprovalDecision {
  projectId: string
  token?: string
  approvalId: string
  decision: 'approve' | 'reject'
}
