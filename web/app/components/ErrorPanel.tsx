import type { JSX } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'

export interface ErrorPanelProps {
  title: string
  error: unknown
  onRetry?: () => void
  children?: JSX.Element
}

/** A failed load, with what the API said and a way to try again. */
export function ErrorPanel(props: ErrorPanelProps) {
  return (
    <div class="panel panel-error" role="alert">
      <h2 class="panel-title">{props.title}</h2>
      <p class="panel-detail">{errorDetail(props.error)}</p>
      {props.children}
      {props.onRetry && (
        <button type="button" class="button" onClick={() => props.onRetry?.()}>
          Try again
        </button>
      )}
    </div>
  )
}
