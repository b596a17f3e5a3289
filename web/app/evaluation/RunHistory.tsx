import { For, Show } from 'solid-js'
import type { EvaluationRunSummary } from '../api/evaluationApi'
import { ScrollTable } from '../ui/ScrollTable'
import { AccuracyChart } from './AccuracyChart'
import { formatAccuracy, formatRunDate } from './formatAccuracy'

/**
 * A collection's past runs: the accuracy chart over the finished ones and a table of every run (also the
 * chart's text alternative) that opens one. Runs that ended before judging anything are left off the chart:
 * their accuracy of 0 would say "all wrong" when nothing was asked.
 */
export function RunHistory(props: {
  runs: readonly EvaluationRunSummary[]
  openRunId: string | undefined
  onOpen: (runId: string) => void
}) {
  const charted = () => props.runs.filter((run) => run.is_completed && run.evaluated_count > 0)
  return (
    <Show
      when={props.runs.length > 0}
      fallback={<p class="field-hint">No runs for this collection yet. Start one above.</p>}
    >
      <Show when={charted().length > 0}>
        <AccuracyChart runs={charted()} />
      </Show>
      <ScrollTable
        class="eval-table eval-history"
        caption="Past runs, newest first"
        columns={['Started', 'Status', 'Questions', 'Accuracy', { hidden: 'Actions' }]}
      >
        <For each={props.runs}>
          {(run) => (
            <tr aria-current={run.id === props.openRunId ? 'true' : undefined}>
              <th scope="row">{formatRunDate(run.created_at)}</th>
              <td>{run.status}</td>
              <td class="eval-number">
                {run.evaluated_count}/{run.total_questions}
              </td>
              <td class="eval-number">{run.evaluated_count === 0 ? '–' : formatAccuracy(run.accuracy)}</td>
              <td>
                <button
                  type="button"
                  class="button button-small"
                  disabled={run.id === props.openRunId}
                  onClick={() => props.onOpen(run.id)}
                >
                  {/* The name starts with the visible word (axe: label-content-name-mismatch). */}
                  {run.id === props.openRunId ? 'Open' : 'View'}
                  <span class="visually-hidden"> the run of {formatRunDate(run.created_at)}</span>
                </button>
              </td>
            </tr>
          )}
        </For>
      </ScrollTable>
    </Show>
  )
}
