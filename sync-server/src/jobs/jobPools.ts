import type { ServerConfig } from '../config'
import type { JobServiceOptions } from './JobService'

/**
 * The job pools' sizes from the server's settings. With accounts, one person may fill all but one
 * of the work pool's slots (JOB_CONCURRENCY_PER_USER's default), so someone else's document always
 * finds one free of that person; and at most 2 of the outbound pool's. With one local user there is
 * nobody to leave a slot for: the pools are theirs.
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
  const alone = config.singleUser ?? false
  return {
    concurrency: work,
    perUserConcurrency: config.jobConcurrencyPerUser ?? (alone ? work : Math.max(1, work - 1)),
    outboundConcurrency: outbound,
    outboundPerUserConcurrency: config.outboundJobConcurrencyPerUser ?? (alone ? outbound : 2),
  }
}
