import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import type { EvaluationResult } from '../store/EvaluationRun'
import { corpusDir } from '../testing/corpusDir'
import { xquadQuestions } from '../testing/node/xquadQuestions'
import { judgeTestCase } from './judgeAnswer'
import { parseTestCases } from './parseTestCases'
import { runEvaluation } from './runEvaluation'
import type { TestCase } from './TestCase'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const corpus = corpusDir(process.env, repoRoot)
const script = join(repoRoot, 'scripts/xquadTestCases.mjs')
const work = mkdtempSync(join(tmpdir(), 'quire-xquad-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const questionLines = xquadQuestions(`${corpus}/qa/xquad-en`)

function writeCases(count: string): string {
  const out = join(work, `cases-${count}.json`)
  execFileSync(process.execPath, [script, count, out], { env: { ...process.env, CORPUS_DIR: corpus } })
  return readFileSync(out, 'utf8')
}

/** The first sentence of the article holding the reference answer: what an extractive answerer says. */
function sentenceWith(testCase: TestCase): string {
  const article = readFileSync(`${corpus}/qa/xquad-en/docs/${testCase.category}`, 'utf8')
  const sentences = article.split(/(?<=[.!?])\s+|\n+/u)
  return sentences.find((sentence) => sentence.includes(testCase.ground_truth)) ?? article
}

async function accuracy(
  cases: TestCase[],
  answerOf: (testCase: TestCase, index: number) => string,
): Promise<number> {
  const results: EvaluationResult[] = []
  await runEvaluation({
    testCases: cases,
    signal: new AbortController().signal,
    answer: async (testCase) => ({
      answer: answerOf(testCase, cases.indexOf(testCase)),
      retrieved_chunks: [],
    }),
    judge: judgeTestCase(),
    onResult: async (result) => {
      results.push(result)
    },
  })
  return results.filter((result) => result.is_correct).length / results.length
}

describe('scripts/xquadTestCases.mjs', () => {
  it('writes the first N questions as a test-case file parseTestCases reads', () => {
    const cases = parseTestCases(writeCases('25'))
    expect(cases).toHaveLength(25)
    cases.forEach((testCase, i) => {
      const line = questionLines[i]!
      expect(testCase).toEqual({
        id: line.id,
        question: line.question,
        ground_truth: line.answers[0],
        answers: line.answers,
        category: line.doc.split('/').pop(),
      })
    })
  })

  it('refuses a count that is not a positive integer or exceeds the questions', () => {
    for (const count of ['0', '-3', 'ten', String(questionLines.length + 1)]) {
      expect(() =>
        execFileSync(process.execPath, [script, count, join(work, 'bad.json')], { stdio: 'pipe' }),
      ).toThrow()
    }
  })

  it('makes a set on which the model-free judge tells extractive right answers from wrong ones', async () => {
    const cases = parseTestCases(writeCases(String(questionLines.length)))
    expect(cases).toHaveLength(questionLines.length)
    const categories = [...new Set(cases.map((testCase) => testCase.category))]
    expect(categories.length).toBeGreaterThan(5)

    // Right: the article's sentence that holds the answer, cited as an extractive answerer would.
    const right = await accuracy(cases, (testCase) => `${sentenceWith(testCase)} [1]`)
    // Wrong: the sentence answering a question about another article.
    const other = (index: number) =>
      cases.find((c, j) => j > index && c.category !== cases[index]!.category) ?? cases[0]!
    const wrong = await accuracy(cases, (_, index) => `${sentenceWith(other(index))} [1]`)
    expect(right).toBeGreaterThan(0.97)
    expect(wrong).toBeLessThan(0.1)
  })
})
