import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiResult } from '../../kernel/ApiResult'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { GeneratorError } from '../../generate/GeneratorError'
import { CONNECTION_TEST_TIMEOUT_MS, withinConnectionTest } from '../../generate/connectionTest'
import {
  generatorId,
  generatorSettingsSchema,
  type GeneratorSettings,
} from '../../generate/GeneratorSettings'
import { keepSecrets } from '../../secrets/keepSecrets'
import { publicSettings } from '../../settings/SettingsService'
import { settingsPatchSchema, type QuireSettings } from '../../settings/QuireSettings'
import { OCR_LANGUAGES } from '../../ingest/ocr/ocrLanguages'

const tags = ['Settings']

/** The settings, the generation they configure (its status and connection test), and how long a test waits. */
type SettingsPorts = Pick<ApiPorts, 'settings' | 'generation' | 'limits'>

/** What the sync server does with a generator's URL (DESIGN.md section 10, sync-server/src/outbound). */
const OUTBOUND_POLICY =
  ' `base_url` must be an http:// or https:// URL (else 400 naming `generator.base_url`). The sync server fetches it under its outbound policy: with accounts, an address on the server’s own machine, a private network (RFC 1918, CGNAT, IPv6 ULA), link-local, cloud metadata or unspecified range (checked on the address connected to, after DNS; IPv4-mapped forms included) is refused unless the operator lists it in OUTBOUND_ALLOW, and the error says which address and why (a `PUT` with an address the policy can never reach, an IP address in those ranges or `localhost`, answers 400 naming `generator.base_url` and the rule; a chat with a generator saved before the policy refused it answers 400, not 502); without accounts (QUIRE_SINGLE_USER=1) the owner may reach their own machine. Redirects are followed at most 5 times, each re-checked. Requests time out (OUTBOUND_CONNECT_TIMEOUT_S, 10 s to connect; OUTBOUND_IDLE_TIMEOUT_S, 120 s of silence before the answer or between streamed chunks; OUTBOUND_TOTAL_TIMEOUT_S, 600 s in all) and an answer stops at OUTBOUND_MAX_RESPONSE_MB (10). Errors quote an endpoint’s JSON error message (`{error: {message}}`, `{error}`, `{detail}`, `{message}`; one line, 200 characters at most) and nothing else it sent.'

const settingsView = z
  .object({
    embedder: z.object({ id: z.string() }),
    generator: z.record(z.string(), z.unknown()).meta({
      description:
        '{kind: extractive} | {kind: provider, provider (ollama, openai or anthropic), settings_id?, server_id?, model}: a model on one of the person’s servers of the provider registry (`/api/v1/ai/settings/providers`; the keys stay there) | {kind: openai, base_url, model, has_api_key, api_key_hint?, uses_server_key} and {kind: ollama, base_url, model}: an endpoint of its own, as saved before the registry, still read and answered | {kind: webllm, model}. API keys are write-only: never sent back, only `has_api_key` and `api_key_hint` (`…` and the last four characters; none for keys under 12 characters). `uses_server_key`: the server answers these settings with its operator’s key (GENERATOR_API_KEY), because they name its GENERATOR_URL and carry no key of their own; that key itself never leaves the server.',
    }),
    ocr_languages: z.array(z.enum(OCR_LANGUAGES)).meta({
      description:
        'The languages OCR reads scanned pages and images in (Tesseract codes; their data ships with Quire, nothing is downloaded). Default `["eng"]`. A PUT with any other code is a 400 naming `ocr_languages` and listing the accepted ones. Applies to documents processed from then on.',
    }),
  })
  .meta({ id: 'Settings' })

/** The settings as both answers show them: keys masked, and whether the operator's key answers them. */
function settingsAnswer(settings: QuireSettings, ports: Pick<ApiPorts, 'generation'>): ApiResult {
  return { status: 200, body: publicSettings(settings, ports.generation.usesServerKey(settings.generator)) }
}

const connectionResult = z.object({
  ok: z.boolean(),
  detail: z.string(),
  models: z.array(z.string()),
})

export const settingsRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/settings',
    operationId: 'getSettings',
    summary: 'The embedder, answer generator and OCR languages in use',
    description:
      'Not in the spec: how Quire chooses its embedder (for documents processed from now on; stored vectors keep the embedder that made them, and their queries use it too) and its answer generator. On the sync server the defaults come from its environment (EMBEDDER, GENERATOR, GENERATOR_URL, GENERATOR_MODEL); its GENERATOR_API_KEY is the server’s alone: it is not part of anyone’s settings, and is sent only with requests to GENERATOR_URL (the same base URL, normalised: `/v1`, case, default port and trailing slashes aside).',
    tags,
    responses: { 200: { description: 'Settings', schema: settingsView } },
    async handler(_input, ports: SettingsPorts) {
      return settingsAnswer(await ports.settings.get(), ports)
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/settings',
    operationId: 'updateSettings',
    summary: 'Choose the embedder, the answer generator or the OCR languages',
    description:
      'Any part may be left out. `api_key` is write-only: sent without it, or with the masked `api_key_hint` a read showed, an OpenAI-compatible generator keeps the stored key while `kind` and `base_url` are unchanged (a key never follows a changed URL); `""` removes the key; any other value replaces it. A generator that names the server’s GENERATOR_URL without a key of its own is answered with the operator’s key (`uses_server_key`); any other URL never gets it. On the sync server keys are stored encrypted (AES-256-GCM) and never synced: each device keeps its own.' +
      OUTBOUND_POLICY,
    tags,
    body: settingsPatchSchema,
    responses: {
      200: { description: 'The settings now in use', schema: settingsView },
      400: error('Invalid settings'),
    },
    async handler({ body }, ports: SettingsPorts) {
      const refusal = body.generator && ports.generation.refusal(body.generator)
      if (refusal) {
        throw ApiError.badRequest(`generator.base_url: this server does not reach that address (${refusal})`)
      }
      return settingsAnswer(await ports.settings.update(body), ports)
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/settings/generator-status',
    operationId: 'getGeneratorStatus',
    summary: 'Download and load progress of the answer generator in use',
    description:
      'Not in the spec. For a model that runs on this device (WebLLM in the browser), how far its download and load have come: `progress` 0..1 and a line of `text`; `null` before it starts loading, and for generators that need no download.',
    tags,
    responses: {
      200: {
        description: 'The generator and its progress',
        schema: z.object({
          generator: z.string(),
          progress: z.object({ progress: z.number().min(0).max(1), text: z.string() }).nullable(),
        }),
      },
    },
    async handler(_input, ports: SettingsPorts) {
      const { generator } = await ports.settings.get()
      return {
        status: 200,
        body: { generator: generatorId(generator), progress: ports.generation.loadProgress(generator) },
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/settings/test-generator',
    operationId: 'testGenerator',
    summary: 'Check that an answer generator can be reached',
    description:
      'Asks the endpoint for its models (OpenAI-compatible `GET /v1/models`, Ollama `GET /api/tags`). Send `{}` to test the generator in use, or `{generator}` to test one before choosing it (its `api_key` follows the rules of `PUT /api/settings`: left out or masked, the stored key is used while the endpoint is the same). Always 200: `ok` says whether it worked and `detail` why not (never with a key in it); an endpoint that has not answered within 15 s is `ok: false` (a test does not wait the 120 s a loading model may take).' +
      OUTBOUND_POLICY,
    tags,
    body: z.strictObject({ generator: generatorSettingsSchema.optional() }),
    responses: {
      200: { description: 'The outcome', schema: connectionResult },
      400: error('Invalid settings'),
    },
    async handler({ body }, ports: SettingsPorts) {
      const current = await ports.settings.get()
      const generator = body.generator
        ? (keepSecrets(body.generator, current.generator) as GeneratorSettings)
        : current.generator
      if (generator.kind === 'extractive') {
        return {
          status: 200,
          body: { ok: true, detail: 'The extractive answerer needs no model', models: [] },
        }
      }
      const model = ports.generation.chatModel(generator)
      if (!model) {
        return {
          status: 200,
          body: { ok: false, detail: `The ${generator.kind} generator cannot run on this host`, models: [] },
        }
      }
      try {
        const models = await withinConnectionTest(
          ports.limits.connectionTestMs ?? CONNECTION_TEST_TIMEOUT_MS,
          'base_url' in generator
            ? `The ${generator.kind} endpoint at ${generator.base_url}`
            : 'The model server',
          (signal) => model.listModels({ signal }),
        )
        const has = models.length === 0 || models.includes(generator.model)
        return {
          status: 200,
          body: {
            ok: has,
            detail: has
              ? `Connected: ${models.length} model(s) available`
              : `Connected, but the model "${generator.model}" is not among the ${models.length} offered`,
            models,
          },
        }
      } catch (failure) {
        if (!(failure instanceof GeneratorError)) throw failure
        return { status: 200, body: { ok: false, detail: failure.message, models: [] } }
      }
    },
  }),
]
