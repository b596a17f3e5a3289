import type { LatencySummary } from './latencySummary'
import { latencySummary } from './latencySummary'
import { round } from './round'
import type { TimedAnswer } from './TimedCall'

/** What a browser bench's line says of one host's timed answers to a case, beside the server's. */
export interface TimedCaseFields {
  n: number
  p50_ms: number
  p95_ms: number
  ratio_p50: number
  ratio_p95: number
  first_word_p50_ms?: number
  first_word_p95_ms?: number
  first_word_ratio_p50?: number
  same_passages_as_server?: number
}

/**
 * One host's figures for a case, each with its ratio to the server's (`server`: the server's answers to the
 * same calls, in the same order): p50 and p95, the first word's where the answers streamed, and with
 * `comparePassages` how many answers gave the server's passages (the same digest at the same place).
 */
export function timedCaseFields(
  answers: readonly TimedAnswer[],
  server: readonly TimedAnswer[],
  comparePassages: boolean,
): TimedCaseFields {
  const reference = latencySummary(server.map((answer) => answer.ms))
  const summary = latencySummary(answers.map((answer) => answer.ms))
  const firstWord = firstWords(answers)
  const serverFirstWord = firstWords(server)
  return {
    n: answers.length,
    p50_ms: summary.p50_ms,
    p95_ms: summary.p95_ms,
    ratio_p50: round(summary.p50_ms / reference.p50_ms, 2),
    ratio_p95: round(summary.p95_ms / reference.p95_ms, 2),
    ...(firstWord && serverFirstWord
      ? {
          first_word_p50_ms: firstWord.p50_ms,
          first_word_p95_ms: firstWord.p95_ms,
          first_word_ratio_p50: round(firstWord.p50_ms / serverFirstWord.p50_ms, 2),
        }
      : {}),
    ...(comparePassages
      ? { same_passages_as_server: answers.filter((answer, i) => answer.digest === server[i]?.digest).length }
      : {}),
  }
}

function firstWords(answers: readonly TimedAnswer[]): LatencySummary | undefined {
  const times = answers.flatMap((answer) => (answer.first_token_ms === null ? [] : [answer.first_token_ms]))
  return times.length > 0 ? latencySummary(times) : undefined
}
