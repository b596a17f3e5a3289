import { Link } from '@tanstack/solid-router'
import { createSignal, Show } from 'solid-js'
import '../pwa/pwa.css'
import { answerOfferOutcome, rememberAnswerOffer } from '../chat/answerOfferMemory'
import { FirstRunAnswerChoice } from '../settings/FirstRunAnswerChoice'
import { Dialog } from '../ui/Dialog'

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

/**
 * The first-run panel: what runs where, then the two things a new person needs: add documents, and
 * choose how answers are written (quoted sentences by default; a model in the browser, a local Ollama or
 * a provider's key, each tested only when the person asks). Dismissed once, it does not come back;
 * Settings has every choice.
 *
 * What answers is asked once per device, here or on the first chat screen (answerOfferMemory): answered
 * there first, this dialog only says where to change it; closed here without a model chosen, quotes
 * answer, and that is the answer the chat remembers.
 */
export function OnboardingDialog() {
  const [open, setOpen] = createSignal(shouldGreet())
  // Read once: the choice made in this dialog must not swap it for the "answered" line under the person.
  const askAnswers = answerOfferOutcome() === null
  const done = () => {
    try {
      localStorage.setItem(STORAGE_KEY, new Date().toISOString())
    } catch {
      // Nothing to remember it in; the dialog simply closes.
    }
    if (askAnswers && answerOfferOutcome() === null) rememberAnswerOffer('quotes')
    setOpen(false)
  }

  return (
    <Show when={open()}>
      <Dialog
        labelledBy="onboarding-title"
        describedBy="onboarding-text"
        onClose={done}
        class="first-run-dialog"
      >
        <h2 id="onboarding-title" class="dialog-title">
          Welcome to Quire
        </h2>
        <div class="dialog-message">
          <p id="onboarding-text">
            Ask questions about your own documents. Everything runs in this browser: your documents are read,
            indexed and searched here, and nothing leaves this device unless you choose a model server below
            or sign in to a sync server.
          </p>
          <h3 class="first-run-heading">Your documents</h3>
          <p>
            <Link to="/collections" class="button button-primary" onClick={done}>
              Add documents
            </Link>
          </p>
          <p class="field-hint">PDF, Word, PowerPoint, Markdown and HTML files, in a collection.</p>
          <Show
            when={askAnswers}
            fallback={
              <>
                <h3 class="first-run-heading">How answers are written</h3>
                <p class="field-hint">
                  Chosen on this device already;{' '}
                  <Link to="/settings" hash="models-title" onClick={done}>
                    Settings
                  </Link>{' '}
                  changes it.
                </p>
              </>
            }
          >
            <FirstRunAnswerChoice />
            <p class="field-hint">Every choice is in Settings later, too.</p>
          </Show>
        </div>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={done}>
            Close
          </button>
        </div>
      </Dialog>
    </Show>
  )
}
