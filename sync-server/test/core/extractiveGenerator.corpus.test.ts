import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { nodeParsers } from '../../src/ingest/nodeParsers'
import { loadNodePdfJs } from '../../src/ingest/nodePdfjs'
import type { Chunk } from '../../../web/core/ingest/chunk/Chunk'
import { chunkDocument } from '../../../web/core/ingest/chunk/chunkDocument'
import { hashEmbedder } from '../../../web/core/ingest/embed/hashEmbedder'
import { ingestFile } from '../../../web/core/ingest/ingestFile'
import { createPdfParser } from '../../../web/core/ingest/parse/pdf/createPdfParser'
import { textParsers } from '../../../web/core/ingest/parse/textParsers'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import type { AnswerSource } from '../../../web/core/generate/AnswerGenerator'
import { extractiveAnswer } from '../../../web/core/generate/extractiveGenerator'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const corpus = corpusDir(process.env, repoRoot)

function sources(chunks: readonly Chunk[], filename: string): AnswerSource[] {
  return chunks.map((chunk, i) => ({
    number: i + 1,
    chunk_id: `c${i}`,
    document_id: filename,
    filename,
    page: chunk.page,
    heading: chunk.heading,
    text: chunk.text,
    score: 1 - i / chunks.length,
  }))
}

/** The passages as the real pipeline makes them: parsed, chunked, with page and heading. */
describe('extractiveGenerator on chunks of corpus documents', () => {
  let traceChunks: Chunk[]

  beforeAll(async () => {
    const parser = createPdfParser(loadNodePdfJs)
    const paper = await parser.parse(new Uint8Array(readFileSync(`${corpus}/pdf/pdfjs__tracemonkey.pdf`)), {})
    // The chunks of sections 3 and 4, about traces and trace trees: what a search for them brings back.
    traceChunks = chunkDocument(paper).filter((chunk) =>
      /> (3\. Trace Trees|4\. Nested Trace Tree)/u.test(chunk.heading ?? ''),
    )
    expect(traceChunks.length).toBeGreaterThan(10)
  })

  it('answers "What is a trace tree?" with the sentence that defines it, in any source order', () => {
    for (const order of ['as found', 'reversed']) {
      const chunks = order === 'reversed' ? [...traceChunks].reverse() : traceChunks
      const given = sources(chunks, 'pdfjs__tracemonkey.pdf')
      const cite = (fragment: string) => given.find((source) => source.text.includes(fragment))!.number

      const tree =
        'In this way, a single trace expands on demand to a single-entry, multiple-exit trace tree.'
      expect(extractiveAnswer({ question: 'What is a trace tree?', sources: given })).toBe(
        `${tree} [${cite(tree)}]`,
      )
      const trace = 'A trace is simply a program path, which may cross function call boundaries.'
      expect(extractiveAnswer({ question: 'What is a trace?', sources: given })).toBe(
        `${trace} [${cite(trace)}]`,
      )
    }
  })

  it("states a Word table's cell first, then its row with its columns, for a question that names the row and the column", async () => {
    const file = 'docling__word_sample.docx'
    const { chunks } = await ingestFile(new Uint8Array(readFileSync(`${corpus}/docx/${file}`)), file, {
      parsers: nodeParsers,
      embedder: hashEmbedder,
      clock: { now: () => 0 },
    })
    const given = sources(chunks, file)
    const cite = (fragment: string) => given.find((source) => source.text.includes(fragment))!.number
    const row = 'Berries | Blueberry, Strawberry, Cranberry | 150'
    expect(
      extractiveAnswer({ question: 'How much calories per portion do berries have?', sources: given }),
    ).toBe(
      `Berries, Calories per portion: 150 [${cite(row)}]. From the row: ${row} (Food, Calories per portion).`,
    )
  })

  it('answers Chinese questions from a Chinese document, and says when it cannot', async () => {
    const file = 'fastapi__zh-index.md'
    const { chunks } = await ingestFile(new Uint8Array(readFileSync(`${corpus}/md/${file}`)), file, {
      parsers: textParsers,
      embedder: hashEmbedder,
      clock: { now: () => 0 },
    })
    const given = sources(chunks.slice(0, 5), file)
    const cite = (fragment: string) => given.find((source) => source.text.includes(fragment))!.number
    const errors = '更少 bug：人为（开发者）错误减少约 40%。'
    expect(extractiveAnswer({ question: '人为错误减少多少？', sources: given })).toBe(
      `${errors} [${cite(errors)}]`,
    )
    const what =
      'FastAPI 是一个用于构建 API 的现代、快速（高性能）的 Web 框架，使用 Python 并基于标准的 Python 类型提示。'
    expect(extractiveAnswer({ question: 'FastAPI 是什么？', sources: given })).toBe(`${what} [${cite(what)}]`)
    expect(extractiveAnswer({ question: '火星上有水吗？', sources: given })).toMatch(
      /^The documents do not answer “火星上有水吗”\. .* none of them mentions “火星上有水吗”\.$/u,
    )
  })
})
