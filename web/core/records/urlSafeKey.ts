import { z } from 'zod'

/**
 * A client-chosen key that appears in paths (a component's `component_id`, a setting definition's
 * id), so it keeps to URL-safe characters.
 */
export const urlSafeKey = z
  .string()
  .min(1)
  .max(128)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:-]*$/,
    'Letters, digits, ".", "_", ":" and "-", starting with a letter or digit',
  )
