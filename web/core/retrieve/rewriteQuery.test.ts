import { describe, expect, it } from 'vitest'
import { isFollowUp, type RewriteTurn, rewriteQuery } from './rewriteQuery'

const user = (content: string): RewriteTurn => ({ role: 'user', content })
const assistant = (content: string): RewriteTurn => ({ role: 'assistant', content })

const FIREFOX = [user('What is Firefox?'), assistant('Firefox is a free web browser made by Mozilla [1].')]

describe('rewriteQuery', () => {
  it('carries the subject into a follow-up, rewrite first, the question as asked second', () => {
    const queries = rewriteQuery('what about its second version?', FIREFOX)
    expect(queries).toEqual(['Firefox second version?', 'what about its second version?'])
    expect(rewriteQuery('When was it released?', FIREFOX)).toEqual([
      'When was Firefox released?',
      'When was it released?',
    ])
  })

  it('leaves a self-contained question alone, whatever came before', () => {
    for (const question of [
      'What is the capital of France?',
      'How many Grammys has Lady Gaga won?',
      'Are there any museums in Warsaw?',
      'What is the name of the king that signed the edict?',
      'Does Firefox have extensions?',
    ]) {
      expect(rewriteQuery(question, FIREFOX), question).toEqual([question])
    }
  })

  it('rewrites nothing without a conversation, and ignores system turns and the question repeated', () => {
    expect(rewriteQuery('what about its second version?', [])).toEqual(['what about its second version?'])
    expect(rewriteQuery('When was it released?', [{ role: 'system', content: 'Be brief.' }])).toEqual([
      'When was it released?',
    ])
    expect(rewriteQuery('When was it released?', [...FIREFOX, user('When was it released?')])).toEqual([
      'When was Firefox released?',
      'When was it released?',
    ])
    expect(rewriteQuery('  ', FIREFOX)).toEqual(['  '])
  })

  it('follows the subject over several turns, each resolved against the ones before', () => {
    const history = [
      ...FIREFOX,
      user('what about its second version?'),
      assistant('Firefox 2 added tabbed browsing [2].'),
      user('thanks'),
      assistant('You are welcome.'),
    ]
    // "it" is still Firefox (named by the user; "thanks" names nothing and changes nothing).
    expect(rewriteQuery('who made it?', history)[0]).toBe('who made Firefox?')
    // A new subject takes over.
    const moved = [...history, user('Tell me about Warsaw'), assistant('Warsaw is the capital of Poland.')]
    expect(rewriteQuery('How many people live there?', moved)[0]).toBe('How many people live Warsaw?')
  })

  it('re-asks the previous question for a bare "why?", "when?" or "tell me more"', () => {
    const history = [user('Where was Tesla born?'), assistant('In Smiljan [1].')]
    expect(rewriteQuery('When?', history)).toEqual(['When was Tesla born?', 'When?'])
    expect(rewriteQuery('tell me more', history)).toEqual(['Where was Tesla born?', 'tell me more'])
  })

  it('asks the same of a new name after "what about"', () => {
    const history = [user('What is the market share of Firefox?'), assistant('About 3% [2].')]
    expect(rewriteQuery('what about Chrome?', history)).toEqual(['Chrome market share', 'what about Chrome?'])
  })

  it('prefixes the subject to a fragment', () => {
    const history = [user('Who won Super Bowl 50?'), assistant('The Denver Broncos [1].')]
    expect(rewriteQuery('and the second one?', history)[0]).toBe('Super Bowl 50 the second one?')
    expect(rewriteQuery('in 2010?', history)[0]).toBe('Super Bowl 50 in 2010?')
  })

  it('takes the person from the answer for he/she after a "who" question, the user subject second', () => {
    const history = [user('Who founded Firefox?'), assistant('Dave Hyatt and Blake Ross started it [1].')]
    expect(rewriteQuery('When was he born?', history)).toEqual([
      'When was Dave Hyatt born?',
      'When was Firefox born?',
      'When was he born?',
    ])
  })

  it('takes for "she" the person the answer names that the "who" question did not', () => {
    const history = [
      user("who programmed lorenz's computer before ellen fetter took over"),
      assistant('Ellen Fetter and Margaret Hamilton were responsible for programming the computer. [1]'),
    ]
    expect(rewriteQuery('where did she get her math degree', history)[0]).toBe(
      'where did Margaret Hamilton get math degree',
    )
  })

  it('asks the question before of the group a follow-up names, though it names the subject too', () => {
    const history = [
      user('what share of people whose orgs use AI wanted to consolidate their toolchain?'),
      assistant('Nearly three-quarters (74%) of respondents using AI wanted to consolidate. [1]'),
    ]
    expect(rewriteQuery('and for the ones not using ai?', history)[0]).toBe(
      'what share of people whose orgs use AI wanted to consolidate their toolchain for the ones not using ai?',
    )
  })

  it('takes the people the answer named for "they" after a "who" question', () => {
    const history = [
      user('who gave the rounding talk'),
      assistant('Ana Ruiz and Li Wei (University of Leeds) [1]'),
    ]
    expect(rewriteQuery('what university are they from?', history)[0]).toBe(
      'what university are Ana Ruiz from?',
    )
  })

  it('keeps a whole follow-up question in its shape, the subject after it', () => {
    const history = [user('who chaired counter in 2003'), assistant('Richard Gedye Chair COUNTER [1]')]
    expect(rewriteQuery("and who's the project director?", history)[0]).toBe(
      "who's the project director chaired counter 2003",
    )
  })

  it('asks the previous question again on a new condition ("and if I didn\'t have wages?")', () => {
    const due = [user('when is form 1040nr due if i got wages w/ withholding'), assistant('By April 15 [1].')]
    expect(rewriteQuery('and if i did not have wages?', due)[0]).toBe(
      'when is form 1040nr due if i did not have wages?',
    )
    const open = [user('When is the museum open?'), assistant('From 9 to 5 [1].')]
    expect(rewriteQuery('and if it rains?', open)[0]).toBe('When is the museum open if it rains?')
  })

  it('uses the assistant only where the user never named anything', () => {
    const history = [user('hi'), assistant('Quire is a document chat app.')]
    expect(rewriteQuery('what does it do?', history)).toEqual(['what does Quire do?', 'what does it do?'])
    // An answer that names nothing gives nothing to carry.
    expect(rewriteQuery('what is it?', [user('hi'), assistant('Hello! Ask me anything.')])).toEqual([
      'what is it?',
    ])
  })
})

describe('isFollowUp', () => {
  it('sees pronouns, follow-up openings and fragments', () => {
    for (const message of [
      'When was it released?',
      'what about its second version?',
      'Which French king issued this declaration?',
      'What did he invent?',
      'How many people live there?',
      'What is that?',
      'and Chrome?',
      'why?',
      'How many?',
      'the second one?',
      'in 2010?',
    ]) {
      expect(isFollowUp(message), message).toBe(true)
    }
  })

  it('leaves alone questions that name their subject, "that" as a relative and existential "there"', () => {
    for (const message of [
      'What is Firefox?',
      'What is the name of the king that signed the edict?',
      'Are there any museums in Warsaw?',
      'There were riots in Paris.',
      'The treaty of Rome was signed when?',
    ]) {
      expect(isFollowUp(message), message).toBe(false)
    }
  })
})
