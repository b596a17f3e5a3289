import { readSse } from '../../web/core/http/readSse'
import type { SyncClient } from '../../web/core/sync/SyncClient'

export interface SyncEventsFollower {
  /** Closes the stream and waits for the listener and any pull in flight to end. */
  stop(): Promise<void>
}

/**
 * Makes a device pull on every `changed` event of `/api/v1/sync/events`, as the app's sync loop
 * does: it runs sync rounds until its replica's cursor reaches the cursor the event named (one
 * pull at a time; events during a pull raise the target). Resolves once the server answered the
 * stream, from which moment it misses nothing pushed.
 *
 * How it fails: a pull that throws, or a stream that breaks, is handed to `onFailure` (a later
 * event starts a new pull; a broken stream delivers none); a refused stream throws here.
 */
export async function followSyncEvents(
  url: string,
  token: string,
  device: { client: Pick<SyncClient, 'sync'>; cursor(): Promise<number> },
  onFailure: (error: unknown) => void,
): Promise<SyncEventsFollower> {
  const abort = new AbortController()
  const response = await fetch(`${url}/api/v1/sync/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  })
  if (response.status !== 200 || !response.body) {
    abort.abort()
    throw new Error(`sync events answered ${response.status}`)
  }
  const body = response.body
  let wanted = 0
  let pulling: Promise<void> | undefined
  const pull = async () => {
    try {
      while ((await device.cursor()) < wanted) await device.client.sync()
    } catch (error) {
      onFailure(error)
    } finally {
      pulling = undefined
    }
  }
  const listening = (async () => {
    for await (const event of readSse(body, abort.signal)) {
      if (event.event !== 'changed') continue
      wanted = Math.max(wanted, (JSON.parse(event.data) as { cursor: number }).cursor)
      pulling ??= pull()
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) onFailure(error)
  })
  return {
    async stop() {
      abort.abort()
      await listening
      await pulling
    },
  }
}
