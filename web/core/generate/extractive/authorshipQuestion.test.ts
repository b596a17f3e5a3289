import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { answerSource } from '../../testing/answerSource'
import { authorshipQuestion, bylineOf } from './authorshipQuestion'
import { composeAnswer } from './composeAnswer'

describe('authorshipQuestion', () => {
  it('recognises questions that ask who wrote a document', () => {
    for (const question of [
      'who wrote the tracemonkey paper',
      'who is the author of the guide',
      'autogen authors?',
      'who wrote it?',
      'was it written by whom',
      'who gave the apache tuning talk',
      'who presented the deck',
      'who is the speaker',
      'name the presenters of the tuning talk',
      'list the speakers of this webinar',
    ])
      expect(authorshipQuestion(question), question).toBe(true)
    for (const question of [
      'who registered mozilla.org',
      'who is the ceo',
      'what did the author find',
      'who gave the money',
      'how many speakers of spanish live there',
    ])
      expect(authorshipQuestion(question), question).toBe(false)
  })
})

describe('bylineOf', () => {
  it('reads the names under a title, without their marks of affiliation', () => {
    const paper = [
      'Trace-based Just-in-Time Type Specialization for Dynamic Languages',
      'Andreas Gal∗+, Brendan Eich∗, Mohammad R. Haghighat$, Michael Franz+',
      'Mozilla Corporation∗ {gal,brendan}@mozilla.com',
    ].join('\n')
    expect(bylineOf(paper)).toBe('Andreas Gal, Brendan Eich, Mohammad R. Haghighat, Michael Franz')
    expect(bylineOf('Plasma Levels\nMichael D. Freeman1 and Sean S. Kohles2')).toBe(
      'Michael D. Freeman, Sean S. Kohles',
    )
    // A title slide's line of names may end with a full stop.
    expect(bylineOf('Benchmarks for Rounding\nAna Ruiz, Ben Okafor, Chen Wei Liu.', true)).toBe(
      'Ana Ruiz, Ben Okafor, Chen Wei Liu',
    )
  })

  it("reads a speaker's one name under a deck's title when the address follows it", () => {
    expect(bylineOf('Cache Tuning\nPart 1: Sizing\nAna Ruiz <ana@example.org>')).toBe('Ana Ruiz')
    // One capitalised line without an address is a subtitle, and an address alone no name.
    // Names, then where they all work after the last comma.
    expect(
      bylineOf(
        'Sleep Duration and Memory\nPriya Raman, Tomas Eklund and Grace Mwangi, Northfield Institute of Child Health',
      ),
    ).toBe('Priya Raman, Tomas Eklund, Grace Mwangi (Northfield Institute of Child Health)')
    expect(bylineOf('Cache Tuning\nSizing Caches Well')).toBeNull()
    expect(bylineOf('Contact\nWrite to help@example.org')).toBeNull()
    // A paper's author with a mail and a web address after the name.
    expect(bylineOf('Cash Without Banks\nAna Ruiz ana@example.org www.example.org')).toBe('Ana Ruiz')
  })

  it('reads a name labelled as whom the deck is by, and one name with a degree or "Dr."', () => {
    expect(
      bylineOf('GreenWatch\nSenior Design, Spring 2015\nTeam 7: Alice Chen, Ben Moreno, Carla Diaz'),
    ).toBe('Alice Chen, Ben Moreno, Carla Diaz')
    expect(bylineOf('Tidal Power\nPresented by Ana Ruiz')).toBe('Ana Ruiz')
    // A hyphenated given name with an initial ("Fang-I Lu") is a name's word.
    expect(bylineOf('Ki67 Testing\nHala Faragalla 1,*, Fang-I Lu 2 and Zuzana Kos 4')).toBe(
      'Hala Faragalla, Fang-I Lu, Zuzana Kos',
    )
    expect(bylineOf('Tidal Power\nSpeakers: Ana Ruiz and Li Wei')).toBe('Ana Ruiz, Li Wei')
    expect(bylineOf('Closing the Broadband Gap\nMaria Lopez, Ph.D.\nCenter for Rural Policy')).toBe(
      'Maria Lopez, Ph.D.',
    )
    // A title before the name says it is a person's, as a degree after it does.
    expect(
      bylineOf('Community College Enrollment Trends\nDr. Alicia Moreno\nOffice of Institutional Research'),
    ).toBe('Dr. Alicia Moreno')
    expect(bylineOf('Tidal Power\nDr. visits are twice a year')).toBeNull()
    // "Dr." before a name, its workplace after a comma.
    expect(
      bylineOf(
        'Rural Broadband: Closing the Gap\nDr. Lena Ortiz, Center for Digital Equity\nState Broadband Summit',
      ),
    ).toBe('Dr. Lena Ortiz (Center for Digital Equity)')
    // Names apart by commas run into their department, one paragraph of a PDF.
    expect(
      bylineOf(
        'SwiftKV: Caching Key-Value States\n\nMei Tanaka, Oluwaseun Adeyemi, Carlos Ibáñez Department of Computer Science, Lakeside University',
      ),
    ).toBe(
      'Mei Tanaka, Oluwaseun Adeyemi, Carlos Ibáñez (Department of Computer Science, Lakeside University)',
    )
    // Whom a talk was given to names no speaker; a label of things is no byline.
    expect(bylineOf('Tidal Power\nPresented to the Harbour Board')).toBeNull()
    expect(bylineOf('Tidal Power\nTopics: Turbines, Tides and Costs')).toBeNull()
  })

  it("reads every author of a paper's author blocks, each over an affiliation, without their addresses", () => {
    const opening = [
      'Open-Domain Event Mining',
      'Alex Rivera Department of Computer Science Northfield University arivera@northfield.edu',
      'Ming Zhou School of Informatics Eastlake Institute of Technology mzhou@eit.edu',
      'Abstract',
    ].join('\n')
    expect(bylineOf(opening)).toBe(
      'Alex Rivera (Department of Computer Science Northfield University); Ming Zhou (School of Informatics Eastlake Institute of Technology)',
    )
  })

  it('reads speakers run into their affiliation on one line, and gives the affiliation with them', () => {
    expect(bylineOf('Faithful Rounding\n\nAna Ruiz Li Wei University of Leeds School of Computing')).toBe(
      'Ana Ruiz Li Wei (University of Leeds School of Computing)',
    )
    // A title slide's subtitle naming a department names nobody.
    expect(bylineOf('Tidal Power\nThe Harbour Department of Kent')).toBeNull()
  })

  it('reads a news article\'s "By" line under its headline', () => {
    const article =
      'As Debt Rises, Interest Costs Climb\nTax cuts could make it harder.\nBy Nelson D. Schwartz\nSept. 25, 2018'
    expect(bylineOf(article)).toBe('Nelson D. Schwartz')
    expect(bylineOf('Whales Return\nBy Eleanor Ainge Roy and Jim Baker\nMonday')).toBe(
      'Eleanor Ainge Roy, Jim Baker',
    )
    // "By" opening a sentence is no byline.
    expect(bylineOf('Whales Return\nBy Monday the pod had left the beach')).toBeNull()
  })

  it('takes no list of capitalised headings, nor a sentence, for a byline', () => {
    expect(bylineOf('Deductions\nJob Expenses, Certain Miscellaneous Deductions')).toBeNull()
    expect(bylineOf('Netscape made two announcements, first that Communicator will be free.')).toBeNull()
  })
})

describe('composeAnswer for "who wrote"', () => {
  it("answers with the byline of the document's opening", () => {
    const opening = answerSource(
      1,
      'AutoGen: Multi-Agent Conversation\nQingyun Wu , Gagan Bansal , Chi Wang',
      { filename: 'autogen.pptx', page: 1 },
    )
    const later = answerSource(2, 'AutoGen agents converse to solve tasks.', {
      filename: 'autogen.pptx',
      page: 2,
    })
    const question = 'who wrote the autogen slides'
    const composed = composeAnswer({
      question,
      sources: [opening, later],
      understanding: understandQuestion(question),
    })
    expect(composed).toEqual({ kind: 'answer', pieces: ['Qingyun Wu, Gagan Bansal, Chi Wang [1]'] })
  })
})
