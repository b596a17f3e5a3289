import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorSchema } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { GeneratorError } from '../../generate/GeneratorError'

/** The WebLLM models and their loading are the generation's (its local models). */
type LocalModelPorts = Pick<ApiPorts, 'generation'>

const localModel = z
  .object({
    id: z.string(),
    vram_mb: z.number().nullable().meta({ description: 'GPU memory the model needs, in MB, where known' }),
    low_resource: z.boolean().meta({ description: 'Meant for devices with little memory' }),
  })
  .meta({ id: 'LocalModel' })

/**
 * `GET /api/settings/webllm-models`: the models the WebLLM generator can run on this device, with their
 * size, for the Settings picker. Hosts that run no local models (the sync server) answer an empty list.
 */
export const webLlmModelsRoute: Route = defineRoute({
  method: 'get',
  path: '/api/settings/webllm-models',
  operationId: 'listWebLlmModels',
  summary: 'Models the WebLLM generator can run, with their size',
  description:
    'Not in the spec. WebLLM runs only in the browser, where this lists its prebuilt models (`vram_mb`: the GPU memory each needs). Whether this device has WebGPU at all is answered by `POST /api/settings/test-generator` with a webllm generator. The sync server answers `[]`.',
  tags: ['Settings'],
  responses: { 200: { description: 'The models', schema: z.array(localModel) } },
  async handler(_input, ports: LocalModelPorts) {
    return { status: 200, body: await ports.generation.localModels() }
  },
})

/**
 * `POST /api/settings/webllm-models/load`: starts downloading and loading a WebLLM model now rather than
 * with the first question. Answers as soon as the load has begun; its progress is then reported by
 * `GET /api/settings/generator-status` while that model is the generator in use.
 */
export const webLlmLoadRoute: Route = defineRoute({
  method: 'post',
  path: '/api/settings/webllm-models/load',
  operationId: 'loadWebLlmModel',
  summary: 'Start downloading a WebLLM model',
  description:
    'Not in the spec. 202 once the download and load have begun (gigabytes on first use; later loads come from Cache Storage). 409 where WebLLM cannot run: no WebGPU in this browser, or the sync server.',
  tags: ['Settings'],
  body: z.strictObject({ model: z.string().trim().min(1, 'must name a model') }),
  responses: {
    202: { description: 'Loading has begun', schema: z.object({ model: z.string() }) },
    400: { description: 'No model named', schema: errorSchema },
    409: { description: 'WebLLM cannot run here', schema: errorSchema },
  },
  async handler({ body }, ports: LocalModelPorts) {
    try {
      await ports.generation.startLocalLoad({ kind: 'webllm', model: body.model })
    } catch (failure) {
      if (failure instanceof GeneratorError) throw new ApiError(409, failure.message)
      throw failure
    }
    return { status: 202, body: { model: body.model } }
  },
})

/** Both WebLLM model routes, for the route table. */
export const webLlmModelRoutes: Route[] = [webLlmModelsRoute, webLlmLoadRoute]
