import { createSignal, onCleanup, type Accessor } from 'solid-js'

/**
 * Whether the browser says it is online, following its `online`/`offline` events as the app's offline
 * indicator does. Downloads (a URL, the marketplace, update checks) need it; everything else works
 * without: the in-browser API answers from this device's own data.
 */
export function createOnline(): Accessor<boolean> {
  const [online, setOnline] = createSignal(navigator.onLine)
  const update = () => setOnline(navigator.onLine)
  window.addEventListener('online', update)
  window.addEventListener('offline', update)
  onCleanup(() => {
    window.removeEventListener('online', update)
    window.removeEventListener('offline', update)
  })
  return online
}
