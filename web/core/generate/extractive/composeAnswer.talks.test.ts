import { describe, expect, it } from 'vitest'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { passageLines } from './passageLines'

/** A slide of the deck `filename` as its chunk holds it: the title, a blank line, then its lines. */
const slide = (
  filename: string,
  number: number,
  page: number,
  title: string,
  lines: string[],
): AnswerSource =>
  answerSource(number, [title, '', ...lines].join('\n\n'), { filename, page, heading: title })

const STUDY = 'bridge-inspection-study.pptx'
const TITLE = slide(STUDY, 1, 1, 'How Bridges Age, and How We Know It', [
  'Marta Okonkwo, Ph.D.',
  'Head, Regional Bridge Safety Office and',
  'Adjunct Professor of Civil Engineering, Lakeside University',
  'Tomas Reyes',
  'Field Engineer',
  'tomas.reyes@example.org',
])
const QUESTIONS = slide(STUDY, 2, 6, '3 Research Questions', [
  ...Array.from({ length: 12 }, () => 'B'),
  'versus',
  'Do Bridges Age Evenly?',
  ...Array.from({ length: 8 }, () => 'B'),
  'Do Inspections Find Cracks Early?',
  'Do Repairs Last?',
])
const RESULTS = slide(STUDY, 3, 12, 'The Results', [
  '72% of cracks',
  'were found by drones',
  '… not by walking inspectors.',
])

describe("composeAnswer on talks: broken lines, names over roles, a diagram's labels", () => {
  it('reads a line a text box broke inside a sentence as one line, and a lone item list as items', () => {
    expect(passageLines('72% of cracks\n\nwere found by drones\n\n… not by walking inspectors.')).toEqual([
      '72% of cracks were found by drones',
      '… not by walking inspectors.',
    ])
    expect(passageLines('If the deck is long,\nthen say so first.')).toEqual([
      'If the deck is long, then say so first.',
    ])
    // Lines in lower case one after another are a list's items, the last one too.
    expect(passageLines('Do not drive if you\nare tired\nhave taken a sedative')).toEqual([
      'Do not drive if you',
      'are tired',
      'have taken a sedative',
    ])
  })

  it("answers with the sentence a slide's text box broke over two lines", () => {
    const answer = composedAnswer('what percent of cracks were found by drones', [RESULTS, QUESTIONS]).text
    expect(answer).toBe('72% of cracks were found by drones [3]')
  })

  it('says who a person asked by name is with the lines under their name, up to an address', () => {
    expect(composedAnswer('who is marta okonkwo', [QUESTIONS, TITLE]).text).toBe(
      'Marta Okonkwo, Ph.D.: Head, Regional Bridge Safety Office and Adjunct Professor of Civil Engineering, Lakeside University [1]',
    )
    expect(composedAnswer('who is tomas reyes', [TITLE]).text).toBe('Tomas Reyes: Field Engineer [1]')
  })

  it("lists a slide's items without the labels its diagram repeats", () => {
    const answer = composedAnswer('what were the research questions', [QUESTIONS, RESULTS]).text
    expect(answer).toContain(
      '- Do Bridges Age Evenly?\n- Do Inspections Find Cracks Early?\n- Do Repairs Last?',
    )
    expect(answer).not.toMatch(/^- B$/mu)
  })

  it('says what a term is with the first lines of the slide titled with it alone, not a tip naming it', () => {
    const TUNING = 'server-tuning.pptx'
    const tips = slide(TUNING, 1, 34, 'System Tuning Tips', [
      'RAM and swap space',
      'kqueue: files and sockets',
      'Turn off unused services',
    ])
    const kqueue = slide(TUNING, 2, 36, 'kqueue', [
      'Kernel event notification',
      'Built-in on BSD systems',
      'Important filters:',
      'EVFILT_READ',
    ])
    expect(composedAnswer('what is kqueue', [tips, kqueue]).text).toBe(
      'kqueue [2]\n- Kernel event notification\n- Built-in on BSD systems',
    )
  })

  it('answers "what is the conclusion" with the slide titled with that one word, the kind of document aside', () => {
    const DECK = 'bridge-aging.pptx'
    const conclusion = slide(DECK, 1, 28, 'Conclusion', [
      'The more ways we inspect bridges, the more confidence we have that we know how they age',
      'Drones found cracks that walking inspectors missed',
    ])
    const method = slide(DECK, 2, 9, 'What We Did', ['We inspected 40 bridges from the air and on foot'])
    expect(composedAnswer('what is the conclusion of the bridge talk', [conclusion, method]).text).toBe(
      'Conclusion [1]\n- The more ways we inspect bridges, the more confidence we have that we know how they age\n- Drones found cracks that walking inspectors missed',
    )
  })

  it('answers an email asked for with the short line printing one, in no word for it', () => {
    const DECK = 'drainage-talk.pptx'
    const title = slide(DECK, 1, 1, 'Storm Drains That Last', [
      'Part 1: Culverts',
      'Ines Duarte <ines@drains.example>',
    ])
    const next = slide(DECK, 2, 44, 'Conference Roadmap', ['Storm Drains That Last Part 2: Pumps'])
    expect(composedAnswer('what is the email of the storm drains speaker', [next, title]).text).toBe(
      'Ines Duarte <ines@drains.example> [1]',
    )
  })

  it("answers who gave a talk with the name alone under its title slide's title, not a subtitle", () => {
    const DECK = 'how-bridges-age.pptx'
    const title = slide(DECK, 1, 1, 'How Bridges Age, and How We Know It', [
      'Amara Nwosu',
      'Lakeside Polytechnic',
      'Thanks to the county engineers for their help.',
    ])
    expect(composedAnswer('who wrote how bridges age', [title]).text).toBe('Amara Nwosu [1]')
    const subtitled = slide(DECK, 1, 1, 'Keeping Bridges Open', [
      'Lessons From Five Counties',
      'County Roads Office',
    ])
    expect(composedAnswer('who wrote keeping bridges open', [subtitled]).text).not.toContain('Lessons From')
  })

  it('answers from the best sentences where the first one under a question heading shares too little of the ask', () => {
    // A slide's notes, one line a sentence, under the slide's question title.
    const notes = answerSource(
      1,
      [
        'We plan ahead by naming engineers to reserve crews',
        'This approach allows us to:',
        'Work out whether we will have the inspectors we need for specific types of bridges in the future',
        'Reserve crews provide the start point for crew planning',
        'Naming an engineer to a reserve crew means we can see them leading that kind of inspection later',
        'It includes people who need this kind of experience to grow',
      ].join('\n'),
      { filename: STUDY, page: 13, heading: 'What do we mean by “reserve crews”?' },
    )
    const answer = composedAnswer('what is a reserve crew', [notes]).text
    expect(answer).toContain('Naming an engineer to a reserve crew means')
    // The slide's own passage, opening with its question title: the line right under it answers.
    const own = answerSource(
      2,
      'What do we mean by “reserve crews”?\n\nA “crew” of engineers who we believe could lead a specific type of inspection in the future.\n\nFor Example L3 Bridge Decks, L4 Tunnels',
      { filename: STUDY, page: 13, heading: 'What do we mean by “reserve crews”?' },
    )
    expect(composedAnswer('what is a reserve crew', [notes, own]).text).toMatch(
      /^A “crew” of engineers who we believe could lead a specific type of inspection in the future\. \[2\]/u,
    )
  })

  it("says a named person's job with the line under their name", () => {
    for (const question of [
      "what is Tomas Reyes's job",
      'what does tomas reyes do',
      'what is tomas reyes’ role?',
    ])
      expect(composedAnswer(question, [TITLE]).text, question).toBe('Tomas Reyes: Field Engineer [1]')
  })

  it('says what a person in a directory does from the sentence about them, not the street under the name', () => {
    const directory = answerSource(
      1,
      [
        'Okafor, Grace',
        '162 North Herman Avenue',
        'Auburn NY 13021',
        '(585) 555-0129',
        'The Rev. Okafor serves as the family services coordinator for a donor network.',
      ].join('\n'),
      { filename: 'supply-list.docx' },
    )
    expect(composedAnswer('what does grace okafor do', [directory]).text).toBe(
      'The Rev. Okafor serves as the family services coordinator for a donor network. [1]',
    )
  })
})
