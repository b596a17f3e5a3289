import { z } from 'zod'

const HYPHENATED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const BARE = /^[0-9a-f]{32}$/i

/**
 * The canonical form of a record id (lower case, hyphenated), or undefined when `value` is not a UUID
 * in either form. BrainDrive's clients send ids both ways (its page service strips the hyphens before
 * a request), and FastAPI's `UUID` type accepts both, so Quire does too (DESIGN.md section 2).
 */
export function canonicalId(value: string): string | undefined {
  if (HYPHENATED.test(value)) return value.toLowerCase()
  if (!BARE.test(value)) return undefined
  const hex = value.toLowerCase()
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A record id in a path, query or body: a UUID with or without hyphens, read as the hyphenated form. */
export const recordId = z
  .string()
  .refine((value) => canonicalId(value) !== undefined, { message: 'must be a UUID' })
  .transform((value) => canonicalId(value) as string)
  .meta({ type: 'string', format: 'uuid', description: 'A UUID, with or without hyphens' })
