import type { Middleware } from 'koa'
import { koaBody } from 'koa-body'
import { ApiError } from '../../web/core/api/ApiError'
import { MALFORMED_JSON_DETAIL } from '../../web/core/api/parseJsonBody'

/**
 * koa-body, set up for the route table: any JSON value is parsed (the route's schema, not the parser,
 * decides what shape is acceptable), the raw text is kept so an empty body can be told apart, and
 * parse failures become ApiErrors with the same details the browser host gives.
 */
export function bodyParser(limit = '1mb'): Middleware {
  return koaBody({
    json: true,
    jsonStrict: false,
    text: true,
    urlencoded: false,
    multipart: false,
    includeUnparsed: true,
    jsonLimit: limit,
    textLimit: limit,
    onError(error) {
      const status = (error as { status?: number }).status
      if (status === 413) throw new ApiError(413, `Request body is larger than ${limit}`)
      if (status === 415) throw new ApiError(415, 'Unsupported request body encoding')
      throw ApiError.badRequest(MALFORMED_JSON_DETAIL)
    },
  })
}
