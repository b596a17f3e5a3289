import { describe, expect, it } from 'vitest'
import { readJudgeReply } from './readJudgeReply'

describe('readJudgeReply', () => {
  it('reads the JSON verdict asked for', () => {
    expect(readJudgeReply('{"correct": true, "confidence": 0.9, "reasoning": "Same person."}')).toEqual({
      correct: true,
      confidence: 0.9,
      reasoning: 'Same person.',
    })
  })

  it('finds the first verdict object inside fences, preambles and thinking', () => {
    const reply =
      '<think>The reference says {"correct": true}? No wait.</think>Here is my grading:\n' +
      '```json\n{"is_correct": "incorrect", "confidence": "85", "reason": "Wrong year {1990}."}\n```'
    expect(readJudgeReply(reply)).toEqual({
      correct: false,
      confidence: 0.85,
      reasoning: 'Wrong year {1990}.',
    })
    expect(readJudgeReply('Note {not json} then {"meta": 1} then {"verdict": "yes"}')).toEqual({
      correct: true,
      confidence: null,
      reasoning: '',
    })
    expect(readJudgeReply('stray { brace, then {"correct": false}')).toMatchObject({ correct: false })
  })

  it('ignores confidences that are not a fraction or a percentage', () => {
    expect(readJudgeReply('{"correct": true, "confidence": 250}')?.confidence).toBeNull()
    expect(readJudgeReply('{"correct": true, "confidence": -1}')?.confidence).toBeNull()
    expect(readJudgeReply('{"correct": true, "confidence": "high"}')?.confidence).toBeNull()
  })

  it('falls back to a leading yes or no', () => {
    expect(readJudgeReply('Yes. The answer names the same city.')).toEqual({
      correct: true,
      confidence: null,
      reasoning: 'The answer names the same city.',
    })
    expect(readJudgeReply('**Incorrect** - it gives 1990, the reference says 1991')).toEqual({
      correct: false,
      confidence: null,
      reasoning: 'it gives 1990, the reference says 1991',
    })
    expect(readJudgeReply('Verdict: not correct')).toMatchObject({ correct: false })
    expect(readJudgeReply('no')).toEqual({ correct: false, confidence: null, reasoning: '' })
  })

  it('gives up on replies without a verdict', () => {
    expect(readJudgeReply('')).toBeNull()
    expect(readJudgeReply('The answer mentions Tesla.')).toBeNull()
    expect(readJudgeReply('{"confidence": 0.9}')).toBeNull()
    expect(readJudgeReply('{"correct": "maybe"}')).toBeNull()
    expect(readJudgeReply('Nothing here {"correct": tru')).toBeNull()
  })
})
