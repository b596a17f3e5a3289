import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { listCollections } from '../api/collectionsApi'
import { LoadingPanel } from '../components/LoadingPanel'
import { EvaluationPage } from '../evaluation/EvaluationPage'
import { validateEvaluationParams } from '../evaluation/evaluationParams'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

// Only the collections load before the page; a run's progress and the history are followed in the page,
// where a failure can be shown beside the form that started it.
export const Route = createFileRoute('/evaluation')({
  validateSearch: validateEvaluationParams,
  loader: ({ abortController }) => listCollections(abortController.signal),
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading evaluation…" />,
  errorComponent: EvaluationError,
  component: EvaluationRoute,
})

function EvaluationRoute() {
  const collections = Route.useLoaderData()
  const params = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <EvaluationPage
      collections={collections()}
      params={params()}
      onParams={(next) => void navigate({ search: next })}
    />
  )
}

function EvaluationError(props: ErrorComponentProps) {
  return (
    <LoadErrorScreen
      titleId="evaluation-title"
      title="Evaluation"
      errorTitle="Evaluation could not be opened"
      error={props.error}
    />
  )
}
