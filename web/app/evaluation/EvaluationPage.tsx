import { createEffect, createResource, Show } from 'solid-js'
import type { Collection } from '../api/collectionsApi'
import { listEvaluations } from '../api/evaluationApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { usePageTitle } from '../usePageTitle'
import { createRunPoller } from './createRunPoller'
import type { EvaluationParams } from './evaluationParams'
import { ResultsTable } from './ResultsTable'
import { RunHistory } from './RunHistory'
import { RunProgress } from './RunProgress'
import { StartRunForm } from './StartRunForm'
import './evaluation.css'
import { Screen } from '../ui/Screen'

/**
 * The Evaluation screen: start a run over a collection, follow it live, read its results, and see how
 * accuracy moved over the collection's runs. The collection and the open run live in the URL.
 */
export function EvaluationPage(props: {
  collections: readonly Collection[]
  params: EvaluationParams
  onParams: (params: EvaluationParams) => void
}) {
  usePageTitle('Evaluation')
  const poller = createRunPoller(() => props.params.run)
  const [history, { refetch }] = createResource(
    () => props.params.collection,
    (collectionId) => listEvaluations(collectionId),
  )
  // A run that ends changes the history (its accuracy joins the chart). The history may have been loaded
  // while the run was going, or the run may have finished before the first poll: so whenever the open run
  // is finished and the history still shows it unfinished (or not at all), load the history again, once.
  const refreshedFor = new Set<string>()
  createEffect(() => {
    const run = poller.run()
    const runs = history.latest
    if (!run?.is_completed || !runs || run.collection_id !== props.params.collection) return
    if (runs.some((listed) => listed.id === run.id && listed.is_completed)) return
    if (refreshedFor.has(run.id)) return
    refreshedFor.add(run.id)
    void refetch()
  })

  const collectionName = () => props.collections.find((c) => c.id === props.params.collection)?.name

  return (
    <Screen
      titleId="evaluation-title"
      title="Evaluation"
      lead="Ask a collection questions with known answers and see how many it gets right."
    >
      <div class="eval-layout">
        <StartRunForm
          collections={props.collections}
          collectionId={props.params.collection}
          onCollection={(collection) => props.onParams(collection ? { collection } : {})}
          onStarted={(run) => {
            props.onParams({ ...props.params, run })
            void refetch()
          }}
        />

        <Show when={props.params.run}>
          <section class="eval-section" aria-labelledby="eval-run-title">
            <h2 id="eval-run-title" class="eval-section-title">
              Run
            </h2>
            <Show when={poller.error()}>
              {(error) => (
                <ErrorPanel title="The run could not be loaded" error={error()} onRetry={poller.retry} />
              )}
            </Show>
            <Show
              when={poller.run()}
              fallback={<Show when={!poller.error()}>{<LoadingPanel label="Loading the run…" />}</Show>}
            >
              {(run) => (
                <>
                  <RunProgress run={run()} />
                  <Show
                    when={run().results.length > 0}
                    fallback={<p class="field-hint">Results appear here as each question is judged.</p>}
                  >
                    <ResultsTable results={run().results} />
                  </Show>
                </>
              )}
            </Show>
          </section>
        </Show>

        <Show when={props.params.collection}>
          <section class="eval-section" aria-labelledby="eval-history-title">
            <h2 id="eval-history-title" class="eval-section-title">
              History{collectionName() ? ` of “${collectionName()}”` : ''}
            </h2>
            <Show
              when={!history.error}
              fallback={
                <ErrorPanel
                  title="The past runs could not be loaded"
                  error={history.error}
                  onRetry={() => void refetch()}
                />
              }
            >
              <Show when={history.latest} fallback={<LoadingPanel label="Loading past runs…" />}>
                {(runs) => (
                  <RunHistory
                    runs={runs()}
                    openRunId={props.params.run}
                    onOpen={(run) => props.onParams({ ...props.params, run })}
                  />
                )}
              </Show>
            </Show>
          </section>
        </Show>
      </div>
    </Screen>
  )
}
