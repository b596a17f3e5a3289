import { availableParallelism, loadavg } from 'node:os'

/** Set (QUIRE_TEST_SLOWDOWN=3, say) to impose a factor instead of measuring one. */
const IMPOSED_ENV = 'QUIRE_TEST_SLOWDOWN'

/**
 * Where a run keeps its calibration once measured ("speed contention"): vitest's and Playwright's
 * workers inherit the environment of the process that read the config, so a run measures once.
 */
const CALIBRATION_ENV = 'QUIRE_TEST_CALIBRATION'

/**
 * The CPU time the calibration's work below takes on the 2-core x86-64 machine the tests' limits were
 * sized on: 250 to 400 ms there (fresh processes, beside other work).
 */
const REFERENCE_CPU_MS = 300

/** Past this, a machine is too slow for a limit to mean anything; a hung test still fails. */
const MOST = 10

/**
 * How many times longer than on a quiet machine work takes in this run: the CPU speed (the calibration's
 * CPU time against the reference) times the contention (the wall time the calibration took against its
 * CPU time, or the load average per core now, whichever is more: the run's own workers load the machine
 * after the calibration). At least 1: a fast machine never shortens a limit.
 */
export function machineSlowdown(): number {
  const imposed = Number(process.env[IMPOSED_ENV])
  if (imposed > 0) return imposed
  let [speed, contention] = (process.env[CALIBRATION_ENV] ?? '').split(' ').map(Number)
  if (!(speed && contention)) {
    ;[speed, contention] = calibrate()
    process.env[CALIBRATION_ENV] = `${speed} ${contention}`
  }
  const loadPerCore = (loadavg()[0] ?? 0) / availableParallelism()
  return Math.min(MOST, speed * Math.max(contention, loadPerCore, 1))
}

/**
 * A limit that guards against a hang (a test's or a hook's timeout, a poll's, a readiness wait's),
 * authored for a quiet machine, scaled by this run's measured slowdown: a busy machine gets the time
 * it needs, and a hang still fails.
 */
export function scaledTimeout(quietMs: number): number {
  return Math.round(quietMs * machineSlowdown())
}

/** The speed and contention factors, from four samples of a fixed CPU-bound work. */
function calibrate(): [speed: number, contention: number] {
  let wallMs = 0
  let cpuMs = 0
  for (let sample = 0; sample < 4; sample++) {
    const startedWall = performance.now()
    const startedCpu = process.cpuUsage()
    work()
    const cpu = process.cpuUsage(startedCpu)
    wallMs += performance.now() - startedWall
    cpuMs += (cpu.user + cpu.system) / 1000
  }
  return [Math.max(1, cpuMs / REFERENCE_CPU_MS), Math.max(1, wallMs / Math.max(cpuMs, 1))]
}

/** Sorting and serialising pseudo-random numbers: the mix of allocation, comparison and strings tests do. */
function work(): number {
  let seed = 1
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  let sum = 0
  for (let round = 0; round < 2; round++) {
    const values = Array.from({ length: 50_000 }, next)
    values.sort((a, b) => a - b)
    sum += (values[round] ?? 0) + JSON.stringify(values.slice(0, 2000)).length
  }
  return sum
}
