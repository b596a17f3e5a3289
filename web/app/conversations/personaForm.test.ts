import { describe, expect, it } from 'vitest'
import type { Persona } from '../api/conversationsApi'
import { EMPTY_PERSONA_DRAFT, parsePersonaDraft, personaDraft } from './personaForm'

describe('parsePersonaDraft', () => {
  it('turns the typed fields into the API fields', () => {
    const result = parsePersonaDraft({
      ...EMPTY_PERSONA_DRAFT,
      name: '  Tutor ',
      system_prompt: 'Explain simply.',
      temperature: '0.3',
      max_tokens: '256',
      tags: 'teaching, , maths, teaching',
      sample_greeting: 'Hello!',
    })
    expect(result).toEqual({
      ok: true,
      input: {
        name: 'Tutor',
        description: '',
        system_prompt: 'Explain simply.',
        model_settings: { temperature: 0.3, max_tokens: 256 },
        tags: ['teaching', 'maths'],
        sample_greeting: 'Hello!',
        is_active: true,
      },
    })
  })

  it('leaves empty numbers to the model and rejects bad ones per field', () => {
    const empty = parsePersonaDraft({ ...EMPTY_PERSONA_DRAFT, name: 'A' })
    expect(empty.ok && empty.input.model_settings).toEqual({})
    const bad = parsePersonaDraft({ ...EMPTY_PERSONA_DRAFT, temperature: '3', max_tokens: '1.5' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['max_tokens', 'name', 'temperature'])
  })

  it('round-trips a stored persona through the form', () => {
    const persona: Persona = {
      id: 'p',
      name: 'Guide',
      description: 'Walks',
      system_prompt: 'Be brief.',
      model_settings: { temperature: 1 },
      tags: ['a', 'b'],
      sample_greeting: 'Hi',
      is_active: true,
      created_at: 'x',
      updated_at: 'x',
    }
    const parsed = parsePersonaDraft(personaDraft(persona))
    expect(parsed.ok && parsed.input).toMatchObject({
      name: 'Guide',
      model_settings: { temperature: 1 },
      tags: ['a', 'b'],
    })
  })
})
