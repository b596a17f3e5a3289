import { createSignal } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { showToast } from '../toasts/toastStore'

export interface PageSwitchProps {
  /** The page's name, read before the label ("Reading board Published"). */
  subject: string
  /** The visible word: "Published", "Parent page". */
  label: string
  checked: boolean
  /** Saves the choice; on failure the switch goes back and a toast says why. */
  onChange: (on: boolean) => Promise<void>
}

/** A checkbox with the switch role; Space toggles it. It shows the new state while saving. */
export function PageSwitch(props: PageSwitchProps) {
  const [pending, setPending] = createSignal(false)
  const [shown, setShown] = createSignal<boolean>()

  const change = async (next: boolean) => {
    if (pending()) return
    setPending(true)
    setShown(next)
    try {
      await props.onChange(next)
    } catch (error) {
      showToast({ message: `${props.subject}: ${props.label} could not be changed: ${errorDetail(error)}` })
    } finally {
      setShown(undefined)
      setPending(false)
    }
  }

  return (
    <label class="pages-switch">
      <input
        type="checkbox"
        role="switch"
        class="pages-switch-input"
        checked={shown() ?? props.checked}
        aria-busy={pending()}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      <span class="pages-switch-label">
        <span class="visually-hidden">{props.subject} </span>
        {props.label}
      </span>
    </label>
  )
}
