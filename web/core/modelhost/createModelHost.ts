import { fetchOrGlobal } from '../generate/providerFetch'
import type { Clock } from '../kernel/time/Clock'
import { installFailure } from './corsHint'
import { MemoryModelInstalls } from './MemoryModelInstalls'
import type { ModelHostPorts, ModelInstalls } from './ModelInstalls'

/** What a host gives the model host; anything left out is the default (in-memory installs over `fetch`). */
export interface ModelHostServices {
  fetch?: typeof fetch
  installs?: ModelInstalls
  corsOrigin?: string
}

/** The model host's ports: the host's own installs (the server's jobs), else tasks in this process. */
export function createModelHost(
  given: ModelHostServices | undefined,
  defaults: { fetch?: typeof fetch; clock: Clock; newId: () => string },
): ModelHostPorts {
  const fetch = fetchOrGlobal(given?.fetch ?? defaults.fetch)
  const corsOrigin = given?.corsOrigin
  return {
    fetch,
    corsOrigin,
    installs:
      given?.installs ??
      new MemoryModelInstalls({
        fetch,
        clock: defaults.clock,
        newId: defaults.newId,
        explain: (error) => installFailure(error, corsOrigin),
      }),
  }
}
