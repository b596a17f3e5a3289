import { createUniqueId, Show } from 'solid-js'
import type { EvaluationRun } from '../api/evaluationApi'
import { formatAccuracy, formatRunDate } from './formatAccuracy'
import { FormAlert } from '../ui/FormAlert'

const STATUS_LABELS: Record<EvaluationRun['status'], string> = {
  pending: 'Waiting to start',
  running: 'Running',
  in_progress: 'In progress',
  completed: 'Done',
  failed: 'Failed',
}

/** A run's progress bar and running accuracy; the status line is announced as it changes. */
export function RunProgress(props: { run: EvaluationRun }) {
  const run = () => props.run
  const barId = createUniqueId()
  const accuracyLabel = () =>
    run().evaluated_count === 0 ? 'no answers judged yet' : `accuracy ${formatAccuracy(run().accuracy)}`
  return (
    <div class="eval-progress">
      <div class="eval-progress-line">
        <label for={barId} class="field-label">
          {run().evaluated_count} of {run().total_questions} questions evaluated
        </label>
        <span class={`eval-status eval-status-${run().status}`}>{STATUS_LABELS[run().status]}</span>
      </div>
      <progress id={barId} max={Math.max(run().total_questions, 1)} value={run().evaluated_count} />
      {/* One sentence for screen readers as the run moves on; the visible figures below are not live. */}
      <p class="visually-hidden" role="status">
        {STATUS_LABELS[run().status]}: {run().evaluated_count} of {run().total_questions}, {accuracyLabel()}
      </p>
      <p class="eval-stats">
        <span class="eval-accuracy">
          Accuracy <strong>{run().evaluated_count === 0 ? '–' : formatAccuracy(run().accuracy)}</strong>
        </span>
        <span>
          {run().correct_count} correct, {run().incorrect_count} incorrect
        </span>
      </p>
      <p class="field-hint">
        Started {formatRunDate(run().created_at)}
        <Show when={run().completed_at}>{(done) => <>, ended {formatRunDate(done())}</>}</Show>
      </p>
      <FormAlert message={run().error} />
    </div>
  )
}
