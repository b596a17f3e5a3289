import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../testing/corpusDir'
import { xquadQuestions } from '../testing/node/xquadQuestions'
import { classifyIntent, generationFor, type IntentKind } from './classifyIntent'

const kind = (message: string, history = [] as Parameters<typeof classifyIntent>[1]) =>
  classifyIntent(message, history).kind

function expectKinds(kindOf: IntentKind, messages: readonly string[]): void {
  for (const message of messages) expect(kind(message), message).toBe(kindOf)
}

describe('classifyIntent', () => {
  it('takes greetings, thanks and farewells, in several languages, for chat', () => {
    expectKinds('chat', [
      'hi',
      'Hello there!',
      'hey',
      'Good morning',
      'thanks a lot!',
      'Thank you so much.',
      'ok thanks, bye',
      'bonjour',
      'Merci beaucoup',
      'hola',
      'Danke schön',
      'привет',
      'こんにちは',
      'ありがとうございます',
      '谢谢',
      '안녕하세요',
      'شكرا',
      'नमस्ते',
    ])
    expectKinds('chat', ['How are you?', 'what can you do?', 'Who are you?'])
    const greeting = classifyIntent('Hello!')
    expect(greeting.confidence).toBeGreaterThan(0.9)
    expect(greeting.reasoning).toMatch(/greeting/)
  })

  it('reads past a greeting to the question behind it', () => {
    expect(kind('Hi, what is the capital of Poland?')).toBe('retrieval')
    expect(kind('Hello! Compare Firefox and Chrome')).toBe('comparison')
    expect(kind('thanks! and who built the steam engine?')).toBe('retrieval')
  })

  it('asks for clarification when there is nothing to search for', () => {
    expectKinds('clarification', [
      '',
      '   ',
      '?',
      '!!!',
      'help',
      'Help me',
      'tell me more',
      'what is it?',
      'why',
      'hello, can you help me?',
    ])
    expect(classifyIntent('?').confidence).toBeGreaterThan(0.9)
    expect(classifyIntent('what is it?').reasoning).toMatch(/stop words/)
  })

  it('treats a vague message as a follow-up once the user has asked something', () => {
    const history = [
      { role: 'user' as const, content: 'What is Firefox?' },
      { role: 'assistant' as const, content: 'A web browser [1].' },
    ]
    expect(kind('tell me more', history)).toBe('retrieval')
    expect(kind('why?', history)).toBe('retrieval')
    expect(kind('what is it?', history)).toBe('retrieval')
    expect(classifyIntent('tell me more', history).reasoning).toMatch(/follow-up/)
    // Only the assistant spoke so far: nothing of the user's to continue.
    expect(kind('tell me more', [{ role: 'assistant', content: 'Welcome!' }])).toBe('clarification')
  })

  it('recognises a summary of the collection, not of a topic', () => {
    expectKinds('collection_summary', [
      'Summarize the collection',
      'summarise these documents',
      'Give me an overview of the documents',
      'What are these documents about?',
      'What topics are covered in my files?',
      'tl;dr of all the papers',
      'Résume les documents',
      'Fasse die Dokumente zusammen: Zusammenfassung der Dokumente',
    ])
    expect(kind('Summarize the Apollo program')).toBe('retrieval')
  })

  it('recognises comparisons', () => {
    expectKinds('comparison', [
      'Compare Firefox and Chrome',
      'What is the difference between BM25 and TF-IDF?',
      'Firefox vs Chrome',
      'Warsaw versus Krakow: which is larger?',
      'How is Warsaw different from Krakow?',
      'How do the two treaties differ?',
      'pros and cons of steam engines',
      'Quelle est la différence entre A et B ?',
    ])
    // "different" alone asks for no comparison.
    expect(kind('What are the different types of plague?')).toBe('retrieval')
    expect(classifyIntent('Firefox vs Chrome').reasoning).toMatch(/"vs"/)
  })

  it('recognises listings, and "which documents" before anything else', () => {
    expectKinds('listing', [
      'List all the treaties mentioned',
      'list the Apollo missions',
      'Enumerate the causes of the oil crisis',
      'Name all the crew members',
      'What are all the moons of Jupiter?',
      'Which documents mention Tesla?',
      'Which files compare Firefox and Chrome?',
    ])
    // One thing asked for, or "listed" as a verb of the question: retrieval.
    expect(kind('Name a luxury division of Toyota.')).toBe('retrieval')
    expect(kind('Who listed the Grainger Market as grade 1 in 1954?')).toBe('retrieval')
    expect(kind('What document formed the Parliament of Victoria?')).toBe('retrieval')
  })

  it('takes everything else for retrieval, surer of a question than of a bare phrase', () => {
    expect(classifyIntent('What year did Tesla die?')).toMatchObject({ kind: 'retrieval', confidence: 0.8 })
    expect(classifyIntent('photosynthesis')).toMatchObject({ kind: 'retrieval', confidence: 0.6 })
    expect(kind('Was ist die Hauptstadt von Polen?')).toBe('retrieval')
  })

  it('gives a confidence in [0, 1] and a reasoning for every message', () => {
    for (const message of [
      'hi',
      'help',
      'Summarize the collection',
      'A vs B',
      'List all X',
      'What is X?',
      '',
    ]) {
      const intent = classifyIntent(message)
      expect(intent.confidence).toBeGreaterThanOrEqual(0)
      expect(intent.confidence).toBeLessThanOrEqual(1)
      expect(intent.reasoning.length).toBeGreaterThan(10)
    }
  })

  it('takes nearly every xquad-en question (real questions about documents, any topic) for retrieval', () => {
    const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
    const questions = xquadQuestions(`${corpusDir(process.env, repoRoot)}/qa/xquad-en`).map(
      ({ question }) => question,
    )
    const kinds = questions.map((question) => classifyIntent(question).kind)
    // The few others are keyword matches a person might also read that way ("... versus Pittsburgh?").
    expect(kinds.filter((k) => k === 'retrieval').length / kinds.length).toBeGreaterThan(0.98)
    expect(kinds).not.toContain('chat')
    expect(kinds).not.toContain('clarification')
  })
})

describe('generationFor', () => {
  it('names the text each kind is answered with; every kind needs generating', () => {
    const expected: Record<IntentKind, string> = {
      chat: 'conversational',
      retrieval: 'answer',
      collection_summary: 'summary',
      comparison: 'comparison',
      listing: 'list',
      clarification: 'clarifying_question',
    }
    for (const [kindOf, type] of Object.entries(expected)) {
      expect(generationFor({ kind: kindOf as IntentKind, confidence: 1, reasoning: '' })).toEqual({
        requires_generation: true,
        generation_type: type,
      })
    }
    expect(generationFor(classifyIntent('hi')).generation_type).toBe('conversational')
  })
})
