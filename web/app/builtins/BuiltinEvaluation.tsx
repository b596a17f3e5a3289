import { useNavigate } from '@tanstack/solid-router'
import { createResource, Show } from 'solid-js'
import { listEvaluations } from '../api/evaluationApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { RunHistory } from '../evaluation/RunHistory'
import { NotConfigured } from './NotConfigured'
import { configCollectionId } from './readBuiltinConfig'
import '../evaluation/evaluation.css'

/**
 * A collection's evaluation history, as the evaluation screen shows it: the accuracy chart and the runs'
 * table; View opens the run on the evaluation screen.
 */
export default function BuiltinEvaluation(props: { config: Record<string, unknown> }) {
  const navigate = useNavigate()
  const collectionId = () => configCollectionId(props.config)
  const [runs, { refetch }] = createResource(
    () => collectionId() || undefined,
    (id) => listEvaluations(id),
  )
  return (
    <Show when={collectionId()} fallback={<NotConfigured module="Evaluation" field="collection_id" />}>
      <Show
        when={!runs.error}
        fallback={
          <ErrorPanel
            title="Evaluation runs could not be loaded"
            error={runs.error}
            onRetry={() => void refetch()}
          />
        }
      >
        <Show when={runs.latest} fallback={<LoadingPanel label="Loading evaluation runs…" />}>
          {(list) => (
            <Show
              when={list().length > 0}
              fallback={<p class="field-hint">No evaluation runs for this collection yet.</p>}
            >
              <RunHistory
                runs={list()}
                openRunId={undefined}
                onOpen={(run) =>
                  void navigate({ to: '/evaluation', search: { collection: collectionId(), run } })
                }
              />
            </Show>
          )}
        </Show>
      </Show>
    </Show>
  )
}
