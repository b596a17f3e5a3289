import { useRouter } from '@tanstack/solid-router'
import { ErrorPanel } from '../components/ErrorPanel'
import { Screen } from './Screen'

export interface LoadErrorScreenProps {
  /** The screen's own h1 and its id, so the failed screen is still named as itself. */
  titleId: string
  title: string
  /** What failed: "Your collections could not be loaded". */
  errorTitle: string
  error: unknown
}

/** A route's loader failed: the screen's header, what the API said, and a way to load it again. */
export function LoadErrorScreen(props: LoadErrorScreenProps) {
  const router = useRouter()
  return (
    <Screen titleId={props.titleId} title={props.title}>
      <ErrorPanel
        title={props.errorTitle}
        error={props.error}
        // A loader error is retried by loading again; reset() alone would re-render the same failure.
        onRetry={() => void router.invalidate()}
      />
    </Screen>
  )
}
