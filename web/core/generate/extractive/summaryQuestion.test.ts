import { describe, expect, it } from 'vitest'
import { summaryQuestion } from './summaryQuestion'

describe('summaryQuestion', () => {
  it('reads a request for what a document is about', () => {
    for (const ask of [
      'summarize the dmca summary in a few lines',
      'tldr of the duck wiki page',
      'gist of the quanta chaos article?',
      "what's the dropbox atf blog post about",
      'short version of the 1948 human rights declaration?',
      'quick recap of the board minutes',
      'synopsis of the grant proposal pls',
      'what were the main findings of the developer survey',
      'main takeaway of the sleep study',
      'whats the bottom line of the sleep paper',
    ])
      expect(summaryQuestion(ask)).toBe(true)
  })

  it('reads "about" after a verb or an adjective as part of a fact asked, not a request for a gist', () => {
    for (const ask of ['what are traders worried about', 'what did the tenants complain about'])
      expect(summaryQuestion(ask)).toBe(false)
    for (const ask of ['what is the article talking about', "what's it about", 'what was the meeting about'])
      expect(summaryQuestion(ask)).toBe(true)
  })

  it('takes a document called a summary for the place to look, not for the request', () => {
    expect(summaryQuestion('what is CMI in the dmca summary')).toBe(false)
    expect(summaryQuestion('who signed it according to the executive summary')).toBe(false)
  })

  it("reads what a document named by its kind covers or holds as a request for its gist, and a thing's cover as a fact", () => {
    expect(summaryQuestion('what does the ollama api doc cover')).toBe(true)
    expect(summaryQuestion('what does the hbcu deck say')).toBe(true)
    expect(summaryQuestion("what's in the privacy notice?")).toBe(true)
    expect(summaryQuestion('whats in the capstone deck')).toBe(true)
    expect(summaryQuestion("what's in the changelog")).toBe(true)
    expect(summaryQuestion('what do the release notes cover')).toBe(true)
    expect(summaryQuestion('what does the warranty cover')).toBe(false)
    expect(summaryQuestion('what is in the box')).toBe(false)
    expect(summaryQuestion('what does the guide say about encryption')).toBe(false)
  })

  it('reads what a paper proposes, presents or argues as a request for its gist, and what a person proposes as a fact', () => {
    expect(summaryQuestion('what does the tracemonkey paper propose')).toBe(true)
    expect(summaryQuestion('what does this study present?')).toBe(true)
    expect(summaryQuestion('what does the tam paper argue')).toBe(true)
    expect(summaryQuestion('what does the mayor propose')).toBe(false)
  })

  it('reads what a document is for, and a document asked of "in short", as a request for its gist', () => {
    expect(summaryQuestion('what is the vendor handbook for')).toBe(true)
    expect(summaryQuestion("what's this policy for?")).toBe(true)
    expect(summaryQuestion('what does the remote work policy say, in short')).toBe(true)
    expect(summaryQuestion('what is the travel policy, in a sentence')).toBe(true)
    expect(summaryQuestion('what is the deposit for')).toBe(false)
    expect(summaryQuestion('what is the late fee, in short')).toBe(false)
    expect(summaryQuestion('what is the policy on pets')).toBe(false)
  })

  it('reads what happened or was discussed at a meeting, and what is in its minutes, as a request for the gist', () => {
    expect(summaryQuestion('what happened at the pta meeting')).toBe(true)
    expect(summaryQuestion('what was discussed at the platform sync?')).toBe(true)
    expect(summaryQuestion("what's in the pta minutes")).toBe(true)
    expect(summaryQuestion('what happened to the budget')).toBe(false)
    expect(summaryQuestion('what was discussed about parking')).toBe(false)
  })

  it('reads what a thing covers as a gist where the thing is a file by its name alone', () => {
    const files = ['poi__WorkedExamples.docx', 'warranty-terms.pdf']
    expect(summaryQuestion('what do the worked examples cover', files)).toBe(true)
    expect(summaryQuestion('what does the worked examples file say', files)).toBe(true)
    // A thing no file is named by, or named by too few letters, asks a fact.
    expect(summaryQuestion('what does the warranty cover', ['manual.pdf'])).toBe(false)
    expect(summaryQuestion('what do the terms cover', files)).toBe(false)
    expect(summaryQuestion('what do the worked examples cover')).toBe(false)
  })
})
