import { checkEqual, checkMatch, TIMESTAMP_MS_Z } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { responseJson } from './responseJson'

export const healthContract: HostCase<ContractClient>[] = [
  ...['/api/health', '/health'].map((path) => ({
    name: `GET ${path} reports healthy with the interface version`,
    async run(client: ContractClient) {
      const response = await client({ method: 'GET', path })
      checkEqual(response.status, 200, 'status')
      const body = responseJson(response)
      checkEqual(body.status, 'healthy', 'status field')
      checkEqual(body.version, '1.0.0', 'version')
      checkMatch(body.timestamp, TIMESTAMP_MS_Z, 'timestamp')
    },
  })),
  {
    name: 'GET /openapi.json describes the route table as OpenAPI 3.1',
    async run(client) {
      const response = await client({ method: 'GET', path: '/openapi.json' })
      checkEqual(response.status, 200, 'status')
      const body = responseJson<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(response)
      checkEqual(body.openapi, '3.1.0', 'openapi version')
      checkEqual(
        Object.keys(body.paths['/api/collections/{collection_id}'] ?? {}).sort(),
        ['delete', 'get', 'put'],
        'methods of /api/collections/{collection_id}',
      )
    },
  },
  {
    name: 'an unknown /api path answers 404 with a detail',
    async run(client) {
      const response = await client({ method: 'GET', path: '/api/no-such-endpoint' })
      checkEqual(response.status, 404, 'status')
      checkEqual(typeof responseJson(response).detail, 'string', 'detail')
    },
  },
]
