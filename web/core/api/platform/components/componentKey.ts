import { z } from 'zod'

/** Component ids appear in paths, so they keep to URL-safe characters. */
export const componentKey = z
  .string()
  .min(1)
  .max(128)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:-]*$/,
    'Letters, digits, ".", "_", ":" and "-", starting with a letter or digit',
  )
