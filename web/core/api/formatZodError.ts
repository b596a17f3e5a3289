import type { z } from 'zod'

/**
 * Turns schema issues into one sentence that names each offending field, e.g.
 * `name: must not be empty; color: must be a hex colour of the form #RRGGBB`.
 */
export function formatZodError(error: z.ZodError, where: string): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => `${fieldName(where, [...issue.path, key])}: unknown field`).join('; ')
      }
      const field = fieldName(where, issue.path)
      if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
        return `${field}: field required`
      }
      return `${field}: ${issue.message}`
    })
    .join('; ')
}

function fieldName(where: string, path: readonly PropertyKey[]): string {
  return path.length === 0 ? where : path.map(String).join('.')
}
