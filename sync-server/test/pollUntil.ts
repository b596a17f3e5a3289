import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/**
 * Polls `check` until it holds (a server works on its own schedule), every `everyMs`; fails, naming
 * `what`, once `quietMs` (sized for a quiet machine, scaled by the run's measured slowdown) have passed.
 */
export async function pollUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  quietMs = 5000,
  everyMs = 20,
): Promise<void> {
  const deadline = Date.now() + scaledTimeout(quietMs)
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
