import type { InstallTask } from './InstallTask'

/** One install asked for: the model and the server, whose key (if any) stays in memory only. */
export interface InstallRequest {
  name: string
  /** The server's base URL, normalised (`modelHostBase`). */
  serverBase: string
  apiKey?: string
}

/**
 * Model installs of one person, as tasks with progress: in memory in the browser
 * (`MemoryModelInstalls`), as `ollama.install` jobs on the sync server. A second install of the same
 * model on the same server while one runs joins it (`deduped`). Another person's task is as unknown
 * as a missing one.
 */
export interface ModelInstalls {
  start(request: InstallRequest): Promise<{ task: InstallTask; deduped: boolean }>
  /** Undefined for an unknown task (or one of another kind, or another person's). */
  get(taskId: string): Promise<InstallTask | undefined>
  /**
   * The task's current view first, then each change, ending after the terminal one. Stops when
   * `signal` aborts (the client left); the task itself goes on.
   */
  watch(taskId: string, signal: AbortSignal): AsyncIterable<InstallTask>
  /** Stops the pull (the upstream request is closed); the task ends `cancelled`. Undefined when unknown. */
  cancel(taskId: string): Promise<InstallTask | undefined>
}

/** What the model host routes run over (`ApiPorts.modelHost`). */
export interface ModelHostPorts {
  /** How this host reaches an Ollama server: the server's outbound policy, the browser's own fetch. */
  fetch: typeof fetch
  installs: ModelInstalls
  /**
   * The page's origin, in the browser: the one Ollama must allow (OLLAMA_ORIGINS) for the API worker's
   * requests to pass CORS. Absent on the server, which is not subject to CORS.
   */
  corsOrigin?: string
}
