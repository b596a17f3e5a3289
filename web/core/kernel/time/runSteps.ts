/**
 * Long jobs written once as a generator that yields between steps (decoding or encoding an index of
 * 100k passages), run either to the end at once or with a pause between steps, so that a host can let
 * its event loop run meanwhile without a second copy of the job.
 */

/** Runs `steps` to the end at once; its return value. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/** Runs `steps` to the end, awaiting `pause` after each step (it may throw to give up); its return value. */
export async function runStepsWithPauses<T>(
  steps: Generator<void, T>,
  pause: () => Promise<void>,
): Promise<T> {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    await pause()
  }
}
