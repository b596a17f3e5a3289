import type { ContractClient } from '../contract/ContractClient'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

/**
 * The chat plugins' provider calls. BrainDrive-Chat-Plugin's `AIService.sendPrompt` posts the chat
 * (its `productionRequestParams`: the plugin's default Ollama settings and server ids, `params`,
 * `user_id`, `conversation_id: null`) and reads each streamed `data:` line as JSON, taking
 * `conversation_id` and the text (`extractTextFromData`: `text`, `content`, `message`,
 * `choices[0].delta.content`...). The Chat-With-Docs plugin's model picker reads
 * `GET /all-models` (`models[]`: `provider`, `server_id`, `server_name`, `name` or `id`).
 *
 * The plugin picks its server from the person's Ollama setting, as `useModelSelection` reads it (the
 * seeded one, or what an earlier replay case saved there): an address at localhost, which no replay
 * host can reach (nothing listens there; the signed-in server's outbound policy refuses loopback).
 * Its failure is the answer these cases check, in the shapes the plugins read.
 */
const AI = 'BrainDriveAI/BrainDrive-Chat-Plugin src/services/aiService.ts'
const DOCS = 'bekmuradov/BrainDrive-Chat-With-Docs-Plugin src/hooks/useModelSelection.ts'
const MODELS = 'BrainDriveAI/BrainDrive-Chat-Plugin src/hooks/useModelSelection.ts'
const PLUGIN_DEFAULT_SERVER = 'server_1538843993_8e87ea7654'

/** The first server of the person's Ollama setting, read as the plugin's model picker reads it. */
async function firstOllamaServer(client: ContractClient): Promise<string> {
  type Instance = { value: { servers?: Array<{ id: string }> } }
  const { body } = await replay<Instance[]>(
    client,
    {
      method: 'GET',
      path: '/api/v1/settings/instances?definition_id=ollama_servers_settings&scope=user&user_id=current',
    },
    200,
  )
  const id = expectArray<Instance>(body, 'GET /settings/instances')[0]?.value.servers?.[0]?.id
  check(typeof id === 'string', `the Ollama setting has a server (${JSON.stringify(body).slice(0, 300)})`)
  return id!
}

/** The plugin's `productionRequestParams` for one prompt. */
function pluginChat(serverId: string, stream: boolean) {
  return {
    provider: 'ollama',
    settings_id: 'ollama_servers_settings',
    server_id: serverId,
    model: 'llama3.2',
    messages: [{ role: 'user', content: 'Hello from the replay' }],
    params: { temperature: 0.7, max_tokens: 2048 },
    stream,
    user_id: 'current',
    conversation_id: null,
  }
}

/** The `data:` values of a stream, parsed as the plugin parses each (`[DONE]` kept as text). */
function dataValues(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6))
    .map((data) => (data === '[DONE]' ? data : (JSON.parse(data) as unknown)))
}

export const aiProvidersReplay: ReplayCase[] = [
  {
    name: 'AI providers: the model picker reads models[] of all-models; a server that cannot be reached is listed beside, not an error',
    sources: [`${DOCS}:22`, `${DOCS}:29`],
    async run(client) {
      const server = await firstOllamaServer(client)
      const { body } = await replay<Record<string, unknown>>(
        client,
        { method: 'GET', path: '/api/v1/ai/providers/all-models' },
        200,
      )
      expectFields(body, { models: 'array', errors: 'array', server_errors: 'array' }, 'GET /all-models')
      for (const model of expectArray<Record<string, unknown>>(body.models, 'models')) {
        expectFields(model, { provider: 'string', name: 'string', server_name: 'string|null' }, 'a model')
      }
      const errors = body.server_errors as Array<Record<string, unknown>>
      const seeded = errors.find((e) => e.server_id === server)
      check(seeded !== undefined, `the unreachable server's failure is listed (${JSON.stringify(errors)})`)
      check(
        /Could not reach Ollama/.test(String(seeded?.detail)),
        `with its reason: ${String(seeded?.detail)}`,
      )
    },
  },
  {
    name: 'AI providers: the chat plugin’s default server id, unknown in this profile, is a 404 naming the servers there are',
    sources: [`${AI}:50`, `${AI}:54`],
    async run(client) {
      const server = await firstOllamaServer(client)
      const { body } = await replay<{ detail: string }>(
        client,
        { method: 'POST', path: '/api/v1/ai/providers/chat', json: pluginChat(PLUGIN_DEFAULT_SERVER, true) },
        404,
      )
      check(
        body.detail.includes(`No Ollama server with id '${PLUGIN_DEFAULT_SERVER}'`) &&
          body.detail.includes(server),
        `a clear detail: ${body.detail}`,
      )
    },
  },
  {
    name: 'AI providers: the chat plugin’s streamed chat answers data: lines it parses (conversation_id first, the failure as text), ending with [DONE]',
    sources: [`${MODELS}:28`, `${AI}:54`, `${AI}:95`],
    async run(client) {
      const response = await client({
        method: 'POST',
        path: '/api/v1/ai/providers/chat',
        json: pluginChat(await firstOllamaServer(client), true),
      })
      checkEqual(response.status, 200, 'POST /ai/providers/chat (stream) status')
      const values = dataValues(response.text)
      checkEqual(values.at(-1), '[DONE]', 'the last data line')
      const first = values[0] as Record<string, unknown>
      expectFields(first, { conversation_id: 'string' }, 'the first data line')
      const failure = values.at(-2) as Record<string, unknown>
      expectFields(failure, { error: 'boolean', message: 'string' }, 'the failure line')
      check(/Could not reach Ollama/.test(String(failure.message)), `the reason: ${String(failure.message)}`)
      // The exchange failed, so nothing is stored in the conversation the stream announced.
      const { body } = await replay(
        client,
        { method: 'GET', path: `/api/v1/conversations/${String(first.conversation_id)}/messages` },
        200,
      )
      checkEqual(body, [], 'the conversation’s messages')
    },
  },
]
