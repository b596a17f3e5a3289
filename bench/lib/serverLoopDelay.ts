import { readFile } from 'node:fs/promises'

/** The server's main-loop delays since the last call (eventLoopDelayProbe.mjs). */
export interface LoopDelay {
  max_ms: number
  p99_ms: number
}

/**
 * Asks the server process `pid` (started with eventLoopDelayProbe.mjs and QUIRE_BENCH_LOOP_DELAY_FILE
 * = `file`) for its event-loop delays since the last ask, and waits up to 5 s for the answer. A first
 * call only starts the count.
 */
export async function serverLoopDelay(pid: number, file: string): Promise<LoopDelay> {
  const asked = Date.now()
  process.kill(pid, 'SIGUSR2')
  for (let waited = 0; waited < 5_000; waited += 20) {
    const text = await readFile(file, 'utf8').catch(() => '')
    if (text) {
      const stats = JSON.parse(text) as LoopDelay & { at: number }
      if (stats.at >= asked) return { max_ms: stats.max_ms, p99_ms: stats.p99_ms }
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the server did not report its event-loop delay (is eventLoopDelayProbe loaded?)')
}
