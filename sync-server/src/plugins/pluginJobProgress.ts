import type { PluginProgress } from '../../../web/core/api/ApiPorts'
import type { JobContext } from '../jobs/Job'

type Spans = Record<string, [number, number]>

/** Where each stage falls in the job's percent when the package is downloaded first (a URL, the catalog). */
const DOWNLOADED: Spans = {
  downloading: [0, 50],
  unpacking: [50, 60],
  validating: [60, 65],
  storing: [65, 95],
  saving: [95, 100],
}

/** ... and when it was uploaded (no download stage). */
const UPLOADED: Spans = {
  unpacking: [0, 20],
  validating: [20, 30],
  storing: [30, 90],
  saving: [90, 100],
}

/** Within a stage, the job hears of a new percent at most this often (a package may have 2000 files). */
const MIN_INTERVAL_MS = 200

/**
 * Turns an install's stage progress into the job's: one overall percent (never going back), the
 * stage as the progress message. A new stage is always reported; within one, a new whole percent at
 * most every 200 ms, so a large package does not write an event per file.
 */
export function pluginJobProgress(context: JobContext): PluginProgress {
  let spans: Spans | undefined
  let lastStage = ''
  let lastPercent = -1
  let lastAt = 0
  return (stage, percent) => {
    // The first stage tells whether a download comes first.
    spans ??= stage === 'downloading' ? DOWNLOADED : UPLOADED
    const [from, to] = spans[stage] ?? [Math.max(lastPercent, 0), Math.max(lastPercent, 0)]
    const overall = Math.max(lastPercent, Math.floor(from + ((to - from) * clamp(percent)) / 100))
    const now = Date.now()
    const newStage = stage !== lastStage
    if (!newStage && (overall === lastPercent || now - lastAt < MIN_INTERVAL_MS)) return
    lastStage = stage
    lastPercent = overall
    lastAt = now
    context.progress(overall, stage).catch(() => undefined)
  }
}

function clamp(percent: number): number {
  return Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0
}
