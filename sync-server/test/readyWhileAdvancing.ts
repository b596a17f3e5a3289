import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

export interface ReadyOptions {
  /** What is starting, for the error ("The instance", "The Quire server"). */
  what: string
  /** What the child printed so far: new output counts as progress, and it ends the error messages. */
  output?: () => string
  /** How long the child may go with no CPU time and no output before it counts as hung (quiet machine). */
  stallMs?: number
  /** How often to ask `ready`. */
  everyMs?: number
}

/**
 * Resolves what `ready` answers (a URL read from the output, a /health that answers, ...) once it answers
 * something, waiting as long as the child runs and advances: no wall-clock limit, so a start that a busy
 * machine slows down still succeeds. Fails at once when the child exits, and when it neither used CPU
 * time nor printed anything for `stallMs` (scaled by the run's measured slowdown).
 */
export async function readyWhileAdvancing<T>(
  child: ChildProcess,
  ready: () => T | undefined | Promise<T | undefined>,
  options: ReadyOptions,
): Promise<T> {
  const stallMs = scaledTimeout(options.stallMs ?? 30_000)
  const output = options.output ?? (() => '')
  // 'exit' can come before the last output is read: the error waits for the streams to close.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()))
  let progress = ''
  let advancedAt = Date.now()
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))])
      const last = await ready()
      if (last !== undefined) return last
      throw new Error(
        `${options.what} exited (${child.signalCode ?? child.exitCode}) before it was ready: ${output()}`,
      )
    }
    const answer = await ready()
    if (answer !== undefined) return answer
    const now = `${cpuTicks(child.pid)} ${output().length} ${output().slice(-200)}`
    if (now !== progress) {
      progress = now
      advancedAt = Date.now()
    } else if (Date.now() - advancedAt > stallMs) {
      throw new Error(
        `${options.what} was not ready and made no progress (CPU time, output) for ${stallMs} ms: ${output()}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 100))
  }
}

/**
 * The CPU time the process has used, in clock ticks, from /proc/<pid>/stat (its utime and stime, the
 * 14th and 15th fields); '' where there is no /proc, and output alone then shows progress.
 */
function cpuTicks(pid: number | undefined): string {
  if (pid === undefined) return ''
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
    return `${fields[11]}+${fields[12]}`
  } catch {
    return ''
  }
}
