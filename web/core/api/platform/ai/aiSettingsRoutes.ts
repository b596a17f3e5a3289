import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import { errorSchema } from '../../errorSchema'
import { defineRoute } from '../../Route'
import { keepSecrets } from '../../../secrets/keepSecrets'
import { maskSecrets } from '../../../secrets/maskSecrets'
import { isPlainObject } from '../../../secrets/secretFields'
import { PROVIDERS, type ProviderName } from '../../../providers/providerCatalog'
import { providerSettings } from '../../../providers/providerSettings'
import { serversIn, serverView } from '../../../providers/providerServers'
import type { StoredRecord } from '../../../store/StoredRecord'
import { canonicalId } from '../../../records/recordId'
import { bodyIssue, notFoundResponse, validationResponse } from '../platformErrors'
import { settingDefinitionKind } from '../../../records/kinds/settingDefinitionKind'
import { settingInstanceKind } from '../../../records/kinds/settingInstanceKind'
import { autoDefinition } from '../settings/settingValue'
import { providerField, providerSettingBody, serverViewSchema } from './aiSchemas'
import type { RecordPorts } from '../../../records/platformRecords'
import type { ApiPorts } from '../../ApiPorts'

/** Provider settings are the caller's setting records (saving one may make its definition), stamped with the clock. */
type AiSettingPorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

const tags = ['AI providers']
const BASE = '/api/v1/ai/settings'
const NOT_FOUND = 'Provider settings not found'
const KEYED = (['ollama', 'openai', 'anthropic'] as const).map((name) => PROVIDERS[name])

const KEYS_RULE =
  'Keys are write-only, as in `/api/v1/settings/instances`: `config` shows each as `…abcd` with ' +
  '`_has_key`; sending the masked value back (or leaving the key out) keeps the stored key while the ' +
  'server’s address is unchanged; `""` clears it.'

function providerOf(definitionId: unknown): ProviderName | undefined {
  return KEYED.find((info) => info.definitionId === definitionId)?.name
}

function instanceView(provider: ProviderName, record: StoredRecord) {
  return {
    id: record.id,
    provider,
    instance_id: record.id,
    name: String(record.data.name ?? ''),
    definition_id: String(record.data.definition_id),
    config: maskSecrets(record.data.value),
  }
}

/** Every server address a config names must be an http(s) URL (422 at its field otherwise). */
function checkAddresses(config: Record<string, unknown>): void {
  const check = (value: unknown, loc: Array<string | number>) => {
    if (value === undefined || value === null || value === '') return
    let ok = false
    try {
      ok = ['http:', 'https:'].includes(new URL(String(value)).protocol)
    } catch {
      ok = false
    }
    if (!ok) throw bodyIssue(loc, 'must be an http:// or https:// URL')
  }
  check(config.base_url, ['config', 'base_url'])
  check(config.server_url, ['config', 'server_url'])
  if (config.servers !== undefined && !Array.isArray(config.servers))
    throw bodyIssue(['config', 'servers'], 'must be a list of servers')
  ;(Array.isArray(config.servers) ? config.servers : []).forEach((server: unknown, index) => {
    if (!isPlainObject(server)) throw bodyIssue(['config', 'servers', index], 'must be an object')
    check(server.serverAddress, ['config', 'servers', index, 'serverAddress'])
  })
}

async function findOwnInstance(
  ports: RecordPorts,
  provider: ProviderName,
  id: string,
): Promise<StoredRecord | undefined> {
  const record = await settingInstanceKind.find(ports, canonicalId(id) ?? id)
  return record && record.data.definition_id === PROVIDERS[provider].definitionId ? record : undefined
}

export const aiSettingsRoutes = [
  defineRoute({
    method: 'get',
    path: `${BASE}/providers`,
    operationId: 'listAiProviderSettings',
    summary: 'The providers’ settings',
    description: [
      '`{instances: [{id, provider, instance_id, name, definition_id, config}]}`: the setting instances',
      'of the providers’ definitions (`ollama_servers_settings`, `openai_api_keys_settings`,',
      '`claude_api_keys_settings`), the same records `/api/v1/settings/instances` shows.',
      KEYS_RULE,
      'Differs from BrainDrive: its instances live under `ai_provider_<provider>` definitions that',
      'nothing else reads; here they are the settings the registry answers with.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    responses: {
      200: {
        description: 'Instances',
        schema: z.object({ instances: z.array(z.record(z.string(), z.unknown())) }),
      },
    },
    async handler(_input, ports: AiSettingPorts) {
      const instances = []
      for (const info of KEYED) {
        for (const record of await settingInstanceKind.list(ports, info.definitionId))
          instances.push(instanceView(info.name, record))
      }
      return { status: 200, body: { instances } }
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/providers`,
    operationId: 'saveAiProviderSetting',
    summary: 'Save a provider’s setting',
    description: [
      'Saves `config` as the provider’s setting value: over `instance_id` when given (404 when it is',
      'not an instance of that provider’s definition), else over the provider’s one instance, else as',
      'a new one (201; its definition is made when missing). `config` is Ollama’s `{servers: [{id,',
      'serverName, serverAddress, apiKey}]}` or BrainDrive’s `{api_key}` (with `base_url` for any',
      'OpenAI-compatible server, and a `servers` list for more); every address must be http(s) (422).',
      '`webllm` has no settings (422).',
      KEYS_RULE,
      'Differs from BrainDrive: the instance id is the record’s own (BrainDrive makes',
      '`ai_provider_<provider>_<instance_id>`).',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    body: providerSettingBody,
    responses: {
      200: { description: 'The saved setting', schema: z.record(z.string(), z.unknown()) },
      201: { description: 'The new setting', schema: z.record(z.string(), z.unknown()) },
      404: notFoundResponse(NOT_FOUND),
      422: validationResponse,
    },
    async handler({ body }, ports: AiSettingPorts) {
      const { provider } = body
      const definitionId = PROVIDERS[provider].definitionId
      if (!definitionId) throw bodyIssue('provider', 'WebLLM has no settings: it runs in the browser')
      checkAddresses(body.config)
      const existing = body.instance_id
        ? await findOwnInstance(ports, provider, body.instance_id)
        : (await settingInstanceKind.list(ports, definitionId))[0]
      if (body.instance_id && !existing) throw notFound()
      if (existing) {
        const next = settingInstanceKind.patch(ports, existing, { name: body.name })
        next.data.value = keepSecrets(body.config, existing.data.value)
        await settingInstanceKind.put(ports, next)
        return { status: 200, body: instanceView(provider, next) }
      }
      const name = body.name ?? `${PROVIDERS[provider].label} settings`
      if (!(await settingDefinitionKind.find(ports, definitionId)))
        await settingDefinitionKind.put(ports, autoDefinition(ports, definitionId, name, body.config))
      const record = settingInstanceKind.create(
        ports,
        {
          definition_id: definitionId,
          name,
          value: keepSecrets(body.config, undefined),
          scope: 'user',
          user_id: await ports.currentUserId(),
          page_id: null,
        },
        definitionId,
      )
      await settingInstanceKind.put(ports, record)
      return { status: 201, body: instanceView(provider, record) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/providers/:provider/:instance_id`,
    operationId: 'deleteAiProviderSetting',
    summary: 'Delete a provider’s setting',
    description:
      'Deletes the setting instance `instance_id` of the provider’s definition (its servers and key). ' +
      '404 for an unknown provider, or an id that is not an instance of it. Answers ' +
      '`{status: "success", message}`, as BrainDrive does.',
    tags,
    errorStyle: 'platform',
    params: z.object({ provider: providerField, instance_id: z.string().min(1).max(200) }),
    notFoundDetail: NOT_FOUND,
    responses: {
      200: { description: 'Deleted', schema: z.object({ status: z.string(), message: z.string() }) },
      404: notFoundResponse(NOT_FOUND),
    },
    async handler({ params }, ports: AiSettingPorts) {
      const record = await findOwnInstance(ports, params.provider, params.instance_id)
      if (!record) throw notFound()
      await settingInstanceKind.remove(ports, record.id)
      return {
        status: 200,
        body: { status: 'success', message: `Provider instance '${params.instance_id}' deleted` },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/servers/:settings_id`,
    operationId: 'listAiSettingServers',
    summary: 'The servers of a provider setting',
    description: [
      '`{servers: [{id, serverName, serverAddress, hasKey}]}` of the setting `settings_id` (an instance',
      'id, or a definition id such as `ollama_servers_settings`, whose instance is read); 404 when there',
      'is none. BrainDrive’s one-key form (`{api_key}`) is its one default server. Differs from',
      'BrainDrive: no key is answered (BrainDrive returns each server’s `apiKey`); `hasKey` says',
      'whether one is set.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    params: z.object({ settings_id: z.string().min(1).max(200) }),
    notFoundDetail: NOT_FOUND,
    responses: {
      200: { description: 'Servers', schema: z.object({ servers: z.array(serverViewSchema) }) },
      404: { description: NOT_FOUND, schema: errorSchema },
    },
    async handler({ params }, ports: AiSettingPorts) {
      const id = params.settings_id
      const byDefinition = providerOf(id)
      if (byDefinition) {
        const { instance, servers } = await providerSettings(ports, byDefinition)
        if (!instance) throw notFound()
        return { status: 200, body: { servers: servers.map(serverView) } }
      }
      const record = await settingInstanceKind.find(ports, canonicalId(id) ?? id)
      if (!record) throw notFound()
      // An instance of another definition (BrainDrive's ai_provider_ollama...) is read as a servers list.
      const provider = providerOf(record.data.definition_id) ?? 'ollama'
      return { status: 200, body: { servers: serversIn(provider, record.data.value).map(serverView) } }
    },
  }),
]

function notFound() {
  return ApiError.notFound(NOT_FOUND)
}
