import { createEffect, createSignal, onCleanup, type Accessor } from 'solid-js'
import { getEvaluation, type EvaluationRun } from '../api/evaluationApi'

const POLL_MS = 1000

/**
 * Follows one evaluation run: fetches it, and again every second until the API says `is_completed`. Runs
 * are answered in the background, so polling is the API's way to report progress. A failed poll is shown
 * and polling stops (a 404 will not heal; a dead API worker needs a reload); `retry` starts it again.
 * Changing the id or leaving the page cancels the timer and the request in flight.
 */
export function createRunPoller(id: Accessor<string | undefined>) {
  const [run, setRun] = createSignal<EvaluationRun>()
  const [error, setError] = createSignal<unknown>()
  const [attempt, setAttempt] = createSignal(0)

  createEffect(() => {
    const runId = id()
    attempt()
    setRun(undefined)
    setError(undefined)
    if (!runId) return
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const latest = await getEvaluation(runId, controller.signal)
        if (controller.signal.aborted) return
        setRun(latest)
        if (!latest.is_completed) timer = setTimeout(() => void poll(), POLL_MS)
      } catch (failure) {
        if (!controller.signal.aborted) setError(failure)
      }
    }
    void poll()
    onCleanup(() => {
      controller.abort()
      clearTimeout(timer)
    })
  })

  return { run, error, retry: () => setAttempt((n) => n + 1) }
}
