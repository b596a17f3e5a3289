import type { LookupFunction } from 'node:net'
import type { OutboundAllowRule } from './outboundAllow'

/** How long and how much: the limits every outbound request runs under. */
export interface OutboundLimits {
  /** Until the TCP (and TLS) connection is up (OUTBOUND_CONNECT_TIMEOUT_S). */
  connectTimeoutMs: number
  /**
   * The longest silence: waiting for the answer to begin, or between two pieces of its body
   * (OUTBOUND_IDLE_TIMEOUT_S). Streamed answers are judged by this, so a slow model that keeps
   * talking is never cut off, while one that stalls is.
   */
  idleTimeoutMs: number
  /** The whole exchange, redirects and a streamed body included (OUTBOUND_TOTAL_TIMEOUT_S). */
  totalTimeoutMs: number
  /** The most bytes of one answer's body (after decompression) read (OUTBOUND_MAX_RESPONSE_MB). */
  maxResponseBytes: number
  /** Redirects followed, each re-checked like the first URL. */
  maxRedirects: number
}

export const DEFAULT_OUTBOUND_LIMITS: OutboundLimits = {
  connectTimeoutMs: 10_000,
  // A local model may take a minute or more to load before its first token.
  idleTimeoutMs: 120_000,
  totalTimeoutMs: 600_000,
  maxResponseBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
}

/** What the operator configures (config.ts reads it from the environment). */
export interface OutboundConfig extends Partial<OutboundLimits> {
  /** OUTBOUND_ALLOW: non-public hosts and networks people's URLs may reach in multi-user mode. */
  allow?: OutboundAllowRule[]
}

/** The policy every URL a person supplies passes before the server fetches it (DESIGN.md section 10). */
export interface OutboundPolicy extends OutboundLimits {
  /**
   * Single-user mode: the one person is the owner, and their own machine and network are theirs to
   * reach (a local Ollama is the common case). Otherwise only public addresses and `allow`.
   */
  reachPrivateAddresses: boolean
  allow: readonly OutboundAllowRule[]
  /** Name resolution (default `dns.lookup`); tests map names to 127.0.0.1 with their own. */
  lookup?: LookupFunction
}

export function outboundPolicy(
  config: OutboundConfig = {},
  options: { singleUser: boolean },
): OutboundPolicy {
  const { allow = [], ...limits } = config
  return {
    ...DEFAULT_OUTBOUND_LIMITS,
    ...Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
    reachPrivateAddresses: options.singleUser,
    allow,
  }
}
