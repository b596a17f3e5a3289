import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../retrieve/understandQuestion'
import type { ChunkRecord } from '../store/ChunkRecord'
import { documentGist } from './documentGist'
import type { SourceDocument } from './SourceDocument'

/** A folder's openings: each file's chunks, as the store lists them. */
const FILES: Record<string, string[]> = {
  'copyright-act.pdf': [
    'This memo tries to summarize the Act for the public.',
    'Title I implements the treaties.',
  ],
  'autogen-notes.docx': ['AutoGen notes from the reading group, a few lines each.', 'We tried two agents.'],
  'autogen.pptx': [
    'AutoGen: Multi-Agent Conversation',
    'AutoGen is a framework for building applications with agents.',
  ],
}

const chunk = (filename: string, index: number): Omit<ChunkRecord, 'vector'> => ({
  id: `${filename}#${index}`,
  document_id: filename,
  collection_id: 'c',
  index,
  text: FILES[filename]![index]!,
  page: index + 1,
  heading: null,
  token_count: 10,
  embedder: null,
})

const store = {
  listChunks: async (filter?: { documentId?: string }) =>
    (FILES[filter?.documentId ?? ''] ?? []).map((_, i) => ({
      ...chunk(filter!.documentId!, i),
      vector: null,
    })),
}

const passage = (number: number, filename: string): SourceDocument => ({
  number,
  document_id: filename,
  chunk_id: `${filename}#0`,
  content: FILES[filename]![0]!,
  score: 1 / number,
  filename,
  page: 1,
  heading: null,
})

/** Search's passages, best first: the act first, since it says "summarize". */
const POOL = [passage(1, 'copyright-act.pdf'), passage(2, 'autogen-notes.docx'), passage(3, 'autogen.pptx')]
const words = new Map(
  Object.entries(FILES).map(([name, texts]) => [name, new Set(texts.join(' ').toLowerCase().split(/\W+/u))]),
)

const gistOf = async (question: string) =>
  (
    await documentGist({
      store,
      pool: POOL,
      understanding: understandQuestion(question),
      documentWords: words,
    })
  )[0]?.document_id

/**
 * The document a question's gist is read from, among files named `openings`' keys, each opening with its
 * words, search having found them in that order.
 */
const chooserAmong =
  (openings: Record<string, string[]>) =>
  async (question: string): Promise<string | undefined> => {
    const names = Object.keys(openings)
    const pool = names.map((name, i) => ({
      ...passage(1, 'autogen.pptx'),
      number: i + 1,
      document_id: name,
      filename: name,
    }))
    const chosen = await documentGist({
      store: { listChunks: async () => [{ ...chunk('autogen.pptx', 0), vector: null }] },
      pool,
      understanding: understandQuestion(question),
      documentWords: new Map(names.map((name) => [name, new Set(openings[name])])),
    })
    return chosen[0]?.document_id
  }

describe('documentGist', () => {
  it('chooses the document by what the question names, not by the words that ask for a summary', async () => {
    // "summarize" is in the act's opening: the document named is AutoGen's.
    expect(await gistOf('summarize autogen')).toBe('autogen-notes.docx')
  })

  it('weighs a word few documents hold above a longer one many hold', async () => {
    // Six news pages, each calling itself a story; one of them the BBC's.
    const names = ['bbc.html', 'a.html', 'b.html', 'c.html', 'd.html', 'e.html']
    const pool = names.map((name, i) => ({ ...passage(1, 'autogen.pptx'), number: i + 1, document_id: name }))
    const chosen = await documentGist({
      store: { listChunks: async () => [{ ...chunk('autogen.pptx', 0), vector: null }] },
      pool,
      understanding: understandQuestion('summarize the bbc story'),
      documentWords: new Map(names.map((name, i) => [name, new Set(i === 0 ? ['bbc', 'news'] : ['story'])])),
    })
    expect(chosen[0]?.document_id).toBe('bbc.html')
  })

  it("weighs a word of a file's name above the same word in another's opening", async () => {
    const chosen = chooserAmong({
      'quickcache-README.md': ['quickcache', 'readme', 'cache', 'faq', 'options', 'entries', 'expiry'],
      'faq.html': ['frequently', 'asked', 'questions', 'library', 'cards'],
      'lease.docx': ['lease', 'tenant'],
    })
    expect(await chosen('summarize the faq')).toBe('faq.html')
  })

  it('names a document by another form of a word no document holds as typed, not by the kind of document', async () => {
    const chosen = chooserAmong({
      'HowWeRefactor.pptx': ['how', 'we', 'refactor', 'and', 'know', 'it', 'slide'],
      'deployment.md': ['we', 'will', 'talk', 'about', 'deployment', 'evaluate', 'servers'],
      'evaluation-talk.pptx': ['communication', 'helps', 'evaluation', 'achieve', 'influence'],
    })
    expect(await chosen('summarize the refactoring talk')).toBe('HowWeRefactor.pptx')
    // "evaluation" held as typed: "evaluate" elsewhere counts for nothing.
    expect(await chosen('summarize the evaluation talk')).toBe('evaluation-talk.pptx')
  })

  it("weighs the word for the kind of document only where a file's name holds it", async () => {
    const chosen = chooserAmong({
      'delins.docx': ['tika', 'can', 'be', 'a', 'name', 'title', 'place'],
      // An API's readme says "document" throughout.
      'reader-README.md': ['parse', 'a', 'document', 'object', 'with', 'the', 'reader'],
      'amt_handbook_sample.pdf': ['self', 'locking', 'nuts', 'aircraft'],
      'ch04-ownership.md': ['ownership', 'rules', 'memory', 'page', 'handbook'],
    })
    expect(await chosen('what is the tika document about')).toBe('delins.docx')
    expect(await chosen('whats the amt handbook page about')).toBe('amt_handbook_sample.pdf')
  })

  it('takes how long the summary should be for no part of the name', async () => {
    // The notes hold "few" and "lines": the act is the document named.
    expect(await gistOf('summarize the act in a few lines')).toBe('copyright-act.pdf')
  })

  it('chooses among documents naming the same thing the kind of file the question names', async () => {
    expect(await gistOf('summarize the autogen slides')).toBe('autogen.pptx')
    expect(await gistOf('what is the autogen deck about')).toBe('autogen.pptx')
    expect(await gistOf('summarize the autogen word doc')).toBe('autogen-notes.docx')
  })

  it('reads the opening passages of the document a "who wrote", "when was the talk" or "where" question names', async () => {
    // A page's running header may stand first: the byline is in the passages after it.
    const opening = async (question: string) =>
      (
        await documentGist({
          store,
          pool: POOL,
          understanding: understandQuestion(question),
          documentWords: words,
        })
      ).map((source) => source.chunk_id)
    expect(await opening('who wrote the autogen slides')).toEqual(['autogen.pptx#0', 'autogen.pptx#1'])
    expect(await opening('when was the autogen talk given')).toEqual(['autogen.pptx#0', 'autogen.pptx#1'])
    expect(await opening('where was the autogen talk given')).toEqual(['autogen.pptx#0', 'autogen.pptx#1'])
  })

  it('reads the opening of the document a question asks whom it is for', async () => {
    expect(await gistOf('who is the autogen deck for')).toBe('autogen.pptx')
  })

  it('reads no document for a question that asks neither for a summary nor for its authors', async () => {
    expect(await gistOf('who registered autogen.org')).toBeUndefined()
  })
})
