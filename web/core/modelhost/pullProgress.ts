/**
 * Where an Ollama pull is, in the words of its own status lines. Ollama's `POST /api/pull` stream says
 * "pulling manifest", then "pulling <digest>" per layer (with `total` and `completed` bytes), then
 * "verifying sha256 digest", "writing manifest", (older versions: "removing any unused layers") and
 * "success". Every "pulling <digest>" line is the `downloading` stage.
 */
export type PullStage =
  'queued' | 'pulling manifest' | 'downloading' | 'verifying sha256 digest' | 'writing manifest' | 'success'

/** One reading of a pull: its stage, Ollama's status line, and the bytes summed over every layer seen. */
export interface PullSnapshot {
  stage: PullStage
  /** Ollama's own status line, as the progress message ("pulling 6a0746a1ec1a"). */
  message: string
  /** 0-100, never going back. */
  percent: number
  completed_bytes: number
  total_bytes: number
}

/**
 * Reads a pull's NDJSON lines into one percent. Ollama reports each layer on its own (`digest`,
 * `total`, `completed`), one layer after another, so the percent of the last line alone would run to
 * 100 once per layer: here the bytes are summed over every layer seen so far, each layer's largest
 * figures kept (lines may repeat or arrive out of order). A layer that appears later adds to the total,
 * so the sum could drop; the percent shown never does. It reaches 100 only at `success`: the bytes are
 * down before Ollama has checked and written them.
 */
export class PullProgress {
  private readonly totals = new Map<string, number>()
  private readonly done = new Map<string, number>()
  private current: PullSnapshot = {
    stage: 'queued',
    message: 'Waiting to start',
    percent: 0,
    completed_bytes: 0,
    total_bytes: 0,
  }

  get snapshot(): PullSnapshot {
    return this.current
  }

  /** Takes one parsed line of the stream (its `error` is the caller's business) and answers the new snapshot. */
  read(line: unknown): PullSnapshot {
    const fields = (typeof line === 'object' && line !== null ? line : {}) as Record<string, unknown>
    const status = typeof fields.status === 'string' ? fields.status.trim() : ''
    const digest = typeof fields.digest === 'string' ? fields.digest : ''
    if (digest !== '') {
      keepLargest(this.totals, digest, fields.total)
      keepLargest(this.done, digest, fields.completed)
    }
    let total = 0
    let completed = 0
    for (const [layer, size] of this.totals) {
      total += size
      completed += Math.min(this.done.get(layer) ?? 0, size)
    }
    const stage = stageOf(status, digest)
    const fromBytes = total > 0 ? Math.floor((completed / total) * 100) : 0
    const percent = stage === 'success' ? 100 : Math.max(this.current.percent, Math.min(99, fromBytes))
    this.current = {
      stage: stage ?? this.current.stage,
      message: status === '' ? this.current.message : status,
      percent,
      completed_bytes: completed,
      total_bytes: total,
    }
    return this.current
  }
}

/** The stage a status line names; undefined for a line that names none (the stage stays as it was). */
export function stageOf(status: string, digest = ''): PullStage | undefined {
  const text = status.toLowerCase()
  if (text === 'success') return 'success'
  if (text.startsWith('pulling manifest')) return 'pulling manifest'
  if (text.startsWith('verifying')) return 'verifying sha256 digest'
  if (text.startsWith('writing') || text.startsWith('removing')) return 'writing manifest'
  if (text.startsWith('pulling') || text.startsWith('downloading') || digest !== '') return 'downloading'
  return undefined
}

function keepLargest(into: Map<string, number>, key: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return
  if (value > (into.get(key) ?? 0)) into.set(key, Math.floor(value))
}
