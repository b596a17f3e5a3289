import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import { resolveCallerId } from '../compat/callerUserId'
import { conversationKind } from '../../../records/kinds/conversationKind'
import { conversationViews } from '../conversations/conversationRecords'
import { conversationSchema, skipLimit, skipLimitQuery } from '../conversations/conversationSchemas'
import { conversationTagKind } from '../../../records/kinds/conversationTagKind'
import { requireCaller } from '../conversations/requireCaller'
import { newestFirst } from '../newestFirst'
import { recordView, type RecordPorts } from '../../../records/platformRecords'
import { tagKind } from '../../../records/kinds/tagKind'
import { createTagBody, tagSchema, updateTagBody, userIdParams } from './tagSchemas'
import type { ApiPorts } from '../../ApiPorts'

/** Tags are records of the caller's (checked against `user_id`); new ones need the clock and ids. */
type TagPorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

const TAG_NOT_FOUND = tagKind.notFound
const tagIdParams = tagKind.params
const forbidden = { description: 'Another user’s id', schema: errorSchema }
const tags = ['Tags']
const notFound = { description: TAG_NOT_FOUND, schema: errorSchema }
const invalid = { description: 'Validation error', schema: validationErrorSchema }
const taken = { description: 'Another tag has that name', schema: errorSchema }

/** Tag names are unique per person, ignoring case: two "Work" tags could not be told apart. */
async function refuseTakenName(ports: RecordPorts, name: string, exceptId?: string): Promise<void> {
  const wanted = name.toLocaleLowerCase()
  const clash = (await tagKind.list(ports)).find(
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
      'A bare array, as BrainDrive answers it, sorted by name ignoring case. `user_id` is `current` or the caller’s id (with or without hyphens); another user’s id answers 403, as BrainDrive does.',
    tags,
    params: userIdParams,
    responses: {
      200: { description: 'Tags', schema: z.array(tagSchema) },
      403: forbidden,
    },
    async handler({ params }, ports: TagPorts) {
      await requireCaller(ports, params.user_id)
      const list = (await tagKind.list(ports)).map(recordView)
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
      '`color` is a hex colour `#rrggbb` (stored in lower case), `#64748b` when left out. `user_id`, which BrainDrive’s schema requires, is `current` or the caller’s id; another user’s id answers 403, as BrainDrive does; left out, the tag is the caller’s. Differs from BrainDrive: names are unique per person ignoring case (a second "work" answers 409; BrainDrive allows duplicates), and the answer is 201 (BrainDrive: 200).',
    tags,
    errorStyle: 'platform',
    body: createTagBody,
    responses: {
      201: { description: 'The tag', schema: tagSchema },
      403: forbidden,
      409: taken,
      422: invalid,
    },
    async handler({ body }, ports: TagPorts) {
      const userId = await resolveCallerId(ports, body.user_id ?? 'current')
      await refuseTakenName(ports, body.name)
      const record = tagKind.create(ports, { name: body.name, color: body.color, user_id: userId })
      await tagKind.put(ports, record)
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
    async handler({ params, body }, ports: TagPorts) {
      const record = await tagKind.require(ports, params.tag_id)
      if (body.name !== undefined) await refuseTakenName(ports, body.name, record.id)
      const updated = tagKind.patch(ports, record, body)
      await tagKind.put(ports, updated)
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
    async handler({ params }, ports: TagPorts) {
      await tagKind.require(ports, params.tag_id)
      const links = (await conversationTagKind.list(ports)).filter(
        (link) => link.data.tag_id === params.tag_id,
      )
      await ports.store.records.writeRecords([
        ...links.map((link) => ({ delete: { kind: conversationTagKind.kind, id: link.id } })),
        { delete: { kind: tagKind.kind, id: params.tag_id } },
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
      'A bare JSON array, as BrainDrive answers it: `skip` (or `offset`) and `limit` (1..100, default 20) choose the slice; ordered by `updated_at` (a new message moves a conversation up), newest first. Each conversation carries `tags`.',
    tags,
    errorStyle: 'platform',
    params: tagIdParams,
    notFoundDetail: TAG_NOT_FOUND,
    query: skipLimitQuery(20),
    responses: {
      200: { description: 'The conversations', schema: z.array(conversationSchema) },
      404: notFound,
      422: invalid,
    },
    async handler({ params, query }, ports: TagPorts) {
      await tagKind.require(ports, params.tag_id)
      const tagged = new Set(
        (await conversationTagKind.list(ports))
          .filter((link) => link.data.tag_id === params.tag_id)
          .map((link) => link.parent_id),
      )
      const matching = newestFirst(await conversationKind.list(ports)).filter((c) => tagged.has(c.id))
      return { status: 200, body: await conversationViews(ports, skipLimit(matching, query)) }
    },
  }),
]
