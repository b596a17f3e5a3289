/** How long one health check may take before it counts as failed (a load balancer's probe must not hang). */
export const HEALTH_CHECK_MS = 2_000

/**
 * The check's answer, or `onFailure(reason)` when it throws or has not answered within `ms`. The check
 * itself is not stopped (a query sent to an unreachable server is abandoned, its pool times it out).
 */
export async function timeBoxed<T>(
  check: () => Promise<T>,
  onFailure: (reason: string) => T,
  ms = HEALTH_CHECK_MS,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onFailure(`no answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([
      check().catch((error: unknown) => onFailure(error instanceof Error ? error.message : String(error))),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}
