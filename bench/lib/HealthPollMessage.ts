import type { HealthSample } from './pollHealth'

/** Parent to the health-poll process: start polling `url`, then stop and report. */
export type HealthPollCommand = { type: 'start'; url: string; intervalMs: number } | { type: 'stop' }

/** The health-poll process's one answer, to `stop`. */
export type HealthPollReply = { ok: true; samples: HealthSample[] } | { ok: false; error: string }
