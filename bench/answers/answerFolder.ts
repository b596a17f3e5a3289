import { type IngestedLibrary, ingestFolder, ingestLibrary, LIBRARY_COLLECTION } from '../lib/ingestLibrary'

/** A folder of files asked about in one chat collection, as a person's one folder. */
export interface AnswerFolder {
  /** Names its ingest cache (`cachedIngest`) and its progress lines. */
  name: string
  collection: string
  ingest(progress: (message: string) => void): Promise<IngestedLibrary>
}

/** The mixed library of `qa/library-dev`: its 31 files. */
export const LIBRARY_FOLDER: AnswerFolder = {
  name: 'library',
  collection: LIBRARY_COLLECTION,
  ingest: ingestLibrary,
}

/** The files of the second mixed folder (`CORPUS_FOLDER`), as paths in the shared corpus. */
export const CORPUS_FOLDER_PATHS: readonly string[] = [
  'pdf/pdfjs__tracemonkey.pdf',
  'pdf/pdfminer__dmca.pdf',
  'pdf/pdfminer__i1040nr.pdf',
  'pptx/docling__powerpoint_sample.pptx',
  'pptx/markitdown__test.pptx',
  'pptx/poi__GeomLec1.pptx',
  'docx/docling__word_sample.docx',
  'docx/markitdown__test.docx',
  'docx/poi__bug59058-cancer-stats.docx',
  'html/markitdown__test_blog.html',
  'html/readability__ietf-1.html',
  'html/readability__wikipedia-mozilla.html',
  'md/ollama__api.md',
  'md/ripgrep__README.md',
  'md/rustbook__ch10-03-lifetime-syntax.md',
]

/**
 * A second mixed folder, of files of the shared corpus that no answers set asks about: slide decks,
 * Word files, Markdown READMEs and API docs, saved web pages (an encyclopedia article, an IETF draft, a
 * blog), a paper, a law summary and tax instructions. The questions of `folderQuestions.jsonl` are asked
 * of it: failure classes met on material unlike the library's.
 */
export const CORPUS_FOLDER: AnswerFolder = {
  name: 'corpus-folder',
  collection: 'corpus-folder',
  ingest: (progress) => ingestFolder(CORPUS_FOLDER_PATHS, 'corpus-folder', progress),
}
