import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../testing/corpusDir'
import type { AnswerSource } from './AnswerGenerator'
import { CLOSEST_LABEL, NO_ANSWER_OPENING } from './extractive/answerWording'
import { composeAnswer } from './extractive/composeAnswer'
import { extractiveAnswer, extractiveGenerator } from './extractiveGenerator'
import { scaledTimeout } from '../testing/node/scaledTimeout'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const xquad = `${corpusDir(process.env, repoRoot)}/qa/xquad-en`
const articles = readdirSync(`${xquad}/docs`).sort()

type Passage = Omit<AnswerSource, 'number'>

const cache = new Map<string, Passage[]>()

/** An xquad article's paragraphs as passages, under the article's `#` title as heading. */
function paragraphs(file: string): Passage[] {
  const cached = cache.get(file)
  if (cached) return cached
  let heading: string | null = null
  const passages: Passage[] = []
  for (const block of readFileSync(`${xquad}/docs/${file}`, 'utf8').split(/\n\s*\n/u)) {
    const text = block.trim()
    const title = /^#\s+(.*)$/u.exec(text)
    if (title) heading = title[1]!
    else if (text !== '') {
      passages.push({
        chunk_id: `${file}#${passages.length}`,
        document_id: file,
        filename: file,
        page: null,
        heading,
        text,
        score: 1,
      })
    }
  }
  cache.set(file, passages)
  return passages
}

const numbered = (passages: Passage[]): AnswerSource[] =>
  passages.map((passage, i) => ({ ...passage, number: i + 1 }))

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = []
  for await (const piece of stream) pieces.push(piece)
  return pieces
}

/** "sentence [n] sentence [m]" -> [[sentence, n], [sentence, m]]. */
function quotes(answer: string): Array<[string, number]> {
  return [...answer.matchAll(/(.+?) \[(\d+)\](?: |$)/gsu)].map((match) => [match[1]!, Number(match[2])])
}

describe('extractiveGenerator', () => {
  it('quotes the sentence that defines what a "what is" question asks about, citing its source', () => {
    const sources = numbered([
      ...paragraphs('01_Warsaw.md').slice(0, 2),
      ...paragraphs('16_Amazon_rainforest.md'),
    ])
    const amazon = extractiveAnswer({ question: 'What is the Amazon rainforest?', sources })
    // The definition is long and has a parenthesis of names between subject and verb; it still wins.
    expect(amazon).toMatch(
      /^The Amazon rainforest \(Portuguese: .*is a moist broadleaf forest that covers most of the Amazon basin of South America\. \[3\]$/u,
    )

    const complexity = numbered(paragraphs('04_Computational_complexity_theory.md'))
    expect(extractiveAnswer({ question: 'What is a problem instance?', sources: complexity })).toBe(
      'When considering computational problems, a problem instance is a string over an alphabet. [2]',
    )
  })

  it('answers factual questions with the sentence holding the answer', () => {
    expect(
      extractiveAnswer({
        question: 'What year did Tesla die?',
        sources: numbered(paragraphs('03_Nikola_Tesla.md')),
      }),
    ).toBe('Tesla died on 7 January 1943. [1]')
    expect(
      extractiveAnswer({
        question: 'What is the basic unit of territorial division in Poland?',
        sources: numbered([...paragraphs('02_Normans.md').slice(0, 1), ...paragraphs('01_Warsaw.md')]),
      }),
    ).toBe('The basic unit of territorial division in Poland is a commune (gmina). [5]')
  })

  it('reads a sentence in the context of its heading', () => {
    const passage = (heading: string, text: string, number: number): AnswerSource => ({
      number,
      chunk_id: `c${number}`,
      document_id: 'releases',
      filename: 'releases.md',
      page: null,
      heading: `Release history > ${heading}`,
      text,
      score: 1,
    })
    const sources = [
      passage('Ferrite', 'Ferrite is a command-line tool that compresses satellite images for archives.', 1),
      passage('Ferrite 2', 'The second version of Ferrite switched its compression to a wavelet codec.', 2),
      passage('Lumen 2', 'The second version of Lumen added real-time collaborative editing.', 3),
    ]
    // "2" is only in the heading: the sentence under "Ferrite 2" is the answer, not "no answer".
    expect(extractiveAnswer({ question: 'How did Ferrite 2 change compression?', sources })).toBe(
      'The second version of Ferrite switched its compression to a wavelet codec. [2]',
    )
  })

  it('says plainly when the passages do not answer, naming what was searched and citing nothing', () => {
    const sources = numbered(paragraphs('19_Packet_switching.md'))
    expect(extractiveAnswer({ question: 'Who won the 2022 World Cup?', sources })).toBe(
      'The documents do not say who won the 2022 World Cup. ' +
        'I searched the 5 passages that best matched the question, from 19_Packet_switching.md, ' +
        'and none of them mentions “2022”, “world” or “cup”.',
    )
    // A hedge says how the question was asked, not what the passages lack.
    expect(extractiveAnswer({ question: 'Who just won the cup?', sources })).toMatch(
      /none of them mentions “won” or “cup”\.$/u,
    )
    const two = numbered([
      ...paragraphs('12_Oxygen.md').slice(0, 1),
      ...paragraphs('21_Geology.md').slice(0, 1),
    ])
    const answer = extractiveAnswer({
      question: 'Which oxygen rocks formed the earliest mountains?',
      sources: two,
    })
    // Matched only in part ("oxygen", not the rest): not found, said first, then the closest sentences
    // under their own label.
    expect(answer).toMatch(
      /^The documents do not answer “Which oxygen rocks formed the earliest mountains”\. /u,
    )
    expect(answer).toContain(`\n\n${CLOSEST_LABEL} `)
    // Nothing matched at all: not in the documents, saying what was searched and citing nothing.
    const none = extractiveAnswer({ question: 'Which rivers flow through Mordor?', sources: two })
    expect(none.startsWith(NO_ANSWER_OPENING)).toBe(true)
    expect(none).toContain('from 12_Oxygen.md and 21_Geology.md')
    expect(none).not.toMatch(/\[\d+\]/u)
  })

  it('says no documents matched when there are no sources', () => {
    expect(extractiveAnswer({ question: 'What is a trace tree?', sources: [] })).toBe(
      'No documents matched this question, so there is nothing to answer from. ' +
        'Try other words, or check that the collection has documents that finished processing.',
    )
  })

  // Measured when written (632 questions; sources: the article's paragraphs and two of the next
  // article's): 94% answered, 82% of all answers contain the expected answer; with only the next
  // article's paragraphs, 2.4% answered (the rest: "the documents do not say", then the closest
  // passages). Floors sit a few points under. (Before the question was understood as a whole: 81% and
  // 72%; while the closest sentences were quoted under "The closest passages say:", 94%, 81% and none.)
  it(
    'on xquad-en: answers most questions from the right article, quotes sources exactly, and cites them right',
    () => {
      const questions = readFileSync(`${xquad}/questions.jsonl`, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as { question: string; answers: string[]; doc: string })
      let answered = 0
      let correct = 0
      let wronglyAnswered = 0
      for (const { question, answers, doc } of questions) {
        const article = doc.replace('docs/', '')
        const next = articles[(articles.indexOf(article) + 1) % articles.length]!
        const sources = numbered([...paragraphs(article), ...paragraphs(next).slice(0, 2)])
        const { kind, pieces } = composeAnswer({ question, sources })
        const answer = pieces.join('')
        if (kind !== 'none') {
          answered++
          if (answers.some((expected) => answer.includes(expected))) correct++
          const quotedPart = answer
          const quoted = quotes(quotedPart)
          expect(quoted.length).toBeGreaterThanOrEqual(1)
          expect(quoted.length).toBeLessThanOrEqual(3)
          expect(quoted.map(([text, n]) => `${text} [${n}]`).join(' ')).toBe(quotedPart)
          for (const [text, n] of quoted) {
            const source = sources.find((candidate) => candidate.number === n)
            expect(source, `[${n}] in ${answer}`).toBeDefined()
            expect(source!.text.replace(/\s+/gu, ' ')).toContain(text.replace(/…$/u, ''))
          }
        }
        // From another article, hardly ever an answer stated as one.
        const elsewhere = composeAnswer({ question, sources: numbered(paragraphs(next)) })
        if (elsewhere.kind === 'answer') wronglyAnswered++
      }
      expect(answered / questions.length).toBeGreaterThanOrEqual(0.9)
      expect(correct / questions.length).toBeGreaterThanOrEqual(0.77)
      expect(wronglyAnswered / questions.length).toBeLessThanOrEqual(0.03)
      // 632 questions answered in turn: about 11 s on a 2-core machine at a load of 9, past vitest's 20 s default
      // when the suite's other workers share it. What it checks is the answers, not their speed (the answers
      // benchmark times them).
    },
    scaledTimeout(120_000),
  )

  it('answers "which X" of one X with the sentence that names it, not one that only repeats the ask', () => {
    const passage = (text: string, number: number): AnswerSource => ({
      number,
      chunk_id: `c${number}`,
      document_id: 'gpu-guide',
      filename: 'gpu-guide.md',
      page: null,
      heading: 'GPU support > OCR',
      text,
      score: 1,
    })
    const sources = [
      passage(
        'The current OCR engines of the toolkit rely on third-party libraries, hence GPU support depends on the availability in the respective engines. The only setup which is known to work at the moment is RapidOCR with the torch backend.',
        1,
      ),
      passage('Enable GPU acceleration by configuring the accelerator device of the toolkit.', 2),
    ]
    expect(extractiveAnswer({ question: 'which ocr engine works on gpu in the toolkit', sources })).toContain(
      'RapidOCR',
    )
  })

  it('streams the answer in several pieces that join to it, the same every time', async () => {
    const request = {
      question: 'How many points did the Panthers defense surrender?',
      history: [],
      sources: numbered(paragraphs('00_Super_Bowl_50.md')),
    }
    const pieces = await collect(extractiveGenerator.answer(request))
    expect(extractiveGenerator.id).toBe('extractive')
    expect(pieces.length).toBeGreaterThan(5)
    expect(pieces.join('')).toBe(extractiveAnswer(request))
    expect(pieces.join('')).toMatch(/^The Panthers defense gave up just 308 points.* \[1\]$/u)
    expect(await collect(extractiveGenerator.answer(request))).toEqual(pieces)
  })

  it('stops with the abort reason when the signal aborts', async () => {
    const controller = new AbortController()
    const reason = new Error('stopped by the user')
    const request = {
      question: 'What year did Tesla die?',
      history: [],
      sources: numbered(paragraphs('03_Nikola_Tesla.md')),
      signal: controller.signal,
    }
    const seen: string[] = []
    await expect(
      (async () => {
        for await (const piece of extractiveGenerator.answer(request)) {
          seen.push(piece)
          controller.abort(reason)
        }
      })(),
    ).rejects.toBe(reason)
    expect(seen).toHaveLength(1)
  })
})
