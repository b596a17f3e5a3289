import { planApiRequest, type PluginIdentity } from '../../../core/plugins/runtime/planApiRequest'
import { init, readAnswer, ServiceError } from './runApiPlan'

/** The data of each complete server-sent event in `buffer`, and what is left of it (an unfinished one). */
export function takeEvents(buffer: string): { events: string[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n')
  const rest = blocks.pop() ?? ''
  const events = blocks.flatMap((block) => {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
    return data.length > 0 ? [data.join('\n')] : []
  })
  return { events, rest }
}

/**
 * A module's `api.postStreaming(path, data, onChunk)`, as BrainDrive's (`ApiService.ts:639`): a POST
 * asking for `text/event-stream`, each event's data handed to `onChunk` (here: `send`, which pushes it
 * to the frame) and added up; `[DONE]` ends it. Resolves with the data joined. The same checks as
 * every api call (planApiRequest); a failed answer rejects with its detail and status. `signal` (the
 * module's abort, by way of the frame's cancel) stops the request and its stream.
 */
export async function runStreamingCall(
  plugin: PluginIdentity,
  args: unknown[],
  send: (data: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const plan = planApiRequest(plugin, 'post', args[0], args[1], location.origin)
  if (plan.kind === 'refuse') throw new ServiceError(plan.message, plan.status)
  const request = init('POST', plan.body, plan.kind === 'network' ? 'omit' : 'same-origin')
  request.headers = { ...(request.headers as Record<string, string>), accept: 'text/event-stream' }
  const response = await fetch(plan.kind === 'network' ? plan.url : plan.path, { ...request, signal })
  if (!response.ok || !response.body) {
    await readAnswer(response)
    throw new ServiceError(`The request failed (${response.status})`, response.status)
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let joined = ''
  for (;;) {
    const { done, value } = await reader.read()
    const { events, rest } = takeEvents(done ? `${buffer}\n\n` : buffer + value)
    buffer = rest
    for (const data of events) {
      if (data === '[DONE]') {
        await reader.cancel()
        return joined
      }
      joined += data
      send(data)
    }
    if (done) return joined
  }
}
