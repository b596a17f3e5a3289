import type { Clock } from '../kernel/time/Clock'
import { toTimestamp } from '../kernel/time/Clock'
import { installTask, isTerminal, type InstallTask, type TaskFacts } from './InstallTask'
import type { InstallRequest, ModelInstalls } from './ModelInstalls'
import { installKey } from './modelHostBase'
import { ollamaPull } from './ollamaHost'
import type { PullSnapshot } from './pullProgress'
import { watchTask } from './watchTask'

interface Held {
  facts: TaskFacts
  key: string
  controller: AbortController
  listeners: Set<() => void>
}

/** Finished tasks kept for late readers; older ones are forgotten (the browser has no job history). */
const KEEP_FINISHED = 50

/**
 * Model installs in this process (the browser's API worker): each a pull of its own, its progress in
 * memory, gone on reload. The same answers as the server's jobs (`InstallTask`); a running install of
 * the same model on the same server is joined.
 */
export class MemoryModelInstalls implements ModelInstalls {
  private readonly tasks = new Map<string, Held>()

  constructor(
    private readonly services: {
      fetch: typeof fetch
      clock: Clock
      newId: () => string
      /** Words a failure for this host (the browser adds how to allow CORS). */
      explain?: (error: unknown) => string
    },
  ) {}

  async start(request: InstallRequest): Promise<{ task: InstallTask; deduped: boolean }> {
    const key = installKey(request.serverBase, request.name)
    for (const held of this.tasks.values()) {
      if (held.key === key && !isTerminal(held.facts)) return { task: installTask(held.facts), deduped: true }
    }
    const at = this.now()
    const held: Held = {
      key,
      controller: new AbortController(),
      listeners: new Set(),
      facts: {
        task_id: this.services.newId(),
        name: request.name,
        server_base: request.serverBase,
        status: 'running',
        created_at: at,
        updated_at: at,
      },
    }
    this.tasks.set(held.facts.task_id, held)
    this.forgetOld()
    void this.run(held, request)
    return { task: installTask(held.facts), deduped: false }
  }

  async get(taskId: string): Promise<InstallTask | undefined> {
    const held = this.tasks.get(taskId)
    return held && installTask(held.facts)
  }

  watch(taskId: string, signal: AbortSignal): AsyncIterable<InstallTask> {
    return watchTask(
      () => this.get(taskId),
      (changed) => {
        const listeners = this.tasks.get(taskId)?.listeners
        listeners?.add(changed)
        return () => listeners?.delete(changed)
      },
      signal,
    )
  }

  async cancel(taskId: string): Promise<InstallTask | undefined> {
    const held = this.tasks.get(taskId)
    if (!held) return undefined
    if (!isTerminal(held.facts)) {
      this.change(held, { status: 'cancelled' })
      held.controller.abort(new DOMException('The install was cancelled', 'AbortError'))
    }
    return installTask(held.facts)
  }

  private async run(held: Held, request: InstallRequest): Promise<void> {
    const onProgress = (snapshot: PullSnapshot) => {
      const before = held.facts.snapshot
      // Ollama writes a line every few kilobytes: only a new stage or percent is news.
      if (before && before.stage === snapshot.stage && before.percent === snapshot.percent) {
        held.facts.snapshot = snapshot
        return
      }
      this.change(held, { snapshot })
    }
    try {
      const server = { baseUrl: request.serverBase, apiKey: request.apiKey, fetch: this.services.fetch }
      const last = await ollamaPull(server, request.name, onProgress, held.controller.signal)
      if (!isTerminal(held.facts)) this.change(held, { status: 'completed', snapshot: last })
    } catch (error) {
      if (isTerminal(held.facts)) return
      const explain =
        this.services.explain ?? ((failure: unknown) => String((failure as Error)?.message ?? failure))
      this.change(held, { status: 'failed', error: explain(error) })
    }
  }

  private change(held: Held, facts: Partial<TaskFacts>): void {
    held.facts = { ...held.facts, ...facts, updated_at: this.now() }
    for (const listener of [...held.listeners]) listener()
  }

  private forgetOld(): void {
    const finished = [...this.tasks.values()].filter((held) => isTerminal(held.facts))
    for (const held of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) {
      this.tasks.delete(held.facts.task_id)
    }
  }

  private now(): string {
    return toTimestamp(this.services.clock.now())
  }
}
