import { describe, expect, it } from 'vitest'
import { noAnswerText, noSourcesText } from '../../web/core/generate/extractive/answerWording'
import { isRefusal } from './isRefusal'

const source = {
  number: 1,
  chunk_id: 'a#0',
  document_id: 'a',
  filename: 'guide.pdf',
  page: 3,
  heading: null,
  text: 'Ducks quack.',
  score: 1,
}

describe('isRefusal', () => {
  it("recognises today's extractive refusals", () => {
    expect(isRefusal(noSourcesText())).toBe(true)
    expect(isRefusal(noAnswerText([source], ['towing']))).toBe(true)
    expect(isRefusal(noAnswerText([source, { ...source, number: 2 }], []))).toBe(true)
  })

  it('recognises the plain "not in the documents" forms another answerer may use', () => {
    for (const reply of [
      'The documents do not say what the towing capacity is.',
      "The documents don't mention a fine.",
      'The uploaded files do not contain that figure.',
      'Not found in the documents.',
      'Not in the documents.',
      'None of them mentions Ollama.',
      'None of the passages says how long ducks live.',
      "I couldn't find the margin of error in the documents.",
      'Sorry, I could not find that.',
      'There is no mention of Brown II in these files.',
      'No passage mentions a tuition figure.',
    ]) {
      expect(isRefusal(reply), reply).toBe(true)
    }
  })

  it('does not take an answer for a refusal, even one that says something else is missing', () => {
    for (const reply of [
      'A male duck is called a drake [1].',
      'The closest passages say: Ducks are mostly aquatic birds [1].',
      'FedRAMP tools look first in base64 fields [2]. The documents do not say what happens after rlink.',
      'The document says the fine is not found in the statute [1].',
      'Notably, none of them mentions the cost [1].',
      '',
    ]) {
      expect(isRefusal(reply), reply).toBe(false)
    }
  })
})
