import { z } from 'zod'
import { API_VERSION } from './health/healthRoutes'
import type { Route } from './Route'

type JsonObject = Record<string, unknown>

const DESCRIPTION = `Quire's REST surface, served alike by the in-browser API (service worker) and the sync server.

Decisions the specification leaves open:
- Errors are \`{"detail": string}\`. Invalid request data (wrong types, unknown fields, malformed JSON, empty
  names) answers 400 with a detail naming the field; unknown or malformed ids in the path answer 404.
- Collection names and descriptions are trimmed and need at least one non-space character (at most 200 and
  5000 characters); \`color\` is \`#RRGGBB\` or null.
- A path that differs from a documented one only by its trailing slash (\`POST /api/collections\`,
  \`GET /api/v1/personas/\`) is answered by the same endpoint, as if it were written as documented: no redirect
  (FastAPI answers 307 to the other form; answering directly also serves curl without \`-L\` and clients that
  drop \`Authorization\` on a redirect). The paths below are the canonical forms. Plugin files
  (\`/plugins/{plugin_id}/{version}/{path}\`) are exact: there a trailing slash names a folder.
- Lists are ordered newest first. \`GET /health\` answers the same body as \`GET /api/health\`.
- Documents: uploads up to MAX_UPLOAD_MB (default 100) else 413; empty files and unsupported extensions 400;
  the content, not the name, decides the parser. Processing runs in the background; \`progress\` reports the
  stage and percent, and a failed document says why in \`error_message\` and \`metadata.error\` (with
  \`metadata.error_code\`). A collection's \`document_count\` counts all its documents, \`processed_count\` the
  completed ones.
  Passwords of encrypted PDFs are used for one processing run and never stored.
- The platform endpoints (\`/api/v1/...\`) answer validation failures with 422 \`{detail: [{loc, msg, type}]}\`.
- Every answer says which host gave it in \`X-Quire-Host\` (\`browser\` or \`server\`). In the browser, the routes
  only the sync server has (accounts, personal tokens, jobs, sync and its blobs) are forwarded to it: to the
  signed-in account's server with the account's token, else to the app's own origin (the server, when it served
  the app). With no sync server answering (offline, or an app from a plain static host) they answer 503 with a
  \`detail\` saying they need one; unknown paths stay 404. A page's requests made while the in-browser API is
  still starting wait for it rather than reaching the network.

Compatibility with BrainDrive (the reference implementation, whose web app and plugins are real clients of the
platform endpoints; a replay of their requests is part of Quire's tests):
- Where the specification is silent, the platform endpoints answer as BrainDrive does; where it says otherwise
  (the login body, message senders, job statuses, page routes starting with \`/\`), it wins for what Quire sends,
  and BrainDrive's forms are still accepted on input. Each endpoint's description says where it differs from
  BrainDrive ("Differs from BrainDrive: ...").
- Inputs are read as FastAPI reads them: unknown body fields are ignored, ids are accepted with or without
  hyphens (answers always carry the hyphenated form), \`user_id\` may be the caller's id or \`current\` (another
  user's id answers 403), and booleans in query strings may be 1/0, true/false, yes/no or on/off in any case.
- A new profile (an account at sign-up, the browser's local profile) starts with the records BrainDrive seeds: its
  setting definitions, navigation routes and components, with the same ids on every host.`

export interface OpenApiOptions {
  /**
   * Where callers must sign in (the sync server with accounts): the decisions about authentication,
   * appended to the description, and bearer/cookie security on every route not marked `public`.
   */
  auth?: string
  /** Decisions of the host itself (limits, timeouts, which origins and host names it answers), appended last. */
  host?: string
}

/** Generates the OpenAPI 3.1 document from the route table, so the description can never drift from the code. */
export function buildOpenApi(
  routes: ReadonlyArray<Route<z.ZodType, z.ZodType, z.ZodType, never>>,
  options: OpenApiOptions = {},
): JsonObject {
  const schemas: JsonObject = {}
  const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject
    const { $schema: _ignored, $defs, ...rest } = json
    for (const [name, def] of Object.entries(($defs ?? {}) as JsonObject)) schemas[name] = rewriteRefs(def)
    return rewriteRefs(rest) as JsonObject
  }

  const paths: Record<string, JsonObject> = {}
  for (const route of routes) {
    const openApiPath = route.path.replace(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')
    const operation: JsonObject = {
      operationId: route.operationId,
      summary: route.summary,
      tags: route.tags,
    }
    if (route.description) operation.description = route.description
    if (options.auth && route.public) operation.security = []
    const parameters = [
      ...objectParameters(route.params, 'path', toSchema),
      ...objectParameters(route.query, 'query', toSchema),
    ]
    if (parameters.length > 0) operation.parameters = parameters
    if (route.body && route.bodyType === 'multipart') {
      const fields = toSchema(route.body, 'input')
      const fileProperties = Object.fromEntries(
        (route.files ?? []).map((file) => {
          const binary = {
            type: 'string',
            contentMediaType: 'application/octet-stream',
            description: file.description,
          }
          return [file.name, file.multiple ? { type: 'array', items: binary } : binary]
        }),
      )
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              ...fields,
              properties: { ...(fields.properties as JsonObject | undefined), ...fileProperties },
              required: [
                ...((fields.required as string[] | undefined) ?? []),
                ...(route.files ?? []).map((f) => f.name),
              ],
            },
          },
        },
      }
    } else if (route.body && route.bodyType === 'binary') {
      // Raw bytes: OpenAPI 3.1 describes them by media type alone (a zod custom schema says nothing).
      operation.requestBody = {
        required: true,
        content: {
          'application/octet-stream': {
            schema: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
        },
      }
    } else if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(route.body, 'input') } },
      }
    }
    operation.responses = Object.fromEntries(
      Object.entries(route.responses).map(([status, response]) => [
        status,
        {
          ...(response.schema
            ? {
                description: response.description,
                content: {
                  [response.contentType ?? 'application/json']: {
                    schema: toSchema(response.schema, 'output'),
                  },
                },
              }
            : response.contentType
              ? { description: response.description, content: { [response.contentType]: {} } }
              : { description: response.description }),
          ...(response.headers && {
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, description]) => [
                name,
                { description, schema: { type: 'string' } },
              ]),
            ),
          }),
        },
      ]),
    )
    paths[openApiPath] = { ...paths[openApiPath], [route.method]: operation }
  }

  const description = [DESCRIPTION, options.auth, options.host].filter(Boolean).join('\n')
  if (!options.auth) {
    return {
      openapi: '3.1.0',
      info: { title: 'Quire API', version: API_VERSION, description },
      paths,
      components: { schemas },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Quire API', version: API_VERSION, description },
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access token (JWT, 15 minutes) or a personal access token (`qpat_...`)',
        },
        cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
      },
    },
    security: [{ bearer: [] }, { cookie: [] }],
  }
}

function objectParameters(
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
  toSchema: (schema: z.ZodType, io: 'input' | 'output') => JsonObject,
): JsonObject[] {
  if (!(schema instanceof z.ZodObject)) return []
  const json = toSchema(schema, 'input')
  const required = new Set((json.required as string[] | undefined) ?? [])
  return Object.entries((json.properties ?? {}) as JsonObject).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }))
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === '$ref' && typeof inner === 'string'
        ? [key, inner.replace('#/$defs/', '#/components/schemas/')]
        : [key, rewriteRefs(inner)],
    ),
  )
}
