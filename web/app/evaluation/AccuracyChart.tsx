import { createUniqueId, For, Show } from 'solid-js'
import type { EvaluationRunSummary } from '../api/evaluationApi'
import { formatAccuracy, formatRunDate } from './formatAccuracy'

const WIDTH = 640
const HEIGHT = 220
const PAD = { top: 16, right: 24, bottom: 28, left: 48 }
const GRID = [0, 0.25, 0.5, 0.75, 1]

/**
 * Accuracy of a collection's finished runs, oldest to newest, as a hand-drawn SVG line with points: a
 * chart library would outweigh the whole page for five lines of geometry. The SVG is one image named by its
 * title and summarised by its description; the run list beside it is the table alternative, and each point
 * carries a <title> for pointer users.
 */
export function AccuracyChart(props: { runs: readonly EvaluationRunSummary[] }) {
  const titleId = createUniqueId()
  const descId = createUniqueId()
  // The API lists newest first; a chart over time reads left to right.
  const points = () => {
    const runs = [...props.runs].reverse()
    const plotWidth = WIDTH - PAD.left - PAD.right
    const step = runs.length > 1 ? plotWidth / (runs.length - 1) : 0
    return runs.map((run, index) => ({
      run,
      x: runs.length > 1 ? PAD.left + index * step : PAD.left + plotWidth / 2,
      y: yFor(run.accuracy),
    }))
  }
  const description = () => {
    const all = points()
    const last = all[all.length - 1]
    if (!last) return 'No finished runs yet.'
    const first = all[0]!
    return all.length === 1
      ? `One run, accuracy ${formatAccuracy(last.run.accuracy)}.`
      : `${all.length} runs, from ${formatAccuracy(first.run.accuracy)} to ${formatAccuracy(last.run.accuracy)} in the latest.`
  }

  return (
    <figure class="eval-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>Accuracy over runs</title>
        <desc id={descId}>{description()}</desc>
        <For each={GRID}>
          {(value) => (
            <g class="eval-chart-grid">
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={yFor(value)} y2={yFor(value)} />
              <text x={PAD.left - 8} y={yFor(value)} dy="0.35em" text-anchor="end">
                {formatAccuracy(value)}
              </text>
            </g>
          )}
        </For>
        <Show when={points().length > 1}>
          <polyline
            class="eval-chart-line"
            points={points()
              .map((p) => `${p.x},${p.y}`)
              .join(' ')}
          />
        </Show>
        <For each={points()}>
          {(point, index) => (
            <circle class="eval-chart-point" cx={point.x} cy={point.y} r="5">
              <title>
                Run {index() + 1}, {formatRunDate(point.run.created_at)}: {formatAccuracy(point.run.accuracy)}
              </title>
            </circle>
          )}
        </For>
        <text
          class="eval-chart-axis"
          x={(WIDTH + PAD.left - PAD.right) / 2}
          y={HEIGHT - 6}
          text-anchor="middle"
        >
          Runs, oldest to newest
        </text>
      </svg>
    </figure>
  )
}

function yFor(accuracy: number): number {
  return PAD.top + (1 - accuracy) * (HEIGHT - PAD.top - PAD.bottom)
}
