import { spawn } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { killHard } from './startMain'
import { readyWhileAdvancing } from './readyWhileAdvancing'

const STALL_MS = 1_000
const children: ReturnType<typeof spawn>[] = []
afterEach(async () => {
  for (const child of children.splice(0)) await killHard(child)
})

/** A Node child running `script`, its output gathered; the readiness reads "ready" in it. */
function child(script: string) {
  const started = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(started)
  let output = ''
  started.stdout.on('data', (chunk) => (output += chunk))
  started.stderr.on('data', (chunk) => (output += chunk))
  const ready = () => (output.includes('ready') ? output : undefined)
  return { started, ready, output: () => output }
}

describe('readyWhileAdvancing', () => {
  it('waits past the stall limit for a child that keeps working (CPU time), then takes its answer', async () => {
    // Busy for three stall limits before it is ready: a wall-clock limit of that size would have failed it.
    const busyMs = 3 * scaledTimeout(STALL_MS)
    const { started, ready, output } = child(
      `const end = Date.now() + ${busyMs}; while (Date.now() < end); console.log('ready'); setInterval(() => {}, 60_000)`,
    )
    const begun = Date.now()
    expect(
      await readyWhileAdvancing(started, ready, { what: 'The busy child', output, stallMs: STALL_MS }),
    ).toBe('ready\n')
    expect(Date.now() - begun).toBeGreaterThanOrEqual(busyMs)
  })

  it('waits for a child that keeps printing while it uses little CPU', async () => {
    const { started, ready, output } = child(
      `let n = 0; const tick = setInterval(() => { console.log('step', n); if (++n === 8) { console.log('ready'); clearInterval(tick) } }, ${STALL_MS / 2})`,
    )
    await expect(
      readyWhileAdvancing(started, ready, { what: 'The printing child', output, stallMs: STALL_MS }),
    ).resolves.toMatch(/step 7\nready/)
  })

  it('fails, with its output, once a child neither works nor prints for the stall limit', async () => {
    const { started, ready, output } = child(
      `console.log('waiting on nothing'); setInterval(() => {}, 60_000)`,
    )
    await expect(
      readyWhileAdvancing(started, ready, { what: 'The idle child', output, stallMs: STALL_MS }),
    ).rejects.toThrow(
      /The idle child was not ready and made no progress \(CPU time, output\) for \d+ ms: waiting on nothing/,
    )
    expect(started.exitCode).toBeNull()
  })

  it('fails at once, with its last words, when the child exits before it is ready', async () => {
    const { started, ready, output } = child(`console.error('no DATA_DIR'); process.exit(3)`)
    const begun = Date.now()
    await expect(
      readyWhileAdvancing(started, ready, { what: 'The child', output, stallMs: 60_000 }),
    ).rejects.toThrow(/The child exited \(3\) before it was ready: no DATA_DIR/)
    expect(Date.now() - begun).toBeLessThan(scaledTimeout(60_000))
  })
})
