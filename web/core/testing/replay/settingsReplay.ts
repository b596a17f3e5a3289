import type { ContractClient } from '../contract/ContractClient'
import { unique } from '../contract/recordContractFixtures'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

const CORE_SETTINGS_SERVICE = 'BrainDriveAI/BrainDrive-Core frontend/src/services/SettingsService.ts'
const CORE_SETTINGS_PAGE = 'BrainDriveAI/BrainDrive-Core frontend/src/pages/Settings.tsx'
const THEME = 'BrainDriveAI/BrainDrive-Settings-Plugin src/ComponentTheme.tsx'
const GENERAL = 'BrainDriveAI/BrainDrive-Settings-Plugin src/components/GeneralSettings/index.tsx'
const OLLAMA = 'BrainDriveAI/BrainDrive-Settings-Plugin src/ComponentOllamaServer.tsx'
const OPENROUTER = 'BrainDriveAI/BrainDrive-Openrouter-Plugin src/ComponentOpenRouterKeys.tsx'

const INSTANCES = '/api/v1/settings/instances'

interface Instance {
  id: string
  definition_id: string
  name: string
  value: unknown
  scope: string
}

/** What every client reads of an instance it finds. */
function expectInstance(value: unknown, where: string): Instance {
  expectFields(
    value,
    { id: 'string', definition_id: 'string', name: 'string', value: 'any', scope: 'string' },
    where,
  )
  return value as Instance
}

/** The clients parse `value` when it comes as a JSON string, and read it as is otherwise. */
function valueOf(instance: Instance): Record<string, unknown> {
  const value = typeof instance.value === 'string' ? (JSON.parse(instance.value) as unknown) : instance.value
  expectFields(value, {}, `${instance.definition_id} value`)
  return value as Record<string, unknown>
}

/** `GET /settings/instances` with the query a client builds (axios keeps the params' order). */
async function find(client: ContractClient, query: string): Promise<Instance[]> {
  const answer = await replay(client, { method: 'GET', path: `${INSTANCES}?${query}` }, 200)
  return expectArray(answer.body, `GET ${INSTANCES}?${query}`).map((item, index) =>
    expectInstance(item, `instance ${index}`),
  )
}

async function save(client: ContractClient, json: Record<string, unknown>): Promise<Instance> {
  const answer = await replay(client, { method: 'POST', path: INSTANCES, json }, [200, 201])
  return expectInstance(answer.body, `POST ${INSTANCES}`)
}

const SECRET_OLLAMA_KEY = 'ollama-secret-key-0123456789'
const SECRET_OPENROUTER_KEY = 'sk-or-v1-0123456789abcdef0123456789'

export const settingsReplay: ReplayCase[] = [
  {
    name: 'Settings page: the user’s settings, a bare array with each name and definition_id (seeded ones included)',
    sources: [`${CORE_SETTINGS_PAGE}:172`],
    async run(client) {
      const settings = await find(client, 'scope=user&user_id=current')
      const ids = settings.map((s) => s.definition_id)
      for (const seeded of ['theme_settings', 'general_settings', 'ollama_servers_settings'])
        check(ids.includes(seeded), `a new user has a ${seeded} value (got ${ids.join(', ')})`)
      for (const setting of settings) check(setting.name.toLowerCase().length > 0, 'name is a string')
    },
  },
  {
    name: 'SettingsService: the definitions, a bare array with the fields it maps (seeded ones allow user and system)',
    sources: [`${CORE_SETTINGS_SERVICE}:765`],
    async run(client) {
      const answer = await replay(client, { method: 'GET', path: '/api/v1/settings/definitions' }, 200)
      const definitions = expectArray<Record<string, unknown>>(answer.body, 'definitions')
      for (const id of ['theme_settings', 'general_settings', 'ollama_servers_settings']) {
        const definition = definitions.find((d) => d.id === id)
        check(definition !== undefined, `the ${id} definition is there`)
        expectFields(
          definition,
          {
            id: 'string',
            name: 'string',
            description: 'string',
            category: 'string',
            type: 'string',
            allowed_scopes: 'array',
            is_multiple: 'boolean',
            tags: 'array',
          },
          id,
        )
        const scopes = definition!.allowed_scopes as string[]
        check(scopes.includes('user') && scopes.includes('system'), `${id} allows user and system`)
      }
    },
  },
  {
    name: 'SettingsService.setSetting in user scope (the plugins’ {userId: "current"}): find, post back with the id, read the new value',
    sources: [
      `${CORE_SETTINGS_SERVICE}:608`,
      `${CORE_SETTINGS_SERVICE}:632`,
      `${CORE_SETTINGS_SERVICE}:713`,
      `${THEME}:437`,
    ],
    async run(client) {
      const found = await find(client, 'definition_id=theme_settings&scope=user&user_id=current')
      check(found.length > 0, 'the seeded theme is found')
      const existingId = found[0]!.id
      const saved = await save(client, {
        id: existingId,
        definition_id: 'theme_settings',
        name: 'Theme Settings',
        value: { theme: 'light', useSystemTheme: true },
        scope: 'user',
        user_id: 'current',
        page_id: null,
      })
      checkEqual(saved.id, existingId, 'saved over the instance found')
      const loaded = await find(client, 'definition_id=theme_settings&user_id=current&scope=user')
      check(loaded.length > 0, 'found again')
      checkEqual(valueOf(loaded[0]!), { theme: 'light', useSystemTheme: true }, 'the value read back')
    },
  },
  {
    name: 'SettingsService.setSetting with no context (system scope): a first save without id (null), a second saves over it',
    sources: [`${CORE_SETTINGS_SERVICE}:608`, `${CORE_SETTINGS_SERVICE}:632`, `${CORE_SETTINGS_SERVICE}:713`],
    async run(client) {
      const body = (value: unknown, id: string | null) => ({
        id,
        definition_id: 'general_settings',
        name: 'General Settings',
        value,
        scope: 'system',
        user_id: 'current',
        page_id: null,
      })
      // With no context it asks without user_id (only the user scope adds user_id=current).
      const before = await find(client, 'definition_id=general_settings&scope=system')
      const page = unique('Start')
      const first = await save(
        client,
        body({ settings: [{ Setting_Name: 'default_page', Setting_Data: page }] }, before[0]?.id ?? null),
      )
      const found = await find(client, 'definition_id=general_settings&scope=system')
      checkEqual(found[0]?.id, first.id, 'the system-scope value is found')
      const second = await save(
        client,
        body({ settings: [{ Setting_Name: 'default_page', Setting_Data: `${page} 2` }] }, found[0]!.id),
      )
      checkEqual(second.id, first.id, 'one instance')
      const loaded = await find(client, 'definition_id=general_settings&user_id=current&scope=system')
      checkEqual(loaded.length, 1, 'one system-scope value')
      checkEqual(
        (valueOf(loaded[0]!).settings as Array<{ Setting_Data: string }>)[0]!.Setting_Data,
        `${page} 2`,
        'the last value',
      )
    },
  },
  {
    name: 'SettingsService.getSetting with the signed-in user’s own id (hyphens stripped) finds the theme',
    sources: [`${CORE_SETTINGS_SERVICE}:713`],
    async run(client) {
      const me = await replay<{ id: string }>(client, { method: 'GET', path: '/api/v1/auth/me' }, 200)
      const bare = me.body.id.replace(/-/g, '')
      const loaded = await find(client, `definition_id=theme_settings&user_id=${bare}&scope=user`)
      check(loaded.length > 0, 'found by the user’s own id')
      expectFields(valueOf(loaded[0]!), { theme: 'string' }, 'theme value')
    },
  },
  {
    name: 'Theme component: reads the theme instance (id and value), posts the new theme with that id',
    sources: [`${THEME}:320`, `${THEME}:519`],
    async run(client) {
      const found = await find(client, 'definition_id=theme_settings&scope=user&user_id=current')
      check(found.length > 0, 'the theme instance')
      const current = found[0]!
      expectFields(valueOf(current), { theme: 'string' }, 'theme value')
      await save(client, {
        definition_id: 'theme_settings',
        name: 'Theme Settings',
        value: { theme: 'dark', useSystemTheme: false },
        scope: 'user',
        user_id: 'current',
        id: current.id,
      })
      const again = await find(client, 'definition_id=theme_settings&scope=user&user_id=current')
      checkEqual(again[0]?.id, current.id, 'the same instance')
      checkEqual(valueOf(again[0]!).theme, 'dark', 'the theme saved')
    },
  },
  {
    name: 'General settings component: saves the default page without an id (twice: one instance) and reads it back',
    sources: [`${GENERAL}:313`, `${GENERAL}:419`],
    async run(client) {
      const payload = (page: string) => ({
        definition_id: 'general_settings',
        name: 'General Settings',
        value: {
          settings: [
            {
              Setting_Name: 'default_page',
              Setting_Data: page,
              Setting_Help: 'This is the first page to be displayed after logging in to BrainDrive',
            },
          ],
        },
        scope: 'user',
        user_id: 'current',
      })
      const page = unique('Home')
      const first = await save(client, payload(page))
      const second = await save(client, payload(`${page} again`))
      checkEqual(second.id, first.id, 'a second save without id saves over the first')
      const found = await find(client, 'definition_id=general_settings&scope=user&user_id=current')
      checkEqual(found.length, 1, 'one user-scope value')
      const settings = valueOf(found[0]!).settings as Array<{ Setting_Name: string; Setting_Data: string }>
      checkEqual(
        settings.find((s) => s.Setting_Name === 'default_page')?.Setting_Data,
        `${page} again`,
        'the default page',
      )
    },
  },
  {
    name: 'Ollama servers component: reads the seeded servers, saves one with an API key, reads it back masked',
    sources: [`${OLLAMA}:381`, `${OLLAMA}:532`],
    async run(client) {
      const query = 'definition_id=ollama_servers_settings&scope=user&user_id=current'
      const found = await find(client, query)
      check(found.length > 0, 'the seeded Ollama servers')
      const servers = valueOf(found[0]!).servers
      check(Array.isArray(servers), 'value.servers is an array')
      for (const server of servers as unknown[])
        expectFields(server, { id: 'string', serverName: 'string', serverAddress: 'string' }, 'server')
      const server = {
        id: `server_${Date.now()}_replay`,
        serverName: unique('Ollama'),
        serverAddress: 'http://localhost:11434',
        apiKey: SECRET_OLLAMA_KEY,
        connectionStatus: 'idle',
      }
      const saved = await save(client, {
        definition_id: 'ollama_servers_settings',
        name: 'Ollama Servers Settings',
        value: { servers: [server] },
        scope: 'user',
        user_id: 'current',
      })
      checkEqual(saved.id, found[0]!.id, 'saved over the seeded instance')
      const read = await find(client, query)
      const [first] = valueOf(read[0]!).servers as Array<Record<string, unknown>>
      checkEqual([first?.id, first?.serverName], [server.id, server.serverName], 'the saved server')
      check(typeof first?.apiKey === 'string', 'apiKey is a string')
      check(!JSON.stringify(read).includes(SECRET_OLLAMA_KEY), 'the key is never sent back')
    },
  },
  {
    name: 'OpenRouter key component: a definition nobody declared, looked up as user and USER, saved, then saved again with the id',
    sources: [`${OPENROUTER}:494`, `${OPENROUTER}:545`, `${OPENROUTER}:556`, `${OPENROUTER}:583`],
    async run(client) {
      const lower = 'definition_id=openrouter_api_keys_settings&user_id=current&scope=user'
      await find(client, lower)
      await find(client, 'definition_id=openrouter_api_keys_settings&user_id=current&scope=USER')
      const value = {
        apiKey: SECRET_OPENROUTER_KEY,
        enabled: true,
        baseUrl: 'https://openrouter.ai/api/v1',
        defaultModel: 'openai/gpt-3.5-turbo',
        modelPreferences: {},
        requestTimeout: 30,
        maxRetries: 3,
      }
      const payload = {
        definition_id: 'openrouter_api_keys_settings',
        name: 'OpenRouter API Keys Settings',
        value,
        scope: 'user',
        user_id: 'current',
      }
      const first = await save(client, payload)
      const found = await find(
        client,
        'definition_id=openrouter_api_keys_settings&user_id=current&scope=user',
      )
      checkEqual(found[0]?.id, first.id, 'found by the next lookup')
      const shown = valueOf(found[0]!).apiKey
      check(typeof shown === 'string' && shown !== SECRET_OPENROUTER_KEY, 'the key reads masked')
      // The component posts back what it read (the masked key) with the instance's id and scope.
      const again = await save(client, {
        ...payload,
        value: { ...value, apiKey: shown },
        scope: found[0]!.scope,
        id: found[0]!.id,
      })
      checkEqual(again.id, first.id, 'saved over by id')
      const read = await find(client, lower)
      checkEqual(valueOf(read[0]!).apiKey, shown, 'the stored key is kept')
      check(!JSON.stringify(read).includes(SECRET_OPENROUTER_KEY), 'the key is never sent back')
    },
  },
]
