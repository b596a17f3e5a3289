import { z } from 'zod'

// No trimming pipe: the JSON Schema of the request body (OpenAPI) would lose `format: uri`.
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
const modelName = z.string().trim().min(1, 'must name a model')

/**
 * Which answer generator a person chose. `extractive` (the default) needs no model; `openai` is any
 * OpenAI-compatible server (base_url with or without `/v1`); `ollama` is Ollama's native API; `webllm`
 * runs a model in the browser and exists only on the browser host.
 */
export const generatorSettingsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('extractive') }),
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

export type GeneratorSettings =
  | { kind: 'extractive' }
  | { kind: 'openai'; base_url: string; model: string; api_key?: string }
  | { kind: 'ollama'; base_url: string; model: string }
  | { kind: 'webllm'; model: string }

export const defaultGeneratorSettings: GeneratorSettings = { kind: 'extractive' }
