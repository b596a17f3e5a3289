import { z } from 'zod'
import { healthBody, healthFields, platformHealth } from '../../../web/core/api/health/healthRoutes'
import type { Route } from '../../../web/core/api/Route'
import type { ServerHealthPorts } from './ServerHealthPorts'
import { HEALTH_CHECK_MS } from './timeBoxed'

const databaseSchema = z.object({
  kind: z.enum(['sqlite', 'postgres']),
  ok: z.boolean(),
  latency_ms: z.number(),
  version: z.string().optional().describe('PostgreSQL’s server version'),
  error: z.string().optional(),
})

const queueSchema = z.object({
  kind: z.enum(['in-process', 'pg-boss']),
  ok: z.boolean(),
  pending: z.number().int(),
  running: z.number().int(),
  error: z.string().optional(),
})

const registrationSchema = z
  .enum(['open', 'closed', 'invite'])
  .describe(
    'Who may create an account (REGISTRATION): anyone, nobody (also a single-user server), or whoever has an invite token (`invite_token` on register)',
  )

const accountsSchema = z
  .boolean()
  .describe('Whether the server has accounts: false on a single-user server (QUIRE_SINGLE_USER=1)')

const parts = {
  database: databaseSchema,
  queue: queueSchema,
  registration: registrationSchema,
  accounts: accountsSchema,
}

const healthySchema = z.object({ ...healthFields, ...parts }).meta({ id: 'ServerHealth' })

const unhealthySchema = z
  .object({
    ...healthFields,
    status: z.literal('unhealthy'),
    failing: z.array(z.enum(['database', 'queue'])),
    ...parts,
  })
  .meta({ id: 'ServerHealthFailing' })

/**
 * The server's `GET /health`: the platform route's body (clients read `status`, `timestamp`,
 * `version` today) plus the database and the job queue, each checked within HEALTH_CHECK_MS. It takes
 * the platform route's place in the server's table (same method and path, so the browser's twin stays
 * `{status, timestamp, version}`).
 */
export const serverHealthRoute: Route<z.ZodType, z.ZodType, z.ZodType, ServerHealthPorts> = {
  ...platformHealth,
  description: `On the sync server, also \`database: {kind: sqlite | postgres, ok, latency_ms, version?}\` (\`version\`: PostgreSQL’s) and \`queue: {kind: in-process | pg-boss, ok, pending, running}\` (jobs of every instance), \`registration: open | closed | invite\`, who may create an account (the app's sign-up form asks for an invite token when it is \`invite\`), and \`accounts\`, false on a server without accounts (the app, signed out, asks such a server for its data). Each part is checked within ${HEALTH_CHECK_MS / 1000} s, so the answer never hangs; when one fails the answer is 503 with \`status: unhealthy\`, \`failing\` naming the parts and their \`error\`. A load balancer may probe it (no user needed, never cached). In the browser it answers the \`/api/health\` body.`,
  responses: {
    200: { description: 'The server, its database and its queue answer', schema: healthySchema },
    503: { description: 'A part does not answer (named in `failing`)', schema: unhealthySchema },
  },
  async handler(_input, ports) {
    const [database, queue] = await Promise.all([ports.database(), ports.queue()])
    const { registration, accounts } = ports
    const failing = [...(database.ok ? [] : ['database']), ...(queue.ok ? [] : ['queue'])]
    const headers = { 'Cache-Control': 'no-store' }
    if (failing.length === 0)
      return {
        status: 200,
        headers,
        body: { ...healthBody(ports.clock), database, queue, registration, accounts },
      }
    return {
      status: 503,
      headers,
      body: {
        ...healthBody(ports.clock),
        status: 'unhealthy',
        failing,
        database,
        queue,
        registration,
        accounts,
      },
    }
  },
}
