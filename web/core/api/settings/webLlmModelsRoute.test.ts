import { describe, expect, it } from 'vitest'
import { createGeneration } from '../../chat/createGeneration'
import { GeneratorError } from '../../generate/GeneratorError'
import type { ApiPorts } from '../ApiPorts'
import { invokeRoute } from '../invokeRoute'
import { webLlmLoadRoute, webLlmModelsRoute } from './webLlmModelsRoute'

// Only the generation port is touched by this route.
const portsWith = (generation: ApiPorts['generation']) => ({ generation }) as unknown as ApiPorts

describe('GET /api/settings/webllm-models', () => {
  it('lists the models the host can run, with their size', async () => {
    const models = [{ id: 'Tiny-MLC', vram_mb: 512, low_resource: true }]
    const generation = createGeneration({ localModels: async () => models })
    const result = await invokeRoute(
      webLlmModelsRoute,
      { params: {}, query: {}, body: undefined },
      portsWith(generation),
    )
    expect(result).toEqual({ status: 200, body: models })
  })

  it('answers an empty list on a host with no local models (the sync server)', async () => {
    const result = await invokeRoute(
      webLlmModelsRoute,
      { params: {}, query: {}, body: undefined },
      portsWith(createGeneration()),
    )
    expect(result).toEqual({ status: 200, body: [] })
  })

  it('starts a WebLLM load and answers 202 at once', async () => {
    const started: string[] = []
    const generation = createGeneration({
      startLocalLoad: async (settings) => void started.push(settings.kind === 'webllm' ? settings.model : ''),
    })
    const result = await invokeRoute(
      webLlmLoadRoute,
      { params: {}, query: {}, body: { model: 'Tiny-MLC' } },
      portsWith(generation),
    )
    expect(result).toEqual({ status: 202, body: { model: 'Tiny-MLC' } })
    expect(started).toEqual(['Tiny-MLC'])
  })

  it('answers 409 with the reason where WebLLM cannot run', async () => {
    const noGpu = createGeneration({
      startLocalLoad: async () => {
        throw new GeneratorError('WebLLM needs WebGPU')
      },
    })
    const request = { params: {}, query: {}, body: { model: 'Tiny-MLC' } }
    expect(await invokeRoute(webLlmLoadRoute, request, portsWith(noGpu))).toEqual({
      status: 409,
      body: { detail: 'WebLLM needs WebGPU' },
    })
    expect((await invokeRoute(webLlmLoadRoute, request, portsWith(createGeneration()))).status).toBe(409)
  })
})
