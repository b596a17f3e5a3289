/**
 * A worker_threads worker that reads text formats outside ingestion (web pages for web search,
 * `process-text-context`), so a big or hostile page never holds the server's event loop, and one
 * that takes too long is stopped by terminating the thread (WorkerTextParsing does).
 */
import { parentPort } from 'node:worker_threads'
import { ParseError } from '../../../web/core/ingest/ParseError'
import { parseTextHere } from '../../../web/core/ingest/parse/TextParsing'
import type { TextParseReply, TextParseTask } from './textParseMessages'

const port = parentPort
if (!port) throw new Error('textParseWorker must run in a worker thread')

port.on('message', async (task: TextParseTask) => {
  let reply: TextParseReply
  try {
    const parsed = await parseTextHere(task.bytes, task.filename, {
      timeoutMs: task.timeoutMs,
      kind: task.kind,
    })
    reply = { id: task.id, parsed }
  } catch (error) {
    reply =
      error instanceof ParseError
        ? { id: task.id, parseError: { code: error.code, message: error.message } }
        : { id: task.id, failure: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(reply)
})
