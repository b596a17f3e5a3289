/**
 * Generations under way on this host, so `POST /api/v1/ai/providers/cancel` can stop one: by the
 * `request_id` its stream announced, or by its `conversation_id` (what BrainDrive's chat sends). Keys
 * carry the person's id, so one person can never cancel another's generation (on the server, every
 * person's requests share this process). Aborting stops the model's upstream request too: the
 * signal is the one its fetch runs with.
 */
export class RunningGenerations {
  private readonly running = new Map<string, Set<AbortController>>()

  /**
   * Where a cancel that stopped nothing here is passed on: the server's other instances, whose
   * generations this map cannot see (set by the host; absent in the browser and on one server).
   */
  elsewhere: ((userId: string, id: string) => void) | undefined

  /** Registers a generation under its ids; `done()` forgets it (call it however the generation ends). */
  start(userId: string, ids: ReadonlyArray<string | undefined>): { signal: AbortSignal; done(): void } {
    const controller = new AbortController()
    const keys = ids.filter((id): id is string => !!id).map((id) => `${userId}\u0000${id}`)
    for (const key of keys) {
      const set = this.running.get(key) ?? new Set()
      set.add(controller)
      this.running.set(key, set)
    }
    return {
      signal: controller.signal,
      done: () => {
        for (const key of keys) {
          const set = this.running.get(key)
          set?.delete(controller)
          if (set?.size === 0) this.running.delete(key)
        }
      },
    }
  }

  /**
   * Aborts every generation of `userId` under `id`; answers how many were running here. When none
   * was, the cancel is passed on `elsewhere` (unless `passOn` is false: a cancel that came from there).
   */
  cancel(userId: string, id: string, reason: unknown, passOn = true): number {
    const set = this.running.get(`${userId}\u0000${id}`)
    if (!set) {
      if (passOn) this.elsewhere?.(userId, id)
      return 0
    }
    for (const controller of set) controller.abort(reason)
    return set.size
  }
}

/** The host's one registry (module state: one per process, like the routes that use it). */
export const runningGenerations = new RunningGenerations()
