import { z } from 'zod'
import type { ApiPorts } from '../ApiPorts'
import { defineRoute, type Route } from '../Route'
import { toTimestamp } from '../../kernel/time/Clock'

/** The interface version the health endpoints report (spec section 9). */
export const API_VERSION = '1.0.0'

/** The body every host's health answers carry; a host may add its own parts (the server's database and queue). */
export const healthFields = { status: z.literal('healthy'), timestamp: z.iso.datetime(), version: z.string() }

const healthSchema = z.object(healthFields).meta({ id: 'Health' })

/** Health needs nobody signed in and no data: only a clock. */
type HealthPorts = Pick<ApiPorts, 'clock'>

/** `{status: 'healthy', timestamp, version}` at the clock's time. */
export function healthBody(clock: ApiPorts['clock']): z.output<typeof healthSchema> {
  return { status: 'healthy', timestamp: toTimestamp(clock.now()), version: API_VERSION }
}

const health = defineRoute<z.ZodType, z.ZodType, z.ZodType, HealthPorts>({
  method: 'get',
  public: true,
  path: '/api/health',
  operationId: 'health',
  summary: 'Liveness and interface version',
  tags: ['Health'],
  responses: { 200: { description: 'The service is up', schema: healthSchema } },
  async handler(_input, { clock }) {
    return { status: 200, body: healthBody(clock) }
  },
})

/** The platform API's `GET /health`: the same body as `/api/health` (the server adds its own parts). */
export const platformHealth: Route<z.ZodType, z.ZodType, z.ZodType, HealthPorts> = {
  ...health,
  path: '/health',
  operationId: 'platformHealth',
  summary: 'Liveness (platform API)',
}

export const healthRoutes: Array<Route<z.ZodType, z.ZodType, z.ZodType, HealthPorts>> = [
  health,
  platformHealth,
]
