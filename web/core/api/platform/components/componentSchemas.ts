import { z } from 'zod'
import { userIdInput } from '../compat/callerUserId'
import { componentKey } from '../../../records/kinds/componentKey'

const fields = {
  name: z.string().trim().min(1).max(200),
  component_id: componentKey,
  description: z.string().max(2000),
  icon: z.string().max(200),
  is_system: z.boolean(),
}

/** Pydantic's `Optional[...]`: null may be sent where the field may be left out. */
export const createComponentBody = z.object({
  name: fields.name,
  component_id: fields.component_id,
  description: fields.description.nullish().transform((value) => value ?? ''),
  icon: fields.icon.nullish().transform((value) => value ?? null),
  is_system: fields.is_system.nullish().transform((value) => value ?? false),
  /** BrainDrive's schema asks for it; the record is the caller's whatever it says (another user: 403). */
  user_id: userIdInput.optional(),
})

export const updateComponentBody = z.object({
  name: fields.name.nullish().transform((value) => value ?? undefined),
  component_id: fields.component_id.nullish().transform((value) => value ?? undefined),
  /** null clears it, as BrainDrive sets every field sent. */
  description: fields.description.nullish().transform((value) => (value === null ? '' : value)),
  icon: fields.icon.nullable().optional(),
  is_system: fields.is_system.nullish().transform((value) => value ?? undefined),
  user_id: userIdInput.optional(),
})

export const componentSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    component_id: z.string(),
    description: z.string(),
    icon: z.string().nullable(),
    is_system: z.boolean(),
    user_id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Component' })
