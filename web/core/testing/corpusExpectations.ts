import type { ParseErrorCode } from '../ingest/ParseError'

export type CorpusExpectation =
  | { completed: true; pages?: number; contains?: RegExp }
  | { completed: false; code: ParseErrorCode | ParseErrorCode[] }
  | { either: true }

/**
 * The outcome `corpus/README.md` lists for every file (qa/ excepted), as ingestion reports it: completed
 * (with pages and text that must be found where the README says so), failed with one of the given
 * ParseError codes, or either (files the README allows to go both ways). Zero-byte files are refused
 * at upload (400) before ingestion; given to the pipeline directly they fail as empty (`corrupt`).
 */
export const corpusExpectations: Record<string, CorpusExpectation> = {
  'pdf/pdfjs__tracemonkey.pdf': { completed: true, pages: 14, contains: /trace tree/i },
  'pdf/pdfjs__TAMReview.pdf': { completed: true },
  'pdf/pdfminer__i1040nr.pdf': { completed: true, pages: 50 },
  'pdf/pdfminer__dmca.pdf': { completed: true },
  'pdf/pdfplumber__password-example.pdf': { completed: false, code: 'password_required' },
  'pdf/pdfjs__Pages-tree-refs.pdf': { completed: false, code: 'corrupt' },
  'pdf/pdfjs__issue1293r.pdf': { either: true },
  'pdf/ocrmypdf__invalid.pdf': { completed: false, code: ['corrupt', 'not_supported'] },
  'pdf/ocrmypdf__c02-22.pdf': { completed: true, pages: 1 }, // read by OCR
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
