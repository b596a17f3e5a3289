import { check, checkEqual } from '../check'
import type { ContractResponse } from './ContractClient'

type Issues = Array<{ loc: Array<string | number>; msg: string; type: string }>

/**
 * Asserts a platform validation failure: 422 `{detail: [{loc, msg, type}]}` with an issue at `loc`
 * (dot-joined, e.g. `body.name` or `body.0.parent_id`), or one whose `loc` the predicate accepts.
 */
export function expectValidationIssue(
  response: ContractResponse,
  loc: string | ((loc: Array<string | number>) => boolean),
): void {
  const at = typeof loc === 'string' ? (path: Array<string | number>) => path.join('.') === loc : loc
  checkEqual(response.status, 422, `status (body ${response.text.slice(0, 300)})`)
  const detail = (JSON.parse(response.text) as { detail: Issues }).detail
  check(
    Array.isArray(detail) && detail.length > 0,
    `detail is a list of issues: ${response.text.slice(0, 300)}`,
  )
  check(
    detail.every((i) => Array.isArray(i.loc) && typeof i.msg === 'string' && typeof i.type === 'string'),
    `every issue has loc, msg and type: ${response.text.slice(0, 300)}`,
  )
  check(
    detail.some((issue) => at(issue.loc) && issue.msg.length > 0),
    `an issue at ${String(loc)} in ${JSON.stringify(detail)}`,
  )
}

let serial = 0
/** A string no other case (or earlier run against the same host) has used. */
export function uniqueSuffix(): string {
  serial += 1
  return `${Date.now().toString(36)}${serial}${Math.floor(Math.random() * 1e6).toString(36)}`
}
