import type { AttemptFor } from './isolationPlatform'

/** A's model install task (an `ollama.install` job). */
export interface ModelHostRecords {
  modelInstall: string
}

const M = '/api/v1/modelhost'

/**
 * A's install task for isolation.test.ts: forced (no check of the server first), so the task exists
 * even though this server reaches no Ollama (127.0.0.1:9 is refused by its outbound policy and the
 * job fails at once); what matters is that B cannot see or touch it.
 */
export async function seedModelHost(
  post: (path: string, body: unknown) => Promise<Record<string, unknown>>,
): Promise<ModelHostRecords> {
  const answer = await post(`${M}/install`, {
    name: 'alice-model:1b',
    server_url: 'http://127.0.0.1:9',
    force_reinstall: true,
  })
  return { modelInstall: String(answer.task_id) }
}

/** The model host routes' part of isolation.test.ts. */
export const modelHostAttempts: Record<string, AttemptFor<ModelHostRecords>> = {
  testModelHost: { names: 'nothing', why: 'stores nothing' },
  listModelHostModels: { names: 'nothing', why: 'stores nothing; the Ollama server’s own list' },
  testModelHostPost: { names: 'nothing', why: 'as testModelHost' },
  listModelHostModelsPost: { names: 'nothing', why: 'as listModelHostModels' },
  installModelHostModel: {
    names: 'nothing',
    why: 'creates B’s own task; B never joins A’s install of the same model (modelhost.test)',
  },
  getModelHostInstall: (a) => ({ method: 'GET', path: `${M}/install/${a.modelInstall}` }),
  streamModelHostInstall: (a) => ({ method: 'GET', path: `${M}/install/${a.modelInstall}/events` }),
  cancelModelHostInstall: (a) => ({ method: 'DELETE', path: `${M}/install/${a.modelInstall}` }),
  deleteModelHostModel: { names: 'nothing', why: 'stores nothing; deletes on the Ollama server named' },
  // The same routes at BrainDrive's /api/v1/ollama/* path.
  testModelHostOllama: { names: 'nothing', why: 'as testModelHost' },
  listModelHostModelsOllama: { names: 'nothing', why: 'as listModelHostModels' },
  testModelHostPostOllama: { names: 'nothing', why: 'as testModelHost' },
  listModelHostModelsPostOllama: { names: 'nothing', why: 'as listModelHostModels' },
  installModelHostModelOllama: { names: 'nothing', why: 'as installModelHostModel' },
  getModelHostInstallOllama: (a) => ({ method: 'GET', path: `/api/v1/ollama/install/${a.modelInstall}` }),
  streamModelHostInstallOllama: (a) => ({
    method: 'GET',
    path: `/api/v1/ollama/install/${a.modelInstall}/events`,
  }),
  cancelModelHostInstallOllama: (a) => ({
    method: 'DELETE',
    path: `/api/v1/ollama/install/${a.modelInstall}`,
  }),
  deleteModelHostModelOllama: { names: 'nothing', why: 'as deleteModelHostModel' },
}
