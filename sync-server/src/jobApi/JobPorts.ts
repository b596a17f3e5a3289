import type { Principal } from '../accounts/AccountService'
import type { JobCreate } from '../jobs/Job'
import type { JobService } from '../jobs/JobService'

/** What the job routes run over: the queue, the caller, and the SSE resumption point. */
export interface JobPorts {
  jobs: JobService
  principal: Principal
  /** Checks a requested job against the caller's data before it is queued (see admitJob). */
  admit(userId: string, input: JobCreate): Promise<void>
  /** The `Last-Event-ID` header of a reconnecting event stream. */
  lastEventId?: string
}
