import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { answerSource } from '../../testing/answerSource'
import { pointedSources } from './pointedSources'

describe('pointedSources', () => {
  const talk = answerSource(1, 'Best: gitextensions + p4merge', {
    filename: 'git-demystified.pptx',
    about: new Set(['git', 'demystified', 'jimmy', 'bogard']),
  })
  const faq = answerSource(2, 'Below are two alternative ways for installing it:', {
    filename: 'docling-faq.md',
    about: new Set(['faq', 'docling']),
  })

  it('keeps the sources of the document the question points at, by its file name, title or opening', () => {
    const understanding = understandQuestion('whats the best way to install git per the git demystified talk')
    expect(pointedSources([talk, faq], understanding).map(({ number }) => number)).toEqual([1])
    // Its file name alone names it too.
    const bare = { ...talk, about: undefined }
    expect(pointedSources([bare, faq], understanding).map(({ number }) => number)).toEqual([1])
  })

  it('keeps none where the question points at no document, or at one no source is of', () => {
    expect(pointedSources([talk, faq], understandQuestion('whats the best way to install git'))).toEqual([])
    expect(
      pointedSources([talk, faq], understandQuestion('how do i install it per the pandoc guide')),
    ).toEqual([])
  })
})
