import type { z } from 'zod'
import type { ValidationIssue } from '../kernel/ApiError'

/** Zod issues in the platform API's shape: `{loc: ['body', 'name'], msg, type}`. */
export function validationIssues(error: z.ZodError, where: 'body' | 'query' | 'path'): ValidationIssue[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          loc: [where, ...issue.path.map(toLoc), key],
          msg: 'Extra inputs are not permitted',
          type: 'extra_forbidden',
        }))
      : [{ loc: [where, ...issue.path.map(toLoc)], msg: issue.message, type: issue.code }],
  )
}

function toLoc(part: PropertyKey): string | number {
  return typeof part === 'number' ? part : String(part)
}
