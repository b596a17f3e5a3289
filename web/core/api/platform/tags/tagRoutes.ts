import { z } from 'zod'
import { ApiError } from '../../ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { pageSchema, paginationQuery, toPage } from '../../pagination'
import { defineRoute, type Route } from '../../Route'
import { CONVERSATION, CONVERSATION_TAG, TAG } from '../conversations/conversationKinds'
import { conversationViews, TAG_NOT_FOUND } from '../conversations/conversationRecords'
import { conversationSchema } from '../conversations/conversationSchemas'
import { requireCaller, USER_NOT_FOUND } from '../conversations/requireCaller'
import { newestFirst } from '../newestFirst'
import { newRecord, patchedRecord, putRecord, recordView, requireRecord } from '../platformRecords'
import { createTagBody, tagIdParams, tagSchema, updateTagBody, userIdParams } from './tagSchemas'

const tags = ['Tags']
const notFound = { description: TAG_NOT_FOUND, schema: errorSchema }
const invalid = { description: 'Validation error', schema: validationErrorSchema }
const taken = { description: 'Another tag has that name', schema: errorSchema }

/** Tag names are unique per person, ignoring case: two "Work" tags could not be told apart. */
async function refuseTakenName(
  ports: Pick<ApiPorts, 'store'>,
  name: string,
  exceptId?: string,
): Promise<void> {
  const wanted = name.toLocaleLowerCase()
  const clash = (await ports.store.listRecords(TAG)).find(
    (tag) => tag.id !== exceptId && String(tag.data.name).toLocaleLowerCase() === wanted,
  )
  if (clash) throw new ApiError(409, `A tag named "${String(clash.data.name)}" already exists`)
}

export const tagRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/users/:user_id/tags',
    operationId: 'listUserTags',
    summary: 'The caller’s tags, by name',
    description:
      'A plain array (not paginated), sorted by name ignoring case. Another user’s id answers 404.',
    tags,
    params: userIdParams,
    notFoundDetail: USER_NOT_FOUND,
    responses: {
      200: { description: 'Tags', schema: z.array(tagSchema) },
      404: { description: USER_NOT_FOUND, schema: errorSchema },
    },
    async handler({ params }, ports) {
      await requireCaller(ports, params.user_id)
      const list = (await ports.store.listRecords(TAG)).map(recordView)
      list.sort((a, b) => String(a.name).localeCompare(String(b.name), undefined, { sensitivity: 'base' }))
      return { status: 200, body: list }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/tags',
    operationId: 'createTag',
    summary: 'Create a tag',
    description:
      '`color` is a hex colour `#rrggbb` (stored in lower case), `#64748b` when left out. Names are unique per person ignoring case: a second "work" answers 409.',
    tags,
    errorStyle: 'platform',
    body: createTagBody,
    responses: { 201: { description: 'The tag', schema: tagSchema }, 409: taken, 422: invalid },
    async handler({ body }, ports) {
      await refuseTakenName(ports, body.name)
      const record = newRecord(ports, TAG, {
        name: body.name,
        color: body.color,
        user_id: await ports.currentUserId(),
      })
      await putRecord(ports, record)
      return { status: 201, body: recordView(record) }
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/tags/:tag_id',
    operationId: 'updateTag',
    summary: 'Rename or recolour a tag',
    description:
      'Both fields optional; fields left out keep their value. Conversations show the change at once.',
    tags,
    errorStyle: 'platform',
    params: tagIdParams,
    notFoundDetail: TAG_NOT_FOUND,
    body: updateTagBody,
    responses: {
      200: { description: 'The tag', schema: tagSchema },
      404: notFound,
      409: taken,
      422: invalid,
    },
    async handler({ params, body }, ports) {
      const record = await requireRecord(ports, TAG, params.tag_id, TAG_NOT_FOUND)
      if (body.name !== undefined) await refuseTakenName(ports, body.name, record.id)
      const updated = patchedRecord(ports, record, body)
      await putRecord(ports, updated)
      return { status: 200, body: recordView(updated) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/tags/:tag_id',
    operationId: 'deleteTag',
    summary: 'Delete a tag, detaching it from every conversation',
    description: 'The tag and all its attachments go in one step; the conversations themselves stay.',
    tags,
    params: tagIdParams,
    notFoundDetail: TAG_NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: notFound },
    async handler({ params }, ports) {
      await requireRecord(ports, TAG, params.tag_id, TAG_NOT_FOUND)
      const links = (await ports.store.listRecords(CONVERSATION_TAG)).filter(
        (link) => link.data.tag_id === params.tag_id,
      )
      await ports.store.writeRecords([
        ...links.map((link) => ({ delete: { kind: CONVERSATION_TAG, id: link.id } })),
        { delete: { kind: TAG, id: params.tag_id } },
      ])
      return { status: 204 }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/tags/:tag_id/conversations',
    operationId: 'listTagConversations',
    summary: 'Conversations carrying a tag, most recently active first',
    description:
      'Paginated: `{items, total_items, page, page_size, total_pages}` with `limit` (1..100, default 20) and `offset`; ordered by `updated_at` (a new message moves a conversation up), newest first.',
    tags,
    errorStyle: 'platform',
    params: tagIdParams,
    notFoundDetail: TAG_NOT_FOUND,
    query: paginationQuery,
    responses: {
      200: { description: 'One page of conversations', schema: pageSchema(conversationSchema) },
      404: notFound,
      422: invalid,
    },
    async handler({ params, query }, ports) {
      await requireRecord(ports, TAG, params.tag_id, TAG_NOT_FOUND)
      const tagged = new Set(
        (await ports.store.listRecords(CONVERSATION_TAG))
          .filter((link) => link.data.tag_id === params.tag_id)
          .map((link) => link.parent_id),
      )
      const matching = newestFirst(await ports.store.listRecords(CONVERSATION)).filter((c) =>
        tagged.has(c.id),
      )
      const items = await conversationViews(ports, matching.slice(query.offset, query.offset + query.limit))
      return { status: 200, body: toPage(items, matching.length, query.limit, query.offset) }
    },
  }),
]
