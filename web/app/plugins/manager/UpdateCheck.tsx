import { createSignal, Show } from 'solid-js'
import { errorDetail } from '../../api/ApiRequestError'
import { checkForUpdates } from '../../api/pluginsApi'
import { describeChecks } from './describeChecks'

/**
 * "Check for updates": asks every installed plugin's source now, then lets the list show what it found
 * (each plugin with a newer version gets its Update button). Needs a connection.
 */
export function UpdateCheck(props: { online: boolean; onChecked: () => Promise<void> }) {
  const [checking, setChecking] = createSignal(false)
  const [outcome, setOutcome] = createSignal('')

  const check = async () => {
    if (checking()) return
    setChecking(true)
    setOutcome('Checking for updates…')
    try {
      const checks = await checkForUpdates()
      await props.onChecked()
      setOutcome(describeChecks(checks))
    } catch (error) {
      setOutcome(`Could not check for updates: ${errorDetail(error)}`)
    } finally {
      setChecking(false)
    }
  }

  return (
    <div class="plugin-update-check">
      <button
        type="button"
        class="button"
        disabled={!props.online}
        aria-disabled={checking()}
        aria-describedby="plugin-update-outcome"
        onClick={() => void check()}
      >
        Check for updates
      </button>
      <p id="plugin-update-outcome" class="field-hint" role="status">
        <Show when={props.online} fallback="Checking for updates needs a connection.">
          {outcome()}
        </Show>
      </p>
    </div>
  )
}
