import { z } from 'zod'

export const COMPONENT_KIND = 'component'

/** Component ids appear in paths, so they keep to URL-safe characters. */
export const componentKey = z
  .string()
  .min(1)
  .max(128)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:-]*$/,
    'Letters, digits, ".", "_", ":" and "-", starting with a letter or digit',
  )

const fields = {
  name: z.string().trim().min(1).max(200),
  component_id: componentKey,
  description: z.string().max(2000),
  icon: z.string().max(200).nullable(),
  is_system: z.boolean(),
}

export const createComponentBody = z.strictObject({
  name: fields.name,
  component_id: fields.component_id,
  description: fields.description.default(''),
  icon: fields.icon.default(null),
  is_system: fields.is_system.default(false),
})

export const updateComponentBody = z.strictObject({
  name: fields.name.optional(),
  component_id: fields.component_id.optional(),
  description: fields.description.optional(),
  icon: fields.icon.optional(),
  is_system: fields.is_system.optional(),
})

export const componentSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    component_id: z.string(),
    description: z.string(),
    icon: z.string().nullable(),
    is_system: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Component' })

export const componentParams = z.object({ component_id: componentKey })
