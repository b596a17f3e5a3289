import { formatSse } from '../../../http/formatSse'
import type { ApiResult } from '../../../kernel/ApiResult'
import type { InstallTask } from '../../../modelhost/InstallTask'

/**
 * An install's progress as server-sent events: one `data: {task}` frame per view, with no event name,
 * as BrainDrive sends them (its Ollama plugin parses every `data:` as the task). The stream closes
 * after the terminal view; a client that leaves cancels `signal`, which stops the watch, never the
 * install. Written here rather than with `eventStream`, whose events always carry a name.
 */
export function taskEventStream(watch: (signal: AbortSignal) => AsyncIterable<InstallTask>): ApiResult {
  const controller = new AbortController()
  const encoder = new TextEncoder()
  let views: AsyncIterator<InstallTask> | undefined
  const stream = new ReadableStream<Uint8Array>({
    start(output) {
      // A comment first, so the headers leave at once even while the install has nothing new to say.
      output.enqueue(encoder.encode(': stream open\n\n'))
      views = watch(controller.signal)[Symbol.asyncIterator]()
    },
    async pull(output) {
      const next = await views!.next()
      if (next.done) output.close()
      else output.enqueue(encoder.encode(formatSse({ data: next.value })))
    },
    async cancel() {
      controller.abort()
      await views?.return?.()
    },
  })
  return {
    status: 200,
    stream,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' },
  }
}
