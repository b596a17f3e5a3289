import { z } from 'zod'
import type { ApiPorts } from '../ApiPorts'
import { defineRoute, type Route } from '../Route'
import { toTimestamp } from '../../time/Clock'

/** The interface version the health endpoints report (spec section 9). */
export const API_VERSION = '1.0.0'

const healthSchema = z
  .object({ status: z.literal('healthy'), timestamp: z.iso.datetime(), version: z.string() })
  .meta({ id: 'Health' })

/** Health needs nobody signed in and no data: only a clock. */
type HealthPorts = Pick<ApiPorts, 'clock'>

const health = defineRoute<z.ZodType, z.ZodType, z.ZodType, HealthPorts>({
  method: 'get',
  public: true,
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
export const healthRoutes: Array<Route<z.ZodType, z.ZodType, z.ZodType, HealthPorts>> = [
  health,
  { ...health, path: '/health', operationId: 'platformHealth', summary: 'Liveness (platform API)' },
]
