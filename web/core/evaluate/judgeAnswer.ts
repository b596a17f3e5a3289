import type { ChatModel, ChatTurn } from '../generate/ChatModel'
import { readJudgeReply } from './readJudgeReply'
import type { EvaluationAnswer } from './runEvaluation'
import { scoreAnswer } from './scoreAnswer'
import { stripCitations } from './stripCitations'
import type { TestCase } from './TestCase'
import type { Verdict } from './Verdict'

export type { Verdict } from './Verdict'

export interface JudgeInput {
  question: string
  answer: string
  /** Every acceptable reference answer (a test case's `answers`). */
  answers: readonly string[]
}

/** A verdict is a word and a sentence; anything much longer is a model that ignored the instructions. */
const MAX_REPLY_CHARS = 4000
// What a confident-sounding verdict without a number is worth: it decided, but said nothing about doubt.
const UNSTATED_CONFIDENCE = 0.5

/**
 * Decides whether an answer is correct (DESIGN.md section 2).
 *
 * With a model: an LLM judge asked for `{"correct", "confidence", "reasoning"}` as JSON, read leniently
 * (`readJudgeReply`). When the model fails (unreachable, refuses, stops mid-reply) or says nothing that
 * can be read as a verdict, the token-F1 judge decides and the reasoning says why it stood in. An abort
 * is not a failure: it rejects with the signal's reason.
 *
 * Without a model: `scoreAnswer` (normalised token F1 >= 0.5, or the reference contained in the answer).
 */
export async function judgeAnswer(
  input: JudgeInput,
  model?: ChatModel,
  signal?: AbortSignal,
): Promise<Verdict> {
  signal?.throwIfAborted()
  if (model === undefined) return scoreAnswer(input.answer, input.answers)

  let reply = ''
  try {
    for await (const delta of model.stream({
      messages: judgePrompt(input),
      ...(signal ? { signal } : {}),
      temperature: 0,
      maxTokens: 300,
    })) {
      reply += delta
      if (reply.length >= MAX_REPLY_CHARS) break
    }
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    const fallback = scoreAnswer(input.answer, input.answers)
    const why = error instanceof Error ? error.message : String(error)
    return { ...fallback, reasoning: `LLM judge ${model.id} failed (${why}); ${fallback.reasoning}` }
  }
  signal?.throwIfAborted()

  const read = readJudgeReply(reply)
  if (read === null) {
    const fallback = scoreAnswer(input.answer, input.answers)
    return {
      ...fallback,
      reasoning: `LLM judge ${model.id} gave no verdict that could be read (${quote(reply)}); ${fallback.reasoning}`,
    }
  }
  return {
    is_correct: read.correct,
    confidence: read.confidence ?? UNSTATED_CONFIDENCE,
    reasoning: `LLM judge ${model.id}: ${read.reasoning || (read.correct ? 'correct' : 'incorrect')}`,
  }
}

/** `runEvaluation`'s judge: `judgeAnswer` of an answer against its test case's question and references. */
export function judgeTestCase(
  model?: ChatModel,
): (testCase: TestCase, answer: EvaluationAnswer, signal: AbortSignal) => Promise<Verdict> {
  return (testCase, answer, signal) =>
    judgeAnswer(
      { question: testCase.question, answer: answer.answer, answers: testCase.answers },
      model,
      signal,
    )
}

/** The judge's instructions and the case to judge. Exported so tests and prompt tweaks can see it. */
export function judgePrompt(input: JudgeInput): ChatTurn[] {
  const references = input.answers.map((answer) => `- ${answer}`).join('\n')
  return [
    {
      role: 'system',
      content:
        'You grade answers to questions against reference answers. An answer is correct when it states ' +
        'the fact a reference answer gives, even in other words, in another form ("4" for "four") or ' +
        'inside a longer passage. It is incorrect when it gives a different fact, contradicts the ' +
        'references, or does not answer (for example "I don\'t know"). Reply with one JSON object and ' +
        'nothing else: {"correct": true or false, "confidence": a number from 0 to 1, ' +
        '"reasoning": "one short sentence"}',
    },
    {
      role: 'user',
      content:
        `Question: ${input.question.trim()}\n\n` +
        `Reference answer(s):\n${references}\n\n` +
        `Answer to grade:\n${stripCitations(input.answer) || '(empty answer)'}`,
    },
  ]
}

function quote(reply: string): string {
  const text = reply.replace(/\s+/gu, ' ').trim()
  if (text === '') return 'an empty reply'
  return `"${text.length > 80 ? `${text.slice(0, 80)}…` : text}"`
}
