import { describe, expect, it } from 'vitest'
import type { EvaluationResult } from '../store/EvaluationRun'
import { runEvaluation, type EvaluationAnswer } from './runEvaluation'
import type { TestCase } from './TestCase'
import type { Verdict } from './Verdict'

const cases: TestCase[] = ['one', 'two', 'three', 'four'].map((word, i) => ({
  id: String(i + 1),
  question: `Question ${word}?`,
  ground_truth: word,
  answers: [word],
  category: i % 2 === 0 ? 'even' : null,
}))

const exactJudge = async (testCase: TestCase, answer: EvaluationAnswer): Promise<Verdict> => ({
  is_correct: answer.answer === testCase.ground_truth,
  confidence: answer.answer === testCase.ground_truth ? 1 : 0,
  reasoning: 'compared',
})

/** Answers after a delay that shrinks with position, so out-of-order work would show. */
function delayedAnswer(testCase: TestCase, signal: AbortSignal): Promise<EvaluationAnswer> {
  const delay = (cases.length - Number(testCase.id)) * 3
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => resolve({ answer: testCase.ground_truth, retrieved_chunks: ['a', 'b'] }),
      delay,
    )
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason as Error)
    })
  })
}

describe('runEvaluation', () => {
  it('answers, judges and reports every case in order, one at a time', async () => {
    const results: EvaluationResult[] = []
    let running = 0
    let mostAtOnce = 0
    await runEvaluation({
      testCases: cases,
      signal: new AbortController().signal,
      answer: async (testCase, signal) => {
        running++
        mostAtOnce = Math.max(mostAtOnce, running)
        try {
          return await delayedAnswer(testCase, signal)
        } finally {
          running--
        }
      },
      judge: exactJudge,
      onResult: async (result) => {
        await new Promise((resolve) => setTimeout(resolve, 1))
        results.push(result)
      },
    })
    expect(mostAtOnce).toBe(1)
    expect(results.map((result) => result.question)).toEqual(cases.map((testCase) => testCase.question))
    expect(results[0]).toEqual({
      question: 'Question one?',
      answer: 'one',
      is_correct: true,
      confidence: 1,
      chunks_used: 2,
      ground_truth: 'one',
      category: 'even',
      reasoning: 'compared',
      retrieved_chunks: ['a', 'b'],
    })
    expect(results[1]?.category).toBeNull()
  })

  it('records a question that cannot be answered or judged as incorrect and goes on', async () => {
    const results: EvaluationResult[] = []
    await runEvaluation({
      testCases: cases,
      signal: new AbortController().signal,
      answer: async (testCase) => {
        if (testCase.id === '2') throw new Error('the generator is unreachable')
        return { answer: testCase.ground_truth, retrieved_chunks: [] }
      },
      judge: async (testCase, answer) => {
        if (testCase.id === '3') throw new Error('judge crashed')
        return exactJudge(testCase, answer)
      },
      onResult: async (result) => {
        results.push(result)
      },
    })
    expect(results.map((result) => [result.is_correct, result.reasoning])).toEqual([
      [true, 'compared'],
      [false, 'could not answer: the generator is unreachable'],
      [false, 'could not judge the answer: judge crashed'],
      [true, 'compared'],
    ])
    expect(results[1]).toMatchObject({ answer: '', chunks_used: 0, retrieved_chunks: [], confidence: 0 })
    expect(results[2]).toMatchObject({ answer: 'three', confidence: 0 })
  })

  it('stops between questions on abort and rejects with the reason', async () => {
    const controller = new AbortController()
    const reason = new Error('cancelled by the user')
    const results: EvaluationResult[] = []
    const asked: string[] = []
    const run = runEvaluation({
      testCases: cases,
      signal: controller.signal,
      answer: (testCase, signal) => {
        asked.push(testCase.id)
        if (testCase.id === '2') controller.abort(reason) // mid-answer: this one is not reported
        return delayedAnswer(testCase, signal)
      },
      judge: exactJudge,
      onResult: async (result) => {
        results.push(result)
      },
    })
    await expect(run).rejects.toBe(reason)
    expect(asked).toEqual(['1', '2'])
    expect(results.map((result) => result.question)).toEqual(['Question one?'])
  })

  it('does not report a result finished after the abort, even if the answer ignored the signal', async () => {
    const controller = new AbortController()
    const results: EvaluationResult[] = []
    const run = runEvaluation({
      testCases: cases,
      signal: controller.signal,
      answer: async (testCase) => {
        if (testCase.id === '1') controller.abort()
        return { answer: testCase.ground_truth, retrieved_chunks: [] }
      },
      judge: exactJudge,
      onResult: async (result) => {
        results.push(result)
      },
    })
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    expect(results).toEqual([])
  })

  it('ends when a result cannot be kept', async () => {
    const failure = new Error('disk full')
    let calls = 0
    const run = runEvaluation({
      testCases: cases,
      signal: new AbortController().signal,
      answer: async (testCase) => ({ answer: testCase.ground_truth, retrieved_chunks: [] }),
      judge: exactJudge,
      onResult: async () => {
        calls++
        if (calls === 2) throw failure
      },
    })
    await expect(run).rejects.toBe(failure)
    expect(calls).toBe(2)
  })

  it('rejects at once when aborted before it starts', async () => {
    const controller = new AbortController()
    controller.abort(new Error('never mind'))
    let asked = 0
    await expect(
      runEvaluation({
        testCases: cases,
        signal: controller.signal,
        answer: async () => {
          asked++
          return { answer: '', retrieved_chunks: [] }
        },
        judge: exactJudge,
        onResult: async () => {},
      }),
    ).rejects.toThrow('never mind')
    expect(asked).toBe(0)
  })
})
