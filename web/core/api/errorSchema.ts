import { z } from 'zod'

/** Every error body of the document-chat surface: `{detail: string}`. */
export const errorSchema = z.object({ detail: z.string() }).meta({ id: 'Error' })

/** The platform API's validation failure (422): `{detail: [{loc, msg, type}]}`. */
export const validationErrorSchema = z
  .object({
    detail: z.array(
      z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() }),
    ),
  })
  .meta({ id: 'ValidationError' })

/** A route's error response in the OpenAPI document: what it means, with the `{detail}` body. */
export const errorResponse = (description: string) => ({ description, schema: errorSchema })
