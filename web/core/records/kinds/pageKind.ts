import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

const json = z.record(z.string(), z.unknown())

/**
 * A page a person designed. `fields` are what every stored page carries (the create route writes them
 * all); `navigation_route_id`, `publish_date`, `backup_date` and `content_backup` came later, so older
 * pages may lack them (the view shows them as null).
 */
export const pageKind = defineRecordKind({
  kind: 'page',
  notFound: 'Page not found',
  idParam: 'page_id',
  sync: 'always',
  fields: z.looseObject({
    name: z.string(),
    route: z.string(),
    route_segment: z.string(),
    parent_route: z.string().nullable(),
    parent_type: z.string().nullable(),
    is_parent_page: z.boolean(),
    description: z.string().nullable(),
    icon: z.string().nullable(),
    content: json,
    creator_id: z.string(),
    is_published: z.boolean(),
    navigation_route_id: z.string().nullable().optional(),
    publish_date: z.string().nullable().optional(),
    backup_date: z.string().nullable().optional(),
    content_backup: json.nullable().optional(),
  }),
})

export type PageFields = z.output<typeof pageKind.fields>
