import type { JobChange } from './JobRecords'

/**
 * The state changes the runner and the service make, each with the event that records it. Progress
 * is kept on requeue: a resumable handler may carry on from where it was; retry starts afresh. Only a
 * running job has a `claimed_by`: the instance that started it.
 */
export const jobChanges = {
  started: (attempts: number, at: string, claimedBy: string): JobChange => ({
    set: { status: 'running', attempts, started_at: at, completed_at: null, claimed_by: claimedBy },
    event: { type: 'started', data: { attempt: attempts } },
  }),
  completed: (result: Record<string, unknown>, at: string): JobChange => ({
    set: {
      status: 'completed',
      result,
      error: null,
      progress_percent: 100,
      completed_at: at,
      claimed_by: null,
    },
    event: { type: 'completed', data: { result } },
  }),
  failed: (error: string, at: string): JobChange => ({
    set: { status: 'failed', result: null, error, completed_at: at, claimed_by: null },
    event: { type: 'failed', data: { error } },
  }),
  cancelRequested: (): JobChange => ({
    set: { cancel_requested: true },
    event: { type: 'cancel_requested' },
  }),
  cancelled: (at: string): JobChange => ({
    set: {
      status: 'cancelled',
      cancel_requested: false,
      result: null,
      completed_at: at,
      claimed_by: null,
    },
    event: { type: 'cancelled' },
  }),
  retried: (): JobChange => ({
    set: {
      status: 'pending',
      result: null,
      error: null,
      progress_percent: 0,
      cancel_requested: false,
      started_at: null,
      completed_at: null,
      claimed_by: null,
    },
    event: { type: 'retried' },
  }),
  requeued: (): JobChange => ({
    set: { status: 'pending', started_at: null, cancel_requested: false, claimed_by: null },
    event: { type: 'requeued' },
  }),
}
