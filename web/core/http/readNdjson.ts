import { readLines } from './readLines'

/**
 * Values of a newline-delimited JSON body (one JSON value per line; blank lines skipped). A line that
 * is not JSON throws a SyntaxError quoting its start, so the caller can say what the server sent.
 * Abort and early exit behave as in `readLines`.
 */
export async function* readNdjson(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<unknown> {
  for await (const line of readLines(body, signal)) {
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new SyntaxError(`not a JSON line: ${line.length > 80 ? `${line.slice(0, 80)}…` : line}`)
    }
    yield value
  }
}
