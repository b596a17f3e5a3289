import { describe, expect, it } from 'vitest'
import { judgeGrounded } from './judgeGrounded'

describe('judgeGrounded', () => {
  const context = 'The lighthouse lamp is trimmed at dusk. Keepers log the fog signal hourly.'

  it('counts an answer drawn from the context as correct, with its share of words as confidence', () => {
    const verdict = judgeGrounded('The lamp is trimmed at dusk.', context)
    expect(verdict.is_correct).toBe(true)
    expect(verdict.confidence).toBe(1)
  })

  it('counts an answer the context does not support as incorrect', () => {
    const verdict = judgeGrounded('Penguins migrate south every winter.', context)
    expect(verdict.is_correct).toBe(false)
    expect(verdict.reasoning).toMatch(/0 of the answer's 5 words/)
  })

  it('never counts an empty answer', () => {
    expect(judgeGrounded('  ', context)).toMatchObject({ is_correct: false, confidence: 0 })
  })
})
