import { describe, expect, it } from 'vitest'
import { extractiveAnswer } from '../generate/extractiveGenerator'
import { arraySearchPorts } from '../testing/arraySearchPorts'
import { newChunk, newCollection, newDocument } from '../testing/conformance/store/fixtures'
import { findSources } from './findSources'
import { otherFormsQuery } from './otherFormsQuery'
import { toAnswerSource } from './toAnswerSource'

describe('otherFormsQuery', () => {
  it('adds the listed forms of a word no passage prints in any form, and none of a word they print', () => {
    const passages = ['Installing the tool takes a minute.', 'The tool runs on every platform.']
    expect(otherFormsQuery('which license does the tool use', passages)?.query).toBe(
      'which license does the tool use licensed licensing',
    )
    expect(otherFormsQuery('how was it stopped', passages)?.query).toBe(
      'how was it stopped stopping stop stops',
    )
    // "installed" is "Installing" in another form; "runs" is printed as it is.
    expect(otherFormsQuery('when is it installed', passages)).toBeNull()
    expect(otherFormsQuery('where the tool runs', passages)).toBeNull()
  })

  it('leaves out made-up spellings ("applyed") and the plural search adds already ("applies")', () => {
    const forms = otherFormsQuery('which policies apply', ['Nothing here.'])?.query.split(' ').slice(3)
    expect(forms).toEqual(['applying', 'applied'])
  })

  it('takes a passage the forms found as about the question only where it prints another of its words', () => {
    const forms = otherFormsQuery('what gpu does the sorter need', ['The sorter reads files.'])!
    expect(forms.answers('A tracing system needs a way to cover nested loops.')).toBe(false)
    expect(forms.answers('The sorter needs no graphics card at all.')).toBe(true)
  })
})

/** A collection of one tool's README, whose lede alone says how it is licensed, and an office policy. */
function library() {
  const collectionId = newCollection().id
  const file = (filename: string, texts: string[]) => {
    const document = {
      ...newDocument(collectionId),
      original_filename: filename,
      status: 'completed' as const,
      chunk_count: texts.length,
    }
    const chunks = texts.map((text, i) => newChunk(document, i, { text, embedder: null, vector: null }))
    return { document, chunks }
  }
  const readme = file('brisk-README.md', [
    'brisk\n\nbrisk copies folders between machines and keeps them in step. Dual-licensed under MIT or the Unlicense.',
    'Why use brisk?\n\nbrisk only sends the parts of a file that changed, so a second copy of a large folder takes seconds.',
    'Why not use brisk?\n\nbrisk does not keep old versions of your files; use a backup tool for that.',
    'Installation\n\nbrisk ships as one binary. Use the package manager of your system, or build brisk from source.',
    'Usage\n\nRun brisk with a source folder and a target: brisk ~/photos nas:/photos. Use --dry-run to see what brisk would copy.',
    'Configuration\n\nbrisk reads ~/.brisk.toml; every option can also be given on the command line when you use brisk.',
  ])
  const policy = file('software-policy.md', [
    'Software purchases\n\nEvery license the office buys is recorded by the IT desk, with its renewal date.',
  ])
  return arraySearchPorts([readme.document, policy.document], [...readme.chunks, ...policy.chunks]).ports
}

describe('findSources and a word the passages print only in another form', () => {
  it('searches the word in its other forms and answers with the line that prints one', async () => {
    const found = await findSources(library(), {
      question: 'which license does brisk use',
      history: [],
      collectionId: null,
      topK: 5,
      hybrid: true,
      generatorId: 'extractive',
    })
    expect(found.queries_used).toContain('which license does brisk use licensed licensing')
    const answer = extractiveAnswer({
      question: found.question,
      sources: found.sources.map((source) => toAnswerSource(source)),
      understanding: found.understanding,
    })
    expect(answer).toMatch(/^Dual-licensed under MIT or the Unlicense\. \[\d\]$/u)
  })
})
