import { describe, expect, it } from 'vitest'
import { documentScope } from './documentScope'

const labels = new Set(['lwn', 'quanta'])
const scope = (question: string) => documentScope(question, (term) => labels.has(term))

describe('documentScope', () => {
  it('parts the words that point at a document by its kind from what is asked', () => {
    expect(scope('what is CMI in the dmca summary')).toEqual({ phrase: 'dmca summary', rest: 'what is CMI' })
    expect(scope('which systems looked random, per the quanta article?')).toEqual({
      phrase: 'quanta article',
      rest: 'which systems looked random?',
    })
    expect(scope('what is black-box monitoring according to the sre chapter')?.rest).toBe(
      'what is black-box monitoring',
    )
    expect(scope("in the fedramp oscal guide does 'should' mean it's mandatory?")).toEqual({
      phrase: 'fedramp oscal guide',
      rest: "does 'should' mean it's mandatory?",
    })
    // Set off in brackets, of any length.
    expect(scope("what's a routing slip (from the nservicebus scaling talk)?")).toEqual({
      phrase: 'nservicebus scaling talk',
      rest: "what's a routing slip?",
    })
  })

  it('takes a label of a few words before the question for where it is asked', () => {
    expect(scope('capstone deck: what design factors did they list')).toEqual({
      phrase: 'capstone deck',
      rest: 'what design factors did they list',
    })
    expect(scope('rust - what is a lifetime')).toEqual({ phrase: 'rust', rest: 'what is a lifetime' })
    // A colon inside the question, or a long lead-in, is no label.
    expect(scope('what does the note say: should i file now')).toBeNull()
    expect(scope('this is a long sentence of many words before it: what is it')).toBeNull()
  })

  it('takes a closing aside for a document only when its words name one', () => {
    expect(scope('whats the trademark fight about (lwn)')).toEqual({
      phrase: 'lwn',
      rest: 'whats the trademark fight about',
    })
    // "(cmi)" spells out a term of the question; no file is called that.
    expect(scope('what is copyright management information (cmi)?')).toBeNull()
  })

  it('finds none where nothing names a document, or nothing would be left to search for', () => {
    expect(scope('what is the trademark fight about')).toBeNull()
    expect(scope('what is in the readme')).toBeNull()
    expect(scope('how many people work in the north building')).toBeNull()
    // "in the final sample" is asked of; "of the shiftwork study" is no pointer of "in".
    expect(scope('how many ppl ended up in the final sample of the shiftwork study?')).toBeNull()
  })
})
