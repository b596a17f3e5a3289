import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorSchema } from '../errorSchema'
import { defineRoute, type Route } from '../Route'
import { hashEmbedder } from '../../ingest/embed/hashEmbedder'

const tags = ['Settings']

/** The embedder chosen in settings, and the host's loader that fetches it ahead of use (absent: 409). */
type EmbedderLoadPorts = Pick<ApiPorts, 'settings' | 'embedderLoader'>

/**
 * `POST /api/settings/embedder/load`: downloads and loads the model embedder in use now rather than with
 * the first document or query, so Settings can show its progress (read from `embedder-status`).
 */
export const embedderLoadRoute: Route = defineRoute({
  method: 'post',
  path: '/api/settings/embedder/load',
  operationId: 'loadEmbedder',
  summary: 'Start downloading the model embedder in use',
  description:
    'Not in the spec. Loads the embedder chosen in settings (save it first) on this host, with the loader its queries use, so the next query reuses it; in the browser the files stay in Cache Storage, where the ingest worker finds them too. 202 once loading has begun, and again while it runs or once it has finished; a failed load is tried again. 409 for hash-v1, which needs no download, and on a host that cannot load models ahead of use. The sync server loads from its MODELS_DIR (or the hub, with ALLOW_REMOTE_MODELS).',
  tags,
  responses: {
    202: { description: 'Loading has begun or has finished', schema: z.object({ embedder: z.string() }) },
    409: { description: 'Nothing to download, or this host cannot', schema: errorSchema },
  },
  async handler(_input, ports: EmbedderLoadPorts) {
    const { id } = (await ports.settings.get()).embedder
    if (id === hashEmbedder.id) {
      throw new ApiError(409, `${id} is built in: there is no model to download`)
    }
    if (!ports.embedderLoader) {
      throw new ApiError(409, 'This host loads embedder models at first use, not ahead of it')
    }
    ports.embedderLoader.start(id)
    return { status: 202, body: { embedder: id } }
  },
})

/** `GET /api/settings/embedder-status`: how far loading the embedder in use has come. */
export const embedderStatusRoute: Route = defineRoute({
  method: 'get',
  path: '/api/settings/embedder-status',
  operationId: 'getEmbedderStatus',
  summary: 'Download and load progress of the embedder in use',
  description:
    'Not in the spec. `progress` 0..1 with a line of `text` (1 and "Ready" once loaded); `null` before loading starts and for hash-v1. `error` says why the last load failed (offline with no cached copy, say), else `null`.',
  tags,
  responses: {
    200: {
      description: 'The embedder and its progress',
      schema: z.object({
        embedder: z.string(),
        progress: z.object({ progress: z.number().min(0).max(1), text: z.string() }).nullable(),
        error: z.string().nullable(),
      }),
    },
  },
  async handler(_input, ports: EmbedderLoadPorts) {
    const { id } = (await ports.settings.get()).embedder
    const loader = ports.embedderLoader
    return {
      status: 200,
      body: { embedder: id, progress: loader?.status(id) ?? null, error: loader?.error(id) ?? null },
    }
  },
})

/** Both embedder routes, for the route table. */
export const embedderLoadRoutes: Route[] = [embedderLoadRoute, embedderStatusRoute]
