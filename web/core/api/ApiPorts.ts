import type { Store } from '../store/Store'
import type { Clock } from '../time/Clock'

/** Everything a handler may touch. Each host builds one of these; tests build their own. */
export interface ApiPorts {
  store: Store
  clock: Clock
  /** A new UUID v4. */
  newId(): string
}
