import type { Persona, PersonaInput } from '../api/conversationsApi'

/** The persona form's fields as typed: numbers and the tag list are still text. */
export interface PersonaDraft {
  name: string
  description: string
  system_prompt: string
  temperature: string
  max_tokens: string
  tags: string
  sample_greeting: string
}

export type PersonaErrors = Partial<Record<keyof PersonaDraft, string>>

export const EMPTY_PERSONA_DRAFT: PersonaDraft = {
  name: '',
  description: '',
  system_prompt: '',
  temperature: '',
  max_tokens: '',
  tags: '',
  sample_greeting: '',
}

/** A stored persona as form text, for editing. */
export function personaDraft(persona: Persona): PersonaDraft {
  return {
    name: persona.name,
    description: persona.description,
    system_prompt: persona.system_prompt,
    temperature: persona.model_settings.temperature?.toString() ?? '',
    max_tokens: persona.model_settings.max_tokens?.toString() ?? '',
    tags: persona.tags.join(', '),
    sample_greeting: persona.sample_greeting,
  }
}

/**
 * The draft as the API's persona fields, or the errors to show beside each field. Empty numbers mean
 * "the model's default" and are left out; tags are comma-separated, trimmed, without blanks or repeats.
 */
export function parsePersonaDraft(
  draft: PersonaDraft,
): { ok: true; input: PersonaInput } | { ok: false; errors: PersonaErrors } {
  const errors: PersonaErrors = {}
  const name = draft.name.trim()
  if (!name) errors.name = 'Give the persona a name.'
  const model_settings: PersonaInput['model_settings'] = {}
  if (draft.temperature.trim()) {
    const temperature = Number(draft.temperature)
    if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2) {
      errors.temperature = 'Temperature is a number from 0 to 2.'
    } else model_settings.temperature = temperature
  }
  if (draft.max_tokens.trim()) {
    const maxTokens = Number(draft.max_tokens)
    if (!Number.isInteger(maxTokens) || maxTokens < 1) {
      errors.max_tokens = 'Maximum tokens is a whole number of 1 or more.'
    } else model_settings.max_tokens = maxTokens
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const tags = [
    ...new Set(
      draft.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ]
  return {
    ok: true,
    input: {
      name,
      description: draft.description.trim(),
      system_prompt: draft.system_prompt.trim(),
      model_settings,
      tags,
      sample_greeting: draft.sample_greeting.trim(),
      is_active: true,
    },
  }
}
