import { check, checkEqual } from '../check'
import type { ContractClient, ContractRequest } from '../contract/ContractClient'

export interface ReplayAnswer<T> {
  status: number
  body: T
}

/**
 * Sends a request as a BrainDrive client sends it and answers the status and JSON body (undefined when
 * empty). With `expectStatus`, asserts it: a client that checks `response.ok` needs a 2xx, one that
 * reads the body needs the body.
 */
export async function replay<T = unknown>(
  client: ContractClient,
  request: ContractRequest,
  expectStatus?: number | number[],
): Promise<ReplayAnswer<T>> {
  const response = await client(request)
  if (expectStatus !== undefined) {
    const wanted = Array.isArray(expectStatus) ? expectStatus : [expectStatus]
    check(
      wanted.includes(response.status),
      `${request.method} ${request.path}: status ${response.status}, expected ${wanted.join(' or ')} (body ${response.text.slice(0, 300)})`,
    )
  }
  const body = response.text === '' ? undefined : (JSON.parse(response.text) as T)
  return { status: response.status, body: body as T }
}

export type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null' | 'string|null' | 'any'

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/**
 * Asserts that `value` has each field the client reads, of the type it reads it as (`any`: present).
 * `where` names the answer in the failure message.
 */
export function expectFields(value: unknown, fields: Record<string, FieldType>, where: string): void {
  check(typeOf(value) === 'object', `${where} is an object (got ${typeOf(value)})`)
  const record = value as Record<string, unknown>
  for (const [name, type] of Object.entries(fields)) {
    check(name in record, `${where} has "${name}" (fields: ${Object.keys(record).join(', ')})`)
    if (type === 'any') continue
    const actual = typeOf(record[name])
    const allowed = type.split('|')
    check(allowed.includes(actual), `${where}.${name} is ${type} (got ${actual})`)
  }
}

/** Asserts a bare JSON array (the clients iterate the answer itself) and answers it. */
export function expectArray<T = unknown>(value: unknown, where: string): T[] {
  check(Array.isArray(value), `${where} is a bare array (got ${JSON.stringify(value)?.slice(0, 200)})`)
  return value as T[]
}

export { check, checkEqual }
