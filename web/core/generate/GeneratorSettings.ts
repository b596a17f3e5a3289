import { z } from 'zod'

// No trimming pipe: the JSON Schema of the request body (OpenAPI) would lose `format: uri`.
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
const modelName = z.string().trim().min(1, 'must name a model')
// Definition ids (`ollama_servers_settings`), instance ids and server ids: opaque, but never a path or a URL.
const registryId = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200)
  .regex(/^[\w.:-]+$/u, 'must be an id (letters, digits, _ . : -)')

/** The providers of the registry (web/core/providers) a generator may name; WebLLM stays `kind: webllm`. */
export const registryProviders = ['ollama', 'openai', 'anthropic'] as const
export type RegistryProvider = (typeof registryProviders)[number]

/**
 * Which answer generator a person chose. `extractive` (the default) needs no model. `provider` names a
 * model on one of the person's servers in the provider registry (DESIGN.md section 9: Settings' server
 * lists and keys, the same ones `/api/v1/ai/providers/*` use): `settings_id` is BrainDrive's definition id
 * (`ollama_servers_settings`) or an instance id, `server_id` the server in that list; both may be left
 * out where the provider has one server (a key-only provider). `webllm` runs a model in the browser and
 * exists only on the browser host.
 *
 * `openai` (any OpenAI-compatible server, base_url with or without `/v1`) and `ollama` with a `base_url`
 * are the shapes saved before the registry: they are still read and still answer (a person's saved
 * choice keeps working after the upgrade), and the server's operator defaults (GENERATOR_URL) use them.
 * Settings shows them in the one model picker (see legacyGeneratorServer.ts: mapped onto the server at the same endpoint).
 */
export const generatorSettingsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('extractive') }),
  z.object({
    kind: z.literal('provider'),
    provider: z.enum(registryProviders, { error: 'must be ollama, openai or anthropic' }),
    settings_id: registryId.optional(),
    server_id: registryId.optional(),
    model: modelName,
  }),
  z.object({
    kind: z.literal('openai'),
    base_url: httpUrl,
    model: modelName,
    // Write-only: '' clears the stored key; the masked form reads show keeps it (SettingsService).
    api_key: z.string().trim().max(4096).optional(),
  }),
  z.object({ kind: z.literal('ollama'), base_url: httpUrl, model: modelName }),
  z.object({ kind: z.literal('webllm'), model: modelName }),
])

/** A model on a server of the provider registry. */
export interface ProviderGeneratorSettings {
  kind: 'provider'
  provider: RegistryProvider
  settings_id?: string
  server_id?: string
  model: string
}

export type GeneratorSettings =
  | { kind: 'extractive' }
  | ProviderGeneratorSettings
  | { kind: 'openai'; base_url: string; model: string; api_key?: string }
  | { kind: 'ollama'; base_url: string; model: string }
  | { kind: 'webllm'; model: string }

export const defaultGeneratorSettings: GeneratorSettings = { kind: 'extractive' }

/** A short id for logs and status lines: `extractive`, `ollama:llama3.2`, `openai:gpt-4o-mini`... */
export function generatorId(settings: GeneratorSettings): string {
  if (settings.kind === 'extractive') return 'extractive'
  return `${settings.kind === 'provider' ? settings.provider : settings.kind}:${settings.model}`
}
