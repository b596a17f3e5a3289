import { z } from 'zod'
import { errorSchema } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { GeneratorError } from '../../generate/GeneratorError'
import { generatorSettingsSchema } from '../../generate/GeneratorSettings'
import { publicSettings } from '../../settings/SettingsService'
import { settingsPatchSchema } from '../../settings/QuireSettings'

const tags = ['Settings']
const error = (description: string) => ({ description, schema: errorSchema })

const settingsView = z
  .object({
    embedder: z.object({ id: z.string() }),
    generator: z.record(z.string(), z.unknown()).meta({
      description:
        '{kind: extractive} | {kind: openai, base_url, model, has_api_key} | {kind: ollama, base_url, model} | {kind: webllm, model}. API keys are write-only: they are never sent back.',
    }),
  })
  .meta({ id: 'Settings' })

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
    summary: 'The embedder and answer generator in use',
    description:
      'Not in the spec: how Quire chooses its embedder (for documents processed from now on; stored vectors keep the embedder that made them, and their queries use it too) and its answer generator. On the sync server the defaults come from its environment (EMBEDDER, GENERATOR, GENERATOR_URL, GENERATOR_MODEL, GENERATOR_API_KEY).',
    tags,
    responses: { 200: { description: 'Settings', schema: settingsView } },
    async handler(_input, ports) {
      return { status: 200, body: publicSettings(await ports.settings.get()) }
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/settings',
    operationId: 'updateSettings',
    summary: 'Choose the embedder or the answer generator',
    description:
      'Either part may be left out. An OpenAI-compatible generator sent without `api_key` keeps the stored key when `base_url` is unchanged.',
    tags,
    body: settingsPatchSchema,
    responses: {
      200: { description: 'The settings now in use', schema: settingsView },
      400: error('Invalid settings'),
    },
    async handler({ body }, ports) {
      return { status: 200, body: publicSettings(await ports.settings.update(body)) }
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
    async handler(_input, ports) {
      const { generator } = await ports.settings.get()
      const id = generator.kind === 'extractive' ? 'extractive' : `${generator.kind}:${generator.model}`
      return { status: 200, body: { generator: id, progress: ports.generation.loadProgress(generator) } }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/settings/test-generator',
    operationId: 'testGenerator',
    summary: 'Check that an answer generator can be reached',
    description:
      'Asks the endpoint for its models (OpenAI-compatible `GET /v1/models`, Ollama `GET /api/tags`). Send `{}` to test the generator in use, or `{generator}` to test one before choosing it. Always 200: `ok` says whether it worked and `detail` why not.',
    tags,
    body: z.strictObject({ generator: generatorSettingsSchema.optional() }),
    responses: {
      200: { description: 'The outcome', schema: connectionResult },
      400: error('Invalid settings'),
    },
    async handler({ body }, ports) {
      const current = await ports.settings.get()
      let generator = body.generator ?? current.generator
      if (
        generator.kind === 'openai' &&
        !generator.api_key &&
        current.generator.kind === 'openai' &&
        current.generator.base_url === generator.base_url
      ) {
        generator = { ...generator, api_key: current.generator.api_key }
      }
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
        const models = await model.listModels()
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
