import { z } from 'zod'
import { defineRoute, type Route } from '../Route'
import { toTimestamp } from '../../time/Clock'

/** The interface version the health endpoints report (spec section 9). */
export const API_VERSION = '1.0.0'

const healthSchema = z
  .object({ status: z.literal('healthy'), timestamp: z.iso.datetime(), version: z.string() })
  .meta({ id: 'Health' })

const health = defineRoute({
  method: 'get',
  path: '/api/health',
  operationId: 'health',
  summary: 'Liveness and interface version',
  tags: ['Health'],
  responses: { 200: { description: 'The service is up', schema: healthSchema } },
  async handler(_input, { clock }) {
    return {
      status: 200,
      body: { status: 'healthy', timestamp: toTimestamp(clock.now()), version: API_VERSION },
    }
  },
})

/** The platform API's `GET /health` answers the same body as `/api/health`. */
export const healthRoutes: Route[] = [
  health,
  { ...health, path: '/health', operationId: 'platformHealth', summary: 'Liveness (platform API)' },
]
