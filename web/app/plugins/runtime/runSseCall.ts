import { planApiRequest, type PluginIdentity } from '../../../core/plugins/runtime/planApiRequest'
import { init, ServiceError } from './runApiPlan'
import { takeEvents } from './runStreamingCall'

/**
 * A module's server-sent event stream, `api.getSse(path, onMessage)` and `api.subscribeToSse(path,
 * handlers)` (BrainDrive's `services/ApiService.ts:702`, 751): a GET asking for `text/event-stream`,
 * after the same checks as every api call (planApiRequest). An answer that is not a stream rejects with
 * BrainDrive's "Unexpected response: <status> <type>"; otherwise `opened` hears its status and type,
 * `send` each event's data (BrainDrive hands on only events with data), and the promise resolves when
 * the server ends the stream. Aborting `signal` stops it (the promise rejects with the abort).
 */
export async function runSseCall(
  plugin: PluginIdentity,
  path: unknown,
  signal: AbortSignal,
  send: (data: string) => void,
  opened?: (status: number, type: string) => void,
): Promise<void> {
  const plan = planApiRequest(plugin, 'get', path, undefined, location.origin)
  if (plan.kind === 'refuse') throw new ServiceError(plan.message, plan.status)
  const request: RequestInit = {
    ...init('GET', undefined, plan.kind === 'network' ? 'omit' : 'same-origin'),
    headers: { accept: 'text/event-stream' },
    signal,
    ...(plan.kind === 'network' ? { mode: 'cors' as const } : {}),
  }
  const response = await fetch(plan.kind === 'network' ? plan.url : plan.path, request)
  const type = response.headers.get('content-type') ?? ''
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    await response.body?.cancel()
    throw new ServiceError(
      `Unexpected response: ${response.status} ${type}`.trim(),
      response.ok ? 502 : response.status,
    )
  }
  opened?.(response.status, type)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    const { events, rest } = takeEvents(done ? `${buffer}\n\n` : buffer + value)
    buffer = rest
    for (const data of events) if (data !== '') send(data)
    if (done) return
  }
}
