import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

const OLLAMA_SERVER = 'BrainDriveAI/BrainDrive-Ollama-Plugin src/ComponentOllamaServer.tsx'

interface Job {
  id: string
  job_type: string
  payload?: { model_name?: unknown }
}

/** BrainDrive's Ollama plugin: the model installs it shows are the server's jobs of BrainDrive's type. */
export const ollamaPluginReplay: ReplayCase[] = [
  {
    name: 'Ollama plugin: finds model installs among the jobs by job_type ollama.install, named by payload.model_name',
    sources: [`${OLLAMA_SERVER}:492-497`, `${OLLAMA_SERVER}:431-437`],
    hosts: ['server'],
    async run(client) {
      // An install the plugin started (`force_reinstall`: the replay has no Ollama to ask first; the
      // task is listed whether its pull runs, fails or waits).
      const name = `replay-${Date.now()}:1b`
      const started = await replay<{ task_id: string }>(
        client,
        {
          method: 'POST',
          path: '/api/v1/ollama/install',
          json: { name, server_url: 'http://127.0.0.1:9', force_reinstall: true },
        },
        200,
      )
      const { body } = await replay<{ jobs: unknown }>(
        client,
        { method: 'GET', path: '/api/v1/jobs?page=1&page_size=50' },
        200,
      )
      const installs = expectArray<Job>(body.jobs, 'data.jobs').filter(
        (job) => job.job_type === 'ollama.install',
      )
      const listed = installs.find((job) => job.id === started.body.task_id)
      check(listed, 'the install is among the jobs of type ollama.install')
      expectFields(listed, { id: 'string', status: 'string', created_at: 'string', payload: 'object' }, 'job')
      checkEqual(listed.payload?.model_name, name, 'payload.model_name')
    },
  },
]
