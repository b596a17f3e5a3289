/**
 * One server-sent event as text, ready to write to a response: optional `event:` and `id:` lines, the
 * data JSON-encoded on a single `data:` line (JSON escapes line breaks, so any value fits on one),
 * and the blank line that dispatches it. `undefined` data is sent as `null`.
 *
 * An event name or id containing a line break would split the frame and let the rest be read as other
 * fields; that is a programming error, so it throws rather than sending a corrupt stream.
 */
export function formatSse(event: { event?: string; data: unknown; id?: string | number }): string {
  let text = ''
  if (event.event !== undefined) text += `event: ${singleLine('event', event.event)}\n`
  if (event.id !== undefined) text += `id: ${singleLine('id', String(event.id))}\n`
  text += `data: ${JSON.stringify(event.data) ?? 'null'}\n\n`
  return text
}

function singleLine(field: string, value: string): string {
  if (/[\r\n]/.test(value))
    throw new TypeError(`An SSE ${field} must not contain a line break: ${JSON.stringify(value)}`)
  return value
}
