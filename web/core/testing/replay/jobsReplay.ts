import { UNKNOWN_ID } from '../contract/contractFixtures'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

const TASKS_PAGE = 'BrainDriveAI/BrainDrive-Core frontend/src/pages/TasksPage.tsx'

interface Job {
  id: string
  job_type: string
  status: string
  progress_percent: number
}

/** A job that waits (scheduled a day ahead) for a document that does not exist: cancelled before it runs. */
async function waitingJob(client: Parameters<ReplayCase['run']>[0]): Promise<Job> {
  const collection = await replay<{ id: string }>(
    client,
    {
      method: 'POST',
      path: '/api/collections/',
      json: { name: `Replay jobs ${Date.now()}`, description: 'Jobs of the replay' },
    },
    201,
  )
  const uploaded = await replay<{ id: string }>(
    client,
    {
      method: 'POST',
      path: '/api/documents/',
      multipart: {
        fields: { collection_id: collection.body.id },
        files: [
          {
            field: 'file',
            filename: 'tasks.md',
            type: 'text/markdown',
            base64: btoa('# Tasks\n\nA short note.'),
          },
        ],
      },
    },
    201,
  )
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
  const created = await replay<Job>(
    client,
    {
      method: 'POST',
      path: '/api/v1/jobs',
      json: {
        job_type: 'document_process',
        payload: { document_id: uploaded.body.id },
        scheduled_for: tomorrow,
      },
    },
    201,
  )
  return created.body
}

/** The task list (My Tasks) of BrainDrive's web app: list, follow, retry and dismiss jobs. Server only. */
export const jobsReplay: ReplayCase[] = [
  {
    name: 'Tasks page: lists jobs by page and page_size and reads data.jobs',
    sources: [`${TASKS_PAGE}:100`],
    hosts: ['server'],
    async run(client) {
      const job = await waitingJob(client)
      const { body } = await replay<{ jobs: unknown }>(
        client,
        { method: 'GET', path: '/api/v1/jobs?page=1&page_size=50' },
        200,
      )
      const jobs = expectArray<Job>(body.jobs, 'data.jobs')
      const listed = jobs.find((j) => j.id === job.id)
      check(listed, 'the new job is listed in data.jobs')
      expectFields(
        listed,
        {
          id: 'string',
          job_type: 'string',
          status: 'string',
          progress_percent: 'number',
          created_at: 'string',
        },
        'job',
      )
      await replay(client, { method: 'POST', path: `/api/v1/jobs/${job.id}/cancel` }, 200)
    },
  },
  {
    name: 'Tasks page: follows a job’s events, whose data carry job_id and status at the top',
    sources: [`${TASKS_PAGE}:209`],
    hosts: ['server'],
    async run(client) {
      const job = await waitingJob(client)
      await replay(client, { method: 'POST', path: `/api/v1/jobs/${job.id}/cancel` }, 200)
      // The stream ends after the terminal event, so the whole of it can be read as text.
      const response = await client({ method: 'GET', path: `/api/v1/jobs/${job.id}/events/stream` })
      checkEqual(response.status, 200, 'stream status')
      const payloads = response.text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>)
      check(payloads.length > 0, 'the stream has events')
      for (const payload of payloads) {
        expectFields(
          payload,
          { job_id: 'string', status: 'string', progress_percent: 'number', timestamp: 'string' },
          'event data',
        )
        checkEqual(payload.job_id, job.id, 'event job_id')
      }
      checkEqual(payloads.at(-1)?.status, 'cancelled', 'the last event’s status')
    },
  },
  {
    name: 'Tasks page: retries a cancelled job and reads the job back, then dismisses it',
    sources: [`${TASKS_PAGE}:243`, `${TASKS_PAGE}:264`],
    hosts: ['server'],
    async run(client) {
      const job = await waitingJob(client)
      await replay(client, { method: 'POST', path: `/api/v1/jobs/${job.id}/cancel` }, 200)
      const retried = await replay<Job>(client, { method: 'POST', path: `/api/v1/jobs/${job.id}/retry` }, 200)
      expectFields(
        retried.body,
        { id: 'string', job_type: 'string', status: 'string', progress_percent: 'number' },
        'retried job',
      )
      checkEqual(retried.body.status, 'pending', 'retried status')
      await replay(client, { method: 'POST', path: `/api/v1/jobs/${job.id}/cancel` }, 200)
      await replay(client, { method: 'DELETE', path: `/api/v1/jobs/${job.id}` }, [200, 204])
      await replay(client, { method: 'DELETE', path: `/api/v1/jobs/${UNKNOWN_ID}` }, 404)
    },
  },
]
