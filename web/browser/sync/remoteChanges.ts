/**
 * Tells the app's pages that synced changes from another device were applied here, so they reload
 * what they show (the API worker applies them; pages only read through /api). A BroadcastChannel
 * reaches every tab of the app on this device. Announcements are coalesced: a first sync of
 * thousands of records makes a handful of reloads, not thousands.
 */
const CHANNEL = 'quire-remote-changes'
const COALESCE_MS = 300

/** In the API worker: call after each applied change. */
export function remoteChangeAnnouncer(): () => void {
  const channel = new BroadcastChannel(CHANNEL)
  let timer: ReturnType<typeof setTimeout> | undefined
  return () => {
    timer ??= setTimeout(() => {
      timer = undefined
      channel.postMessage({ type: 'changed' })
    }, COALESCE_MS)
  }
}

/** In a page: `listener` runs after changes arrived; returns the function that stops listening. */
export function onRemoteChanges(listener: () => void): () => void {
  const channel = new BroadcastChannel(CHANNEL)
  channel.onmessage = () => listener()
  return () => channel.close()
}
