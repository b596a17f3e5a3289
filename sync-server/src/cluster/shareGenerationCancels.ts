import { ApiError } from '../../../web/core/kernel/ApiError'
import type { RunningGenerations } from '../../../web/core/providers/runningGenerations'
import type { ClusterBus } from './ClusterBus'

/** `generation_cancel`: stop the person's generations running under `id` on whichever instance runs them. */
export interface CancelMessage {
  u: string
  id: string
}

/**
 * `POST /api/v1/ai/providers/cancel` reaching an instance that does not run the generation (a
 * balancer sends the cancel anywhere): the cancel is passed to the other instances, and the one
 * running it aborts it as if asked itself. Its answer still says what stopped on the instance asked.
 * Returns the function that stops passing cancels on.
 */
export function shareGenerationCancels(
  bus: ClusterBus,
  generations: RunningGenerations,
  logError: (error: unknown) => void,
): () => void {
  generations.elsewhere = (userId, id) => {
    bus.publish('generation_cancel', { u: userId, id } satisfies CancelMessage).catch(logError)
  }
  const stop = bus.subscribe<CancelMessage>('generation_cancel', (message) => {
    generations.cancel(message.u, message.id, new ApiError(499, 'Cancelled'), false)
  })
  return () => {
    stop()
    generations.elsewhere = undefined
  }
}
