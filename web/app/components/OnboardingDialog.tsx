import { createSignal, Show } from 'solid-js'
import '../pwa/pwa.css'
import { Dialog } from './Dialog'

const STORAGE_KEY = 'quire.onboarded'

/**
 * Whether to greet this visit. Once per browser (remembered in localStorage). Automated browsers
 * (navigator.webdriver) skip it, because end-to-end tests start from a fresh profile and the modal would
 * cover what they click, unless the URL asks for it with `?onboarding=1` (its own test does); the
 * parameter lets it show, it does not bring it back once seen.
 */
function shouldGreet(): boolean {
  const asked = new URLSearchParams(window.location.search).get('onboarding') === '1'
  if (navigator.webdriver && !asked) return false
  try {
    return localStorage.getItem(STORAGE_KEY) === null
  } catch {
    // Storage blocked (some private modes): greeting on every visit would nag, so do not greet.
    return false
  }
}

/** The first-run dialog: what runs where, in a few lines, before anything else. */
export function OnboardingDialog() {
  const [open, setOpen] = createSignal(shouldGreet())
  const done = () => {
    try {
      localStorage.setItem(STORAGE_KEY, new Date().toISOString())
    } catch {
      // Nothing to remember it in; the dialog simply closes.
    }
    setOpen(false)
  }

  return (
    <Show when={open()}>
      <Dialog
        labelledBy="onboarding-title"
        describedBy="onboarding-text"
        onClose={done}
        class="dialog-narrow"
      >
        <h2 id="onboarding-title" class="dialog-title">
          Welcome to Quire
        </h2>
        <div id="onboarding-text" class="dialog-message">
          <p>Ask questions about your own documents. Everything runs in this browser:</p>
          <ul class="onboarding-points">
            <li>Your documents are read, indexed, searched and answered here, on this device.</li>
            <li>
              Nothing leaves it unless you choose an Ollama or OpenAI-compatible endpoint in Settings, or sign
              in to a sync server.
            </li>
            <li>Models download only when you turn them on in Settings, and then work offline.</li>
          </ul>
        </div>
        <div class="dialog-actions">
          <button type="button" class="button button-primary" onClick={done}>
            Get started
          </button>
        </div>
      </Dialog>
    </Show>
  )
}
