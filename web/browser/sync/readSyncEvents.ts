/**
 * Reads the sync server's `/api/v1/sync/events` stream, calling `onChanged` for each `changed` event,
 * until the stream ends (resolves) or breaks (rejects). Comments (heartbeats) and other events are
 * skipped; the events carry no records, so only their arrival matters.
 */
export async function readSyncEvents(response: Response, onChanged: () => void): Promise<void> {
  if (!response.ok || !response.body) throw new Error(`The sync event stream answered ${response.status}`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    buffer += value.replace(/\r\n?/g, '\n')
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      if (event.split('\n').some((line) => line === 'event: changed' || line === 'event:changed')) onChanged()
    }
  }
}
