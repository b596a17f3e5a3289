import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { corpusFile } from '../lib/corpusFile'
import { financebenchQuestions } from '../lib/financebenchQuestions'
import { quirePdfPageTexts } from '../lib/quirePdfPageTexts'
import { type NaturalQuestion, naturalQuestions, parseNaturalQuestions } from './naturalQuestions'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const pdfDir = corpusFile('qa/financebench-dev/pdfs')
const flat = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()

describe('naturalQuestions.jsonl', () => {
  let questions: NaturalQuestion[]

  beforeAll(async () => {
    questions = await naturalQuestions()
  })

  it('parses, with unique ids and the mix of kinds the benchmark asks for', () => {
    expect(new Set(questions.map(({ id }) => id)).size).toBe(questions.length)
    const count = (kind: NaturalQuestion['kind']) => questions.filter((q) => q.kind === kind).length
    expect(count('figure')).toBeGreaterThanOrEqual(40)
    expect(count('fact')).toBeGreaterThanOrEqual(15)
    expect(count('absent')).toBeGreaterThanOrEqual(10)
  })

  it('gives figure questions their figure among the accepted strings, on the evidence line', () => {
    for (const q of questions) {
      if (q.kind === 'absent') continue
      const shown = q.kind === 'figure' ? q.figure : q.accept[0]!
      expect(q.accept.map(flat), q.id).toContain(flat(shown))
      expect(flat(q.evidence), q.id).toContain(flat(shown))
    }
  })

  it('refuses a line that is not a question, naming the line', () => {
    const good = JSON.stringify({
      id: 'nq-001',
      company: 'Tesla',
      question: 'Tesla deliveries 2021',
      kind: 'absent',
    })
    expect(parseNaturalQuestions(good)).toHaveLength(1)
    // An absent question with a page, a figure question without its figure, a kind that does not exist.
    const absentWithPage = { ...JSON.parse(good), doc: 'NIKE_2021_10K', page: 3 }
    const figureWithout = {
      ...JSON.parse(good),
      kind: 'figure',
      doc: 'NIKE_2021_10K',
      page: 3,
      accept: ['1'],
    }
    for (const bad of [absentWithPage, figureWithout, { ...JSON.parse(good), kind: 'opinion' }]) {
      expect(() => parseNaturalQuestions(`${good}\n${JSON.stringify(bad)}`)).toThrow(/:2:/)
    }
    expect(() => parseNaturalQuestions(`${good}\n{not json`)).toThrow(/:2: not JSON/)
  })

  describe.skipIf(!existsSync(pdfDir))('on the financebench-dev filings', () => {
    it('asks about every company, each answer from a filing of the company asked about', async () => {
      const filings = new Map<string, string>()
      for (const { company, doc } of await financebenchQuestions()) filings.set(doc, company)
      for (const q of questions) {
        if (q.kind !== 'absent') expect(filings.get(q.doc), q.id).toBe(q.company)
      }
      const asked = new Set(questions.filter((q) => q.kind !== 'absent').map(({ company }) => company))
      expect([...asked].sort()).toEqual([...new Set(filings.values())].sort())
    })

    it(
      'finds every answer on its page as Quire reads the page',
      async () => {
        const byDoc = new Map<string, Exclude<NaturalQuestion, { kind: 'absent' }>[]>()
        for (const q of questions) if (q.kind !== 'absent') byDoc.set(q.doc, [...(byDoc.get(q.doc) ?? []), q])
        const missing: string[] = []
        for (const [doc, asked] of byDoc) {
          const bytes = new Uint8Array(await readFile(`${pdfDir}/${doc}.pdf`))
          const texts = await quirePdfPageTexts(
            bytes,
            asked.map(({ page }) => page),
          )
          for (const q of asked) {
            const text = flat(texts.get(q.page)!)
            const found =
              q.kind === 'figure'
                ? text.includes(flat(q.figure))
                : q.accept.some((s) => text.includes(flat(s)))
            if (!found) missing.push(`${q.id} (${doc} p${q.page})`)
          }
        }
        expect(missing).toEqual([])
      },
      scaledTimeout(120_000),
    )
  })
})
