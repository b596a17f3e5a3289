import { z } from 'zod'

/** The platform API's paging query: `limit` 1..100 (default 20) and `offset` (default 0); others answer 422. */
export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})

export interface Page<T> {
  items: T[]
  total_items: number
  /** 1-based page number the offset falls in. */
  page: number
  page_size: number
  total_pages: number
}

/** The pagination envelope of DESIGN.md section 2 around one page of items. */
export function toPage<T>(items: T[], total: number, limit: number, offset: number): Page<T> {
  return {
    items,
    total_items: total,
    page: Math.floor(offset / limit) + 1,
    page_size: limit,
    total_pages: Math.ceil(total / limit),
  }
}

/** The envelope's schema for the OpenAPI description. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total_items: z.int().min(0),
    page: z.int().min(1),
    page_size: z.int().min(1),
    total_pages: z.int().min(0),
  })
}
