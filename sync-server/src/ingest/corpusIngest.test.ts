import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { hashEmbedder } from '../../../web/core/ingest/embed/hashEmbedder'
import { ingestFile, type IngestResult } from '../../../web/core/ingest/ingestFile'
import { ParseError, type ParseErrorCode } from '../../../web/core/ingest/ParseError'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { systemClock } from '../../../web/core/time/Clock'
import { nodeParsers } from './nodeParsers'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const corpus = corpusDir(process.env, repoRoot)
const ports = { parsers: nodeParsers, embedder: hashEmbedder, clock: systemClock }

type Expected =
  | { completed: true; pages?: number; contains?: RegExp; password?: string }
  | { completed: false; code: ParseErrorCode | ParseErrorCode[]; password?: string }
  | { either: true }

/**
 * The outcome the corpus README lists for every file (qa/ excepted), through the whole pipeline the
 * server runs: parse, chunk, embed. Zero-byte files are refused at upload (400) before this point;
 * here they fail as empty.
 */
const expectations: Record<string, Expected> = {
  'pdf/pdfjs__tracemonkey.pdf': { completed: true, pages: 14, contains: /trace tree/i },
  'pdf/pdfjs__TAMReview.pdf': { completed: true },
  'pdf/pdfminer__i1040nr.pdf': { completed: true, pages: 50 },
  'pdf/pdfminer__dmca.pdf': { completed: true },
  'pdf/pdfplumber__password-example.pdf': { completed: false, code: 'password_required' },
  'pdf/pdfjs__Pages-tree-refs.pdf': { either: true },
  'pdf/pdfjs__issue1293r.pdf': { either: true },
  'pdf/ocrmypdf__invalid.pdf': { completed: false, code: ['corrupt', 'not_supported'] },
  'pdf/ocrmypdf__c02-22.pdf': { completed: false, code: 'no_text' },
  'pdf/sanskrit__asiatica-2020-russian.pdf': { completed: true, contains: /[а-яё]{4,}/i },
  'pdf/pdfjs__issue13211.pdf': { completed: true, contains: /[\u0E00-\u0E7F]{3,}/ },
  'pdf/docling__right_to_left_01.pdf': { completed: true, contains: /[\u0600-\u06FF]{3,}/ },
  'docx/markitdown__test.docx': { completed: true },
  'docx/docling__word_sample.docx': { completed: true },
  'docx/mammoth__footnotes.docx': { completed: true },
  'docx/mammoth__empty.docx': { completed: false, code: 'no_text' },
  'docx/poi__bug59058-cancer-stats.docx': { completed: true },
  'doc/docling__legacy_sample.doc': { completed: true },
  'ppt/docling__legacy_sample.ppt': { completed: true },
  'pptx/docling__powerpoint_sample.pptx': { completed: true },
  'pptx/markitdown__test.pptx': { completed: true },
  'pptx/poi__GeomLec1.pptx': { completed: true },
  'pptx/python-pptx__no-slides.pptx': { completed: false, code: 'no_text' },
  'md/fastapi__zh-index.md': { completed: true, contains: /[\u4E00-\u9FFF]{2,}/ },
  'md/ollama__api.md': { completed: true },
  'md/ripgrep__README.md': { completed: true },
  'md/rustbook__ch10-03-lifetime-syntax.md': { completed: true },
  'html/markitdown__test_blog.html': { completed: true },
  'html/readability__ietf-1.html': { completed: true },
  'html/readability__wikipedia-mozilla.html': { completed: true },
  'adversarial/pdfplumber__empty.pdf': { completed: false, code: 'corrupt' },
  'adversarial/generated__empty.md': { completed: false, code: 'corrupt' },
  'adversarial/ocrmypdf__linn_png_renamed.pdf': { completed: false, code: 'not_supported' },
  'adversarial/readability__remove-script-tags.html': { completed: true },
  'adversarial/uns__eng_spa_mult_really-docx.doc': { completed: true },
  'adversarial/uns__umlauts-non-utf8.md': { completed: true, contains: /[äöüÄÖÜß]/ },
}

async function outcome(file: string, password?: string): Promise<IngestResult | ParseError> {
  const bytes = new Uint8Array(readFileSync(join(corpus, file)))
  try {
    return await ingestFile(bytes, file.split('/').pop() ?? file, ports, { password, timeoutMs: 60_000 })
  } catch (error) {
    if (error instanceof ParseError) return error
    throw error
  }
}

describe('every corpus file reaches the outcome its README lists (parse, chunk, embed)', () => {
  it('covers every file of the corpus', () => {
    const files = readdirSync(corpus)
      .filter((dir) => dir !== 'qa' && !dir.includes('.'))
      .flatMap((dir) => readdirSync(join(corpus, dir)).map((name) => `${dir}/${name}`))
    expect(files.sort()).toEqual(Object.keys(expectations).sort())
  })

  for (const [file, expected] of Object.entries(expectations)) {
    it(file, { timeout: 120_000 }, async () => {
      const result = await outcome(file)
      if ('either' in expected) return
      if (!expected.completed) {
        expect(result, `${file} should fail`).toBeInstanceOf(ParseError)
        const codes = ([] as ParseErrorCode[]).concat(expected.code)
        expect(codes).toContain((result as ParseError).code)
        expect((result as ParseError).message.length).toBeGreaterThan(10)
        return
      }
      if (result instanceof ParseError) throw new Error(`${file} failed: ${result.code}: ${result.message}`)
      expect(result.chunks.length).toBeGreaterThan(0)
      expect(result.vectors).toHaveLength(result.chunks.length)
      expect(result.metadata.word_count).toBeGreaterThan(0)
      expect(result.metadata.embedder).toBe('hash-v1')
      if (expected.pages !== undefined) expect(result.metadata.pages).toBe(expected.pages)
      if (expected.contains) expect(result.chunks.map((c) => c.text).join('\n')).toMatch(expected.contains)
    })
  }

  it('opens the password-protected PDF with its password', { timeout: 60_000 }, async () => {
    const opened = await outcome('pdf/pdfplumber__password-example.pdf', 'test')
    expect(opened).not.toBeInstanceOf(ParseError)
    const wrong = await outcome('pdf/pdfplumber__password-example.pdf', 'nope')
    expect((wrong as ParseError).code).toBe('wrong_password')
  })
})
