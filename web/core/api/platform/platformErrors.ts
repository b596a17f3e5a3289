import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import { errorSchema, validationErrorSchema } from '../errorSchema'

/**
 * Errors of the platform resources beyond schema validation: a rule about a body field that only
 * the stored data can decide (an unknown parent, a wrong value type) is a 422 at that field, like
 * any other validation failure; a clash with what is stored (a taken route) is a 409.
 */

/** A 422 `{detail: [{loc: ['body', ...field], msg, type: 'value_error'}]}`. */
export function bodyIssue(field: string | Array<string | number>, msg: string): ApiError {
  const path = typeof field === 'string' ? [field] : field
  return ApiError.unprocessable([{ loc: ['body', ...path], msg, type: 'value_error' }])
}

/** A 409 `{detail}`: the request is valid but conflicts with what is stored. */
export function conflict(detail: string): ApiError {
  return new ApiError(409, detail)
}

/** A value the JSON body must carry (null included): `z.unknown()` alone would let it be left out. */
export const requiredJson = z.unknown().refine((value) => value !== undefined, { message: 'Field required' })

/** Documented responses every platform resource shares. */
export const validationResponse = {
  description: 'Validation error: `{detail: [{loc, msg, type}]}`',
  schema: validationErrorSchema,
}
export function notFoundResponse(detail: string) {
  return { description: detail, schema: errorSchema }
}
export function conflictResponse(description: string) {
  return { description, schema: errorSchema }
}
/** The 400 of a route that reaches another server: the server's outbound policy refused its address. */
export const outboundRefusedResponse = {
  description: 'The server’s outbound policy does not reach that address (the detail names the rule)',
  schema: errorSchema,
}
