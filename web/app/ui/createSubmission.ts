import { createSignal, type Accessor } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'

export interface Submission {
  /** True from a submit until its request settles; a second submit meanwhile is ignored. */
  pending: Accessor<boolean>
  /** The last attempt's problem: what the check found, or the refused request's detail. */
  error: Accessor<string | undefined>
  /** The form's submit handler. */
  submit: (event: SubmitEvent) => void
}

/**
 * A form's submit: checked first (a problem is shown and nothing is sent; the check focuses the field it
 * blames), then sent. A rejection keeps the form as typed and shows the error's detail, so the person can
 * fix it and try again.
 */
export function createSubmission(
  send: () => Promise<void>,
  check?: () => string | null | undefined,
): Submission {
  const [pending, setPending] = createSignal(false)
  const [error, setError] = createSignal<string>()

  const run = async () => {
    const problem = check?.()
    if (problem) {
      setError(problem)
      return
    }
    setPending(true)
    setError(undefined)
    try {
      await send()
    } catch (caught) {
      setError(errorDetail(caught))
    } finally {
      setPending(false)
    }
  }

  return {
    pending,
    error,
    submit: (event) => {
      event.preventDefault()
      if (!pending()) void run()
    },
  }
}
