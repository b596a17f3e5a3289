import type { z } from 'zod'
import { validationErrorSchema } from '../../../web/core/api/errorSchema'
import { defineRoute, type Route } from '../../../web/core/api/Route'
import { syncEventStream } from './syncEventStream'
import type { SyncPorts } from './SyncPorts'
import { MAX_PUSH_MUTATIONS, pullQuery, pullResultSchema, pushBody, pushResultSchema } from './syncSchemas'

const tags = ['Sync']
const platform = { errorStyle: 'platform' as const, tags }
const invalid = { description: 'Validation error', schema: validationErrorSchema }

const PROTOCOL =
  'Each user has one change log of their own; nobody else’s records are ever in it. Records are `{kind, id, fields: {name: {value, hlc}}, deleted, conflicts}`; fields merge last-writer-wins by hybrid logical clock stamp, and losing writes are kept in `conflicts`. ' +
  'The app’s data travels as kinds `collection`, `document` (once processed; `chunks_blob` names the blob of its chunks and vectors, `file_path` its file: upload both with the blob endpoints before pushing the record), `chat_session`, `chat_message`, `settings` (id `settings`) and `record:<kind>` for the platform’s records (`parent_id`, `created_at`, `updated_at`, and each data field as `data.<name>`). Every field value is wrapped: `[value]`, or `[]` for a field the record no longer has. What a device pushes is applied to the data this server’s REST surface serves (a malformed record is logged and skipped, never fatal), and what a script writes through REST enters the log. ' +
  'API keys never travel by sync: a string under a field named `api_key`, `apiKey` or ending in `_api_key` / `ApiKey`, at any depth, is dropped from what is pushed (never logged, never applied) and is never in a pull; applying a record keeps the key already stored on this server (or device) while its object names the same endpoint. Each device keeps its own keys.'

/** The sync protocol of DESIGN.md section 3 (web/core/sync) over HTTP, on the caller's own log. */
export const syncRoutes: Array<Route<z.ZodType, z.ZodType, z.ZodType, SyncPorts>> = [
  defineRoute({
    ...platform,
    method: 'post',
    path: '/api/v1/sync/push',
    operationId: 'syncPush',
    summary: 'Push local changes',
    description: `${PROTOCOL} A device names itself with a stable \`client_id\` and numbers its own writes 1, 2, 3, ... without gaps (\`counter\`). The server applies, in counter order, only counters above the last one it applied for that client and skips the rest, so retrying a push whose answer was lost is safe: it applies once. \`acked\` is the highest counter applied (the device may forget its writes up to it); \`cursor\` the log's latest seq. The push stops early and says why in \`refused\`: \`gap\` (a counter is missing), \`invalid\` (a malformed change) or \`clock_drift\` (a stamp more than 60 s ahead of the server's clock: the device's clock is wrong; fix it, re-stamp the queued writes and push again). Every applied write moves its record to the end of the log, so the pushing device pulls the merged record back. At most ${MAX_PUSH_MUTATIONS} mutations per push; a malformed body or clock stamp is answered 422.`,
    body: pushBody,
    responses: { 200: { description: 'How far the push got', schema: pushResultSchema }, 422: invalid },
    async handler({ body }, { sync, notify }) {
      const result = await sync.push(body.client_id, body.mutations)
      notify.changed(result.cursor)
      return { status: 200, body: result }
    },
  }),
  defineRoute({
    ...platform,
    method: 'get',
    path: '/api/v1/sync/pull',
    operationId: 'syncPull',
    summary: 'Pull changes after a cursor',
    description: `${PROTOCOL} Answers the records changed after seq \`after\` (0: everything), oldest first, at most \`limit\` (1..1000, default 500), each once as its whole current version with the seq it now holds; deletes come as records with \`deleted.value: true\`. Store \`cursor\` once the page is merged and pull again while \`more\`. \`reset: true\` means the cursor is unusable: deletes older than the retention window were compacted away after it (or it lies beyond the log, as after a restored backup). The device then pulls from 0 with \`resync=true\` (which exempts the later pages from the check) and, at the end, forgets local records it did not receive.`,
    query: pullQuery,
    responses: { 200: { description: 'A page of changes', schema: pullResultSchema }, 422: invalid },
    async handler({ query }, { sync }) {
      return { status: 200, body: await sync.pull(query.after, query.limit, query.resync) }
    },
  }),
  defineRoute({
    ...platform,
    method: 'get',
    path: '/api/v1/sync/events',
    operationId: 'syncEvents',
    summary: 'Hear when the change log grows',
    description:
      'Server-sent events: `event: changed` with data `{"cursor": <latest seq>}` each time the caller’s log grows (a push from any of their devices), and an SSE comment every 20 s to keep the connection alive. The stream stays open until the client leaves. It announces only what happens after it opens, and a slow reader gets only the newest cursor: open it, then pull, and pull again after each event. Events carry no records and no `id:`; a reconnecting client simply pulls.',
    responses: { 200: { description: 'text/event-stream of `changed` events' } },
    async handler(_input, { notify }) {
      return syncEventStream(notify)
    },
  }),
]
