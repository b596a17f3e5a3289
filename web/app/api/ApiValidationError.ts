import { ApiRequestError } from './ApiRequestError'

/** One broken rule of a 422 answer: where (`plugin_data.version`, `module_data[0].name`) and what. */
export interface ValidationProblem {
  where: string
  msg: string
}

/**
 * A failed request whose answer listed the rules it broke (the platform API's 422 `{detail: [{loc, msg}]}`).
 * The plain `detail` joins them as ApiRequestError's does; `problems` keeps each one with its place, so a
 * person fixing a plugin manifest is told which field to change.
 */
export class ApiValidationError extends ApiRequestError {
  readonly problems: readonly ValidationProblem[]

  constructor(status: number, detail: string, problems: readonly ValidationProblem[]) {
    super(status, detail)
    this.name = 'ApiValidationError'
    this.problems = problems
  }
}

/** `['body', 'module_data', 0, 'name']` -> `module_data[0].name`; the leading `body` says nothing to a person. */
export function placeOf(loc: unknown): string {
  if (!Array.isArray(loc)) return ''
  const parts = loc[0] === 'body' ? loc.slice(1) : loc
  let place = ''
  for (const part of parts) {
    if (typeof part === 'number') place += `[${part}]`
    else if (typeof part === 'string') place += place === '' ? part : `.${part}`
  }
  return place
}

/**
 * The error a failed answer's status and parsed body make: `{detail: string}` gives its sentence,
 * `{detail: [{loc, msg}]}` an ApiValidationError listing each problem, anything else the status line.
 */
export function errorFromAnswer(status: number, statusText: string, body: unknown): ApiRequestError {
  const fallback = `The request failed (${status}${statusText ? ` ${statusText}` : ''}).`
  const detail = body && typeof body === 'object' && 'detail' in body ? body.detail : undefined
  if (typeof detail === 'string' && detail !== '') return new ApiRequestError(status, detail)
  if (Array.isArray(detail)) {
    const problems: ValidationProblem[] = []
    for (const item of detail as unknown[]) {
      if (!item || typeof item !== 'object' || !('msg' in item) || typeof item.msg !== 'string') continue
      problems.push({ where: placeOf('loc' in item ? item.loc : undefined), msg: item.msg })
    }
    if (problems.length > 0) {
      const text = problems.map((p) => (p.where ? `${p.where}: ${p.msg}` : p.msg)).join('; ')
      return new ApiValidationError(status, text, problems)
    }
  }
  return new ApiRequestError(status, fallback)
}
