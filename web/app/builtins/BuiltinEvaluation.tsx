import { Link, useNavigate } from '@tanstack/solid-router'
import { createResource, Match, Show, Switch } from 'solid-js'
import { listEvaluations } from '../api/evaluationApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { RunHistory } from '../evaluation/RunHistory'
import type { BuiltinViewProps } from './builtinServices'
import { loadModuleCollection } from './loadModuleCollection'
import { MissingCollection, NotConfigured } from './NotConfigured'
import { moduleCollectionId } from './readBuiltinConfig'
import '../evaluation/evaluation.css'

/** The module's collection and its runs, newest first; `missing` when the collection was deleted. */
async function loadRuns(collectionId: string) {
  const found = await loadModuleCollection(collectionId)
  if ('missing' in found) return found
  return { collection: found.collection, runs: await listEvaluations(collectionId) }
}

/**
 * A collection's evaluation history, as the evaluation screen shows it: the accuracy chart and the runs'
 * table; View opens the run on the evaluation screen, and a link starts a new run there. Its collection is
 * the one its settings pin, else the one chosen on the page.
 */
export default function BuiltinEvaluation(props: BuiltinViewProps) {
  const navigate = useNavigate()
  const collectionId = () => moduleCollectionId(props.config, props.services.chosenCollection())
  const [loaded, { refetch }] = createResource(() => collectionId() || undefined, loadRuns)
  const current = () => {
    const value = loaded.error ? undefined : loaded.latest
    if (!value) return undefined
    const id = 'missing' in value ? value.missing : value.collection.id
    return id === collectionId() ? value : undefined
  }
  const missing = () => {
    const value = current()
    return value !== undefined && 'missing' in value
  }
  const found = () => {
    const value = current()
    return value && 'runs' in value ? value : undefined
  }
  return (
    <Switch fallback={<LoadingPanel label="Loading evaluation runs…" />}>
      <Match when={!collectionId()}>
        <NotConfigured
          module="Evaluation"
          onChoose={(collection_id) => props.services.saveConfig({ collection_id })}
        />
      </Match>
      <Match when={loaded.error}>
        <ErrorPanel
          title="Evaluation runs could not be loaded"
          error={loaded.error}
          onRetry={() => void refetch()}
        />
      </Match>
      <Match when={missing()}>
        <MissingCollection module="Evaluation" />
      </Match>
      <Match when={found()}>
        {(shown) => (
          <div class="builtin-evaluation">
            <p class="builtin-evaluation-lead">
              Evaluating <strong>{shown().collection.name}</strong>
            </p>
            <Show
              when={shown().runs.length > 0}
              fallback={<p class="field-hint">No evaluation runs for this collection yet.</p>}
            >
              <RunHistory
                runs={shown().runs}
                openRunId={undefined}
                onOpen={(run) =>
                  void navigate({ to: '/evaluation', search: { collection: shown().collection.id, run } })
                }
              />
            </Show>
            <Link
              to="/evaluation"
              search={{ collection: shown().collection.id }}
              class="button button-small builtin-evaluation-start"
            >
              Start a run on {shown().collection.name}
            </Link>
          </div>
        )}
      </Match>
    </Switch>
  )
}
