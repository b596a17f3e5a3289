import type { ServerConfig } from '../config'
import type { JobServiceOptions } from './JobService'

/**
 * The job pools' sizes from the server's settings. With accounts, one person may fill all but one
 * slot of each pool (the per-person defaults), so someone else's job always finds one free of that
 * person. With one local user there is nobody to leave a slot for: the pools are theirs.
 */
export function jobPools(
  config: Pick<
    ServerConfig,
    | 'singleUser'
    | 'jobConcurrency'
    | 'jobConcurrencyPerUser'
    | 'outboundJobConcurrency'
    | 'outboundJobConcurrencyPerUser'
  >,
): Pick<
  JobServiceOptions,
  'concurrency' | 'perUserConcurrency' | 'outboundConcurrency' | 'outboundPerUserConcurrency'
> {
  const work = Math.max(1, Math.floor(config.jobConcurrency ?? 2))
  const outbound = Math.max(1, Math.floor(config.outboundJobConcurrency ?? 4))
  const share = (slots: number) => (config.singleUser ? slots : Math.max(1, slots - 1))
  return {
    concurrency: work,
    perUserConcurrency: config.jobConcurrencyPerUser ?? share(work),
    outboundConcurrency: outbound,
    outboundPerUserConcurrency: config.outboundJobConcurrencyPerUser ?? share(outbound),
  }
}
