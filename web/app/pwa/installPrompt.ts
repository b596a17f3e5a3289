import { createSignal } from 'solid-js'

/** Chromium's install event; not in TypeScript's DOM library. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

const [deferred, setDeferred] = createSignal<BeforeInstallPromptEvent | null>(null)

/** Whether the browser has offered to install Quire (Chromium only; Safari installs from its menu). */
export const canInstall = () => deferred() !== null

/**
 * Keeps the browser's install offer for our own button instead of its mini-infobar, and forgets it once
 * Quire is installed. Call once at start-up: the event fires early, possibly before any page renders.
 */
let listening = false
export function listenForInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    setDeferred(event as BeforeInstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => setDeferred(null))
}

/** Shows the browser's install dialog; an offer can be used once, so it is dropped whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred()
  if (!event) return 'unavailable'
  setDeferred(null)
  await event.prompt()
  return (await event.userChoice).outcome
}

// On import: the app shell imports this module (through the app bar) before it renders anything.
listenForInstallPrompt()
