/** Background work a host started for a request: the sync server names the job that follows it. */
export interface ScheduledWork {
  /** The server's job (`GET /api/v1/jobs/{job_id}`); absent where work runs in-process (the browser). */
  job_id?: string
}
