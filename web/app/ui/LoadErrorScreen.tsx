import { useRouter } from '@tanstack/solid-router'
import { ErrorPanel } from '../components/ErrorPanel'
import { ScreenHeader } from './ScreenHeader'

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
    <section class="page" aria-labelledby={props.titleId}>
      <ScreenHeader titleId={props.titleId} title={props.title} />
      <ErrorPanel
        title={props.errorTitle}
        error={props.error}
        // A loader error is retried by loading again; reset() alone would re-render the same failure.
        onRetry={() => void router.invalidate()}
      />
    </section>
  )
}
