import { describe, expect, it } from 'vitest'
import type { ChatTurn } from '../generate/ChatModel'
import { followUpQuestion } from './followUpQuestion'

const after = (first: string, answer = 'An answer. [1]'): ChatTurn[] => [
  { role: 'user', content: first },
  { role: 'assistant', content: answer },
]

describe('followUpQuestion', () => {
  it('changes only the period for "and the year before?"', () => {
    expect(followUpQuestion('and the year before?', after('what was acme revenue in 2022?'))).toBe(
      'what was acme revenue in 2021',
    )
    expect(followUpQuestion('and the year after?', after('What was Acme revenue in 2022?'))).toBe(
      'What was Acme revenue in 2023',
    )
  })

  it('reads "that year" as the year the question before named, a follow-up before it read back', () => {
    expect(
      followUpQuestion('how many left that year?', after('how many students were enrolled in 2022')),
    ).toBe('how many left in 2022')
    const chain: ChatTurn[] = [...after('how many students were enrolled in 2021'), ...after('and in 2022?')]
    expect(followUpQuestion('and how many dropped out in the same year', chain)).toBe(
      'and how many dropped out in 2022',
    )
    expect(followUpQuestion('how many left that year?', after('how many students were enrolled'))).toBeNull()
  })

  it('reads "they" after a "who" question as the first person its answer named, the verb agreeing', () => {
    expect(
      followUpQuestion('where are they from?', after('who wrote it?', 'Amira Haddad, Lucas Ferreira [1]')),
    ).toBe('where is Amira Haddad from')
  })

  it("puts a thing named with its article where one asked without an article stood, and a numbered one's number", () => {
    expect(followUpQuestion('and the plant sale?', after('what were membership dues in 2018'))).toBe(
      'what were plant sale in 2018',
    )
    expect(followUpQuestion('and phase 3?', after('when is phase 2 of the container migration'))).toBe(
      'when is phase 3 of the container migration',
    )
  })

  it('reads a pronoun in a question of another shape as what the question before was about', () => {
    expect(followUpQuestion('when was it written?', after('who wrote the capstone report'))).toBe(
      'when was the capstone report written',
    )
    expect(followUpQuestion('when is it due?', after('what is the monthly rent'))).toBe(
      'when is the monthly rent due',
    )
    expect(followUpQuestion('what did it fix?', after('when was tidyframe 2.2.0 released'))).toBe(
      'what did tidyframe 2.2.0 fix',
    )
    // A question ending on its preposition was about the phrase before it.
    expect(
      followUpQuestion('where was it published?', after('what is the hedgerow survey paper about')),
    ).toBe('where was the hedgerow survey paper published')
    expect(followUpQuestion('when was it sent?', after('who is the complaint letter from'))).toBe(
      'when was the complaint letter sent',
    )
    // "it" is not the findings, but what they are of; a singular "status" is what "it" is.
    expect(
      followUpQuestion('what did it cost?', after('what are the main findings of the greenhouse study')),
    ).toBe('what did the greenhouse study cost')
    expect(followUpQuestion('what did it cost?', after('what was the status of the migration'))).toBe(
      'what did the status of the migration cost',
    )
  })

  it('swaps the word a follow-up names with or without a hyphened prefix: "and residents?" after "non-residents"', () => {
    expect(followUpQuestion('and residents?', after('how much do non-residents pay for a card'))).toBe(
      'how much do residents pay for a card',
    )
    expect(followUpQuestion('and non-members?', after('how much do members pay'))).toBe(
      'how much do non-members pay',
    )
  })

  it('keeps the thing counted and reads the pronoun as the subject: "how many did it have before?"', () => {
    expect(
      followUpQuestion('how many did it have before?', after('how many members does the club have')),
    ).toBe('how many members did the club have before')
  })

  it('fills in the noun a follow-up leaves out or says as "one": "and for a third?", "and the large one?"', () => {
    expect(followUpQuestion('and for a third?', after('what is the fine for a second violation'))).toBe(
      'what is the fine for a third violation',
    )
    expect(followUpQuestion('and the large one?', after('how much does the small plan cost'))).toBe(
      'how much does the large plan cost',
    )
  })

  it('asks the share of the same whole for the other part a follow-up names', () => {
    expect(followUpQuestion('and adult learners?', after('what percent of students are part-time'))).toBe(
      'what percent of students are adult learners',
    )
  })

  it('puts the verb of "and to delete one?" in the place of the one the question before asked which thing does', () => {
    expect(followUpQuestion('and to delete one?', after('which ollama endpoint lists local models'))).toBe(
      'which ollama endpoint deletes models',
    )
    expect(followUpQuestion('and to copy one?', after('which recipe endpoint shares a saved recipe'))).toBe(
      'which recipe endpoint copies a recipe',
    )
    expect(followUpQuestion('and to push it?', after('which team owns the billing service'))).toBe(
      'which team pushes the billing service',
    )
  })

  it('puts a word in the place of its opposite: "and after?", "and the lowest?"', () => {
    expect(followUpQuestion('and after?', after('how long did CI take before'))).toBe(
      'how long did CI take after',
    )
    expect(followUpQuestion('and the lowest?', after('which state had the highest ethanol price'))).toBe(
      'which state had the lowest ethanol price',
    )
  })

  it('names the document the question before named, where one points at it by its kind alone', () => {
    expect(followUpQuestion('who wrote the paper?', after('whats the tracemonkey paper about'))).toBe(
      'who wrote the tracemonkey paper',
    )
    expect(
      followUpQuestion(
        'when was the article published?',
        after("what's the gist of the medical news today article"),
      ),
    ).toBe('when was the medical news today article published')
    // A document named anew, or none named before, is asked of as typed.
    expect(
      followUpQuestion('who wrote the dmca memo?', after('whats the tracemonkey paper about')),
    ).toBeNull()
    expect(followUpQuestion('who wrote the paper?', after('what is the paper about'))).toBeNull()
  })

  it('asks a part of a document after "the" ("the authors", "the conclusion") of the document named before', () => {
    expect(
      followUpQuestion('who are the authors?', after('what does the sourdough starter paper propose')),
    ).toBe('who are the authors of the sourdough starter paper')
    expect(followUpQuestion("what's the conclusion?", after('what is this rooftop solar deck about'))).toBe(
      "what's the conclusion of the rooftop solar deck",
    )
    // A thing said to be of something else, or no document named before, is asked as typed.
    expect(
      followUpQuestion(
        'what is the capital of peru?',
        after('what does the sourdough starter paper propose'),
      ),
    ).toBeNull()
    expect(followUpQuestion('who are the authors?', after('what is a trace tree'))).toBeNull()
  })

  it('puts an adjective alone in the place of the one that qualified the noun asked of: "and urban?"', () => {
    expect(followUpQuestion('and urban?', after('what percent of rural residents lack broadband'))).toBe(
      'what percent of urban residents lack broadband',
    )
    expect(followUpQuestion('and domestic?', after('what were international sales in 2022'))).toBe(
      'what were domestic sales in 2022',
    )
  })

  it('puts a thing typed without an article where the one asked without one stood, not a later "the" phrase', () => {
    expect(
      followUpQuestion('and expenses?', after('what was total income in 2018 for the gardening club')),
    ).toBe('what was expenses in 2018 for the gardening club')
  })

  it("keeps the previous question's verb after the thing replaced", () => {
    expect(followUpQuestion('and the cake sales?', after('how much did the disco raise'))).toBe(
      'how much did the cake sales raise',
    )
  })

  it('keeps the name that qualified the thing replaced: "and the secretary?" of the pta', () => {
    expect(followUpQuestion('and the secretary?', after('who is the pta treasurer'))).toBe(
      'who is the pta secretary',
    )
    // A common word qualifying the thing is the thing's own, not kept: the reach is no "max dig reach".
    expect(followUpQuestion('and the reach?', after('what is the max dig depth of the cx57c'))).toBe(
      'what is the reach of the cx57c',
    )
  })

  it('moves the year the answer gave when the question named none', () => {
    const balance = after('what was the club balance at year end', 'Balance at year end, 2018: $3,460 [1].')
    expect(followUpQuestion('and the year before?', balance)).toBe(
      'what was the club balance at year end in 2017',
    )
    // Nor a year in the answer: nothing to move.
    expect(
      followUpQuestion('and the year before?', after('what was the club balance at year end')),
    ).toBeNull()
  })

  it('reads "he" or "she" after a "who" question as the person its answer named', () => {
    expect(
      followUpQuestion('where does she work?', after('who gave the talk', 'Maria Lopez, Ph.D. [1]')),
    ).toBe('where does Maria Lopez work')
    const titled = after('who gave the broadband talk', 'Dr. Lena Ortiz (Center for Digital Equity) [1]')
    expect(followUpQuestion('where does she work?', titled)).toBe('where does Lena Ortiz work')
    const led = after(
      'who led the study',
      'The scientists were led by Michael Shadlen, Ph.D., of Columbia. [3]',
    )
    expect(followUpQuestion('where does he work', led)).toBe('where does Michael Shadlen work')
    expect(
      followUpQuestion('what is her role', after('who is the treasurer', 'Treasurer: Priya Nair [1]')),
    ).toBe("what is Priya Nair's role")
  })

  it('puts a variant after a model named by its number, the verb after "does" no part of it', () => {
    expect(followUpQuestion('and the pro?', after('how much does the aero 14 cost'))).toBe(
      'how much does the aero 14 pro cost',
    )
    expect(followUpQuestion('and the cake sales?', after('how much did the disco raise'))).toBe(
      'how much did the cake sales raise',
    )
  })

  it('reads "she" after "who proposed…" as the person the answer says did it, inside its sentence', () => {
    const proposed = after(
      'who proposed the bike lane plan',
      'The council voted 7 to 2. [1] "This is about keeping people alive," said council member Dana Whitfield, who proposed the plan. [1]',
    )
    expect(followUpQuestion('what did she say?', proposed)).toBe('what did Dana Whitfield say')
    const plain = after('who founded the club', 'The Harbor Rowing Club was founded in 1921. [1]')
    expect(followUpQuestion('what did she say?', plain) ?? '').not.toContain('Harbor Rowing Club')
  })

  it("puts a model's number where the previous one stood, and a thing where a thing asked without an article stood", () => {
    expect(followUpQuestion('and the 300?', after('whats the weight of the trailblazer 500'))).toBe(
      'whats the weight of the trailblazer 300',
    )
    expect(followUpQuestion('what about expenses?', after('what was total income in 2018'))).toBe(
      'what was expenses in 2018',
    )
  })

  it('puts what the follow-up names where the same kind of phrase stood', () => {
    expect(
      followUpQuestion(
        'what about for jbig2 images',
        after('what does mupdf use for icc colour management?'),
      ),
    ).toBe('what does mupdf use for jbig2 images')
    expect(followUpQuestion('and a program?', after('whats a process in the fastapi docs'))).toBe(
      'whats a program in the fastapi docs',
    )
    expect(followUpQuestion('and nvda?', after('how many responses did jaws get in september 2010'))).toBe(
      'how many responses did nvda get in september 2010',
    )
  })

  it('reads a pronoun as what the previous question asked about', () => {
    // "how much is" and "how long does": the measure and the verb are the question's, not its subject's.
    expect(
      followUpQuestion(
        'and how long does it run for?',
        after('how much is the parking machine contract worth'),
      ),
    ).toBe('how long does the parking machine contract run for')
    expect(followUpQuestion('when was it first argued', after('when was brown v board decided'))).toBe(
      'when was brown v board first argued',
    )
    // A measure with no verb after it ("how many participants in each arm") is the question's too.
    expect(
      followUpQuestion(
        'how long do they take the drug?',
        after('how many participants in each arm of the trial'),
      ),
    ).toBe('how long do participants in each arm of the trial take the drug')
    // After do-support the last word is the verb, however the tagger reads it; a hyphenated name is one.
    expect(followUpQuestion('what did she find?', after('where does Ana Ruiz-Diaz work'))).toBe(
      'what did ana ruiz-diaz find',
    )
    expect(followUpQuestion('when did she join it?', after('where does the author work'))).toBe(
      'when did the author join it',
    )
    // After "who is", a name's last word the tagger reads as a verb ("shave") is the name's still.
    expect(followUpQuestion('where does he live?', after('who is jerald shave'))).toBe(
      'where does jerald shave live',
    )
    // "how do i": the pronoun stands for what the previous question's deed was done to, not the deed.
    expect(followUpQuestion('and how do i use it?', after('how do i install tidyframe'))).toBe(
      'how do i use tidyframe',
    )
    // The question word alone shared: what was asked about follows the auxiliary, with no verb after it.
    expect(followUpQuestion('what license is it under?', after('what is quickcache'))).toBe(
      'what license is quickcache under',
    )
    expect(followUpQuestion('what license is it under?', after('what does quickcache do'))).toBe(
      'what license is quickcache under',
    )
  })

  it('reads "that" before a noun as pointing at the noun, not at the previous question', () => {
    expect(followUpQuestion('when was that argued', after('when was brown v board decided'))).toBe(
      'when was brown v board argued',
    )
    const rust = after('what function does rust call automatically when a variable goes out of scope')
    expect(followUpQuestion('what is that pattern called in c++', rust)).toBeNull()
  })

  it('asks a question naming nothing ("how many died") about what the question before named', () => {
    const explosion = after('what happened in the halifax explosion')
    expect(followUpQuestion('how many died', explosion)).toBe('how many died halifax explosion')
    // The release or the year the question before named is kept with it.
    expect(followUpQuestion('what was added?', after('when was ledger 2.1.0 released'))).toBe(
      'what was added ledger 2.1.0',
    )
    expect(followUpQuestion('how many died', after('what happened in the great flood of 1953'))).toBe(
      'how many died flood 1953',
    )
    // A question with a noun of its own asks about it.
    expect(followUpQuestion('how many ships sank', explosion)).toBeNull()
    expect(followUpQuestion('who won', [])).toBeNull()
    // "rent" read as a verb after "is" is still the thing asked of: no follow-up.
    expect(followUpQuestion('how much is rent', after('who are the parties to the lease'))).toBeNull()
  })

  it('puts another place in a list in the place of the one asked before: "and the second?"', () => {
    const first = after('what is the first guiding principle')
    expect(followUpQuestion('and the second?', first)).toBe('what is the second guiding principle')
    expect(followUpQuestion('the 4th?', first)).toBe('what is the 4th guiding principle')
  })

  it('reads "ones" after an adjective as the plural of the noun the question before qualified', () => {
    expect(
      followUpQuestion('and the secondary ones?', after('what is the primary objective of the trial')),
    ).toBe('what is the secondary objectives of the trial')
    expect(followUpQuestion('and the large ones?', after('how much does the small plan cost'))).toBe(
      'how much does the large plans cost',
    )
  })

  it('asks a question word typed alone of the thing the question before named', () => {
    const talk = after('who gave the bridge inspection talk')
    expect(followUpQuestion('when?', talk)).toBe('when was bridge inspection talk')
    expect(followUpQuestion('where?', talk)).toBe('where was bridge inspection talk')
    expect(followUpQuestion('and when exactly?', talk)).toBe('when was bridge inspection talk')
    // "why?" asks for a reason: no "was" after it.
    expect(followUpQuestion('why?', after('how much will the bakery save on rent'))).toBe('why bakery rent')
  })

  it('puts a name typed alone in the place of the one name of the question before, wherever it stands', () => {
    const turns = [...after('how much will oisin gain from the budget'), ...after('and aoife?')]
    expect(followUpQuestion('and aoife?', turns.slice(0, 2))).toBe('how much will aoife gain from the budget')
    // "why?" then asks of the question "and aoife?" stood for.
    expect(followUpQuestion('why?', turns)).toBe('why aoife gain budget')
    // Two names before: the one the question ends on, under its preposition.
    expect(followUpQuestion('and Globex?', after('who is the CFO of Initech'))).toBe(
      'who is the CFO of Globex',
    )
  })

  it('asks for an example of what the question before asked about', () => {
    const pool = after('what is a succession pool')
    expect(followUpQuestion('give me an example', pool)).toBe('what is an example of a succession pool')
    expect(followUpQuestion('for instance?', pool)).toBe('what is an example of a succession pool')
    expect(followUpQuestion('any examples?', pool)).toBe('what is an example of a succession pool')
    // A question naming what it wants examples of is a question of its own.
    expect(followUpQuestion('examples of talent reviews', pool)).toBeNull()
  })

  it('reads a follow-up of a follow-up against the question the first one stood for', () => {
    const turns = [
      { role: 'user', content: 'how many handgun checks in alabama' },
      { role: 'assistant', content: 'Alabama, Handgun: 21,402 [1]' },
      { role: 'user', content: 'and in arizona?' },
      { role: 'assistant', content: 'Arizona, Handgun: 19,776 [1]' },
    ] as const
    expect(followUpQuestion('and in arizona?', turns.slice(0, 2))).toBe('how many handgun checks in arizona')
    // The thing counted changed, where the follow-up before changed the place.
    expect(followUpQuestion('and long guns?', turns)).toBe('how many long guns in arizona')
  })

  it('leaves a question that stands alone, or a first question, to search', () => {
    expect(followUpQuestion('Who wrote the Rust book?', after('what is ownership in rust'))).toBeNull()
    expect(followUpQuestion('and the year before?', [])).toBeNull()
  })

  it('puts a year, a version, a thing or a name alone where the previous question had one', () => {
    const income = after('what was the income in 2012')
    expect(followUpQuestion('and 2011?', income)).toBe('what was the income in 2011')
    expect(followUpQuestion('and fy2011', income)).toBe('what was the income in 2011')
    expect(
      followUpQuestion('and what was it the previous year', after('what is the treasurer balance for 2012')),
    ).toBe('what is the treasurer balance for 2011')
    expect(followUpQuestion('and 2.0?', after('what does pypdf 3.0 change'))).toBe(
      'what does pypdf 2.0 change',
    )
    // Under a preposition, the program the version is of stays in the question.
    expect(followUpQuestion('and in v4?', after('what changed in tesseract.js v5'))).toBe(
      'what changed in tesseract.js v4',
    )
    expect(followUpQuestion('what about for 2.1?', after('whats new in pypdf 3.0'))).toBe(
      'whats new in pypdf 2.1',
    )
    // A release's neighbour: the release before the previous question's, as its changelog orders them.
    expect(followUpQuestion('and the release before?', after('what changed in 2.2.1'))).toBe(
      'what changed in the release before 2.2.1',
    )
    expect(followUpQuestion('and the one before?', after('what was fixed in 1.3.0'))).toBe(
      'what was fixed in the release before 1.3.0',
    )
    expect(followUpQuestion('the next version?', after('whats new in 1.4.0'))).toBe(
      'whats new in the release after 1.4.0',
    )
    // Where the question named no release and its answer did, the release next to the one answered.
    expect(
      followUpQuestion(
        'and the one before that?',
        after('what is the latest version of httpcodes', '3.0.0 / 2023-05-02: Drop Node.js 12 [1]'),
      ),
    ).toBe('what is the version before 3.0.0 of httpcodes')
    // A thing named takes the place of the object of the question's last verb.
    expect(
      followUpQuestion('and the HTTP_CODES export?', after('which httpcodes version added 418 Teapot')),
    ).toBe('which httpcodes version added the HTTP_CODES export')
    // A thing in common words: the noun phrase asked of, up to its preposition.
    expect(followUpQuestion('what about expenses?', income)).toBe('what was the expenses in 2012')
    expect(followUpQuestion('what about the reach?', after('what is the max dig depth of the cx57c'))).toBe(
      'what is the reach of the cx57c',
    )
    // A name: the one the previous question ended on.
    expect(followUpQuestion('and london?', after('what is the population of paris'))).toBe(
      'what is the population of london',
    )
    // A word that names nothing is no name to put in.
    expect(followUpQuestion('really?', after('what is the population of paris'))).toBeNull()
    // A condition the previous question had not is added to it.
    expect(followUpQuestion('and with the long arm?', after('what is the max dig depth of the cx57c'))).toBe(
      'what is the max dig depth of the cx57c with the long arm',
    )
    // A question of its own with a verb is no thing to put in.
    expect(
      followUpQuestion('can they sell it?', after('what does hipaa let the clinic do with my info')),
    ).toBeNull()
  })
})
