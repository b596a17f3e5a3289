import { createSignal, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { showToast } from '../toasts/toastStore'

export interface SwitchProps {
  /** What is switched, read before the label by assistive technology ("Reading board", "Notes module"). */
  subject: string
  /** The visible word, last in the name so voice control users can say what they see: "Published". */
  label: string
  checked: boolean
  /** Saves the choice; on failure the switch goes back and a toast says why. */
  onChange: (on: boolean) => Promise<void>
  /** The toast's words when saving fails, before the reason. */
  failure: (on: boolean) => string
  disabled?: boolean
  /** The feature's class prefix: `<prefix>`, `<prefix>-input`, `<prefix>-label` (and `-track`). */
  classPrefix: string
  /** A drawn track beside the box (the plugin manager's look); without it the native box shows. */
  track?: boolean
}

/**
 * A checkbox with the switch role: Space toggles it, and its name is "<subject> <label>". While the change
 * is saved it stays where the person put it (aria-busy); if saving fails it returns and a toast says why.
 */
export function Switch(props: SwitchProps) {
  const [pending, setPending] = createSignal(false)
  const [shown, setShown] = createSignal<boolean>()

  const change = async (next: boolean) => {
    if (pending()) return
    setPending(true)
    setShown(next)
    try {
      await props.onChange(next)
    } catch (error) {
      showToast({ message: `${props.failure(next)}: ${errorDetail(error)}` })
    } finally {
      setShown(undefined)
      setPending(false)
    }
  }

  return (
    <label class={props.classPrefix}>
      <input
        type="checkbox"
        role="switch"
        class={`${props.classPrefix}-input`}
        checked={shown() ?? props.checked}
        disabled={props.disabled}
        aria-busy={pending()}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <Show when={props.track}>
        <span class={`${props.classPrefix}-track`} aria-hidden="true" />
      </Show>
      <span class={`${props.classPrefix}-label`}>
        <span class="visually-hidden">{props.subject} </span>
        {props.label}
      </span>
    </label>
  )
}
