import { createSignal } from 'solid-js'
import { errorDetail } from '../../api/ApiRequestError'
import { showToast } from '../../toasts/toastStore'

export interface EnabledSwitchProps {
  /** What is switched, read before "Enabled" by assistive technology ("Quire Notes", "Notes module"). */
  subject: string
  checked: boolean
  /** Saves the choice; on failure the switch goes back and a toast says why. */
  onChange: (enabled: boolean) => Promise<void>
  disabled?: boolean
}

/**
 * A checkbox with the switch role: Space toggles it, and its name is "<subject> Enabled" (the visible word
 * last, so voice control users can say what they see). While the change is saved it stays where the person
 * put it; if saving fails it returns and the reason is announced.
 */
export function EnabledSwitch(props: EnabledSwitchProps) {
  const [pending, setPending] = createSignal(false)
  const [shown, setShown] = createSignal<boolean>()
  const checked = () => shown() ?? props.checked

  const change = async (next: boolean) => {
    if (pending()) return
    setPending(true)
    setShown(next)
    try {
      await props.onChange(next)
    } catch (error) {
      showToast({
        message: `${props.subject} could not be ${next ? 'enabled' : 'disabled'}: ${errorDetail(error)}`,
      })
    } finally {
      setShown(undefined)
      setPending(false)
    }
  }

  return (
    <label class="plugin-switch">
      <input
        type="checkbox"
        role="switch"
        class="plugin-switch-input"
        checked={checked()}
        disabled={props.disabled}
        aria-busy={pending()}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <span class="plugin-switch-track" aria-hidden="true" />
      <span class="plugin-switch-label">
        <span class="visually-hidden">{props.subject} </span>Enabled
      </span>
    </label>
  )
}
