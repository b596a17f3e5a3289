import { showToast } from '../toasts/toastStore'
import { createPersistentStorageAsk } from './askPersistentStorage'

/** The app's one asker (one ask a page load), telling the person in a toast when the browser refuses. */
export const askPersistentStorage = createPersistentStorageAsk(
  typeof navigator !== 'undefined' ? navigator.storage : undefined,
  (message) => showToast({ message, durationMs: 15_000 }),
)
