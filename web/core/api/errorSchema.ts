import { z } from 'zod'

/** Every error body of the document-chat surface: `{detail: string}`. */
export const errorSchema = z.object({ detail: z.string() }).meta({ id: 'Error' })
