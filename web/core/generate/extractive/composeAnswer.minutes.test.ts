import { describe, expect, it } from 'vitest'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource, fileSource } from '../../testing/answerSource'
import { tokenize } from '../../retrieve/index/tokenize'
import { composedAnswer } from '../../testing/composedAnswer'

/** A parents' association's minutes as a Word file's passages hold them, and a club's deck beside them. */
const MINUTES = 'pta-minutes-may-2024.docx'
const TREASURER = fileSource(
  1,
  "2. Treasurer's report\n\nMark Delaney reported a balance of £4,812 in the PTA account. The spring disco raised £1,265 and the cake sales raised £418. The PTA agreed to fund new playground equipment up to £2,500.",
  MINUTES,
  "Riverside Primary School Parent Teacher Association > 2. Treasurer's report",
)
const ACTIONS = fileSource(
  2,
  [
    'Actions',
    '',
    'Action | Owner | Due',
    'Order playground equipment | Mark Delaney | 31 May 2024',
    '',
    'The next meeting will be held on Tuesday 10 September 2024 at 18:30.',
  ].join('\n'),
  MINUTES,
  'Riverside Primary School Parent Teacher Association > Actions',
)
const HEADTEACHER = fileSource(
  3,
  [
    "4. Headteacher's update",
    '',
    'Ms Cho thanked parents for their support with the new reading scheme. The school will introduce a walking bus from September, run by parent volunteers.',
    '',
    '5. Any other business',
    '',
    'Parents raised concerns about parking outside the school gate at pick-up time.',
  ].join('\n'),
  MINUTES,
  "Riverside Primary School Parent Teacher Association > 4. Headteacher's update",
)
const PRESENT = fileSource(
  4,
  'Minutes of the meeting held on Tuesday 14 May 2024\n\nPresent: Aisha Rahman (Chair), Mark Delaney (Treasurer), Ms Helen Cho (Headteacher), 14 parents.',
  MINUTES,
  'Riverside Primary School Parent Teacher Association',
)
const CLUB_CLOSING = fileSource(5, 'Thank You\n\nNext meeting: January 20, 2019', 'agm.pptx', 'Thank You')

/**
 * A document's passages, each under its title and a section when given, carrying the document's own words
 * (`about`: its file name, title and opening) as chat hands them on.
 */
const documentParts =
  (filename: string, title: string, opening = '') =>
  (number: number, text: string, section?: string): AnswerSource =>
    answerSource(number, text, {
      filename,
      heading: section ? `${title} > ${section}` : title,
      about: new Set(tokenize(`${filename.replace(/[.-]/gu, ' ')} ${title} ${opening}`)),
    })

describe('composeAnswer on minutes beside other documents', () => {
  it('answers from the document that holds a word of the question no other one does', () => {
    // Only the minutes say "PTA": the deck's "Next meeting:" line is another body's meeting.
    expect(composedAnswer('when is the next pta meeting', [ACTIONS, CLUB_CLOSING, TREASURER]).text).toBe(
      'The next meeting will be held on Tuesday 10 September 2024 at 18:30. [2]',
    )
  })

  it('answers who organises a thing with who will coordinate it', () => {
    const fair = fileSource(
      6,
      '3. Summer fair\n\nThe summer fair will be on Saturday 6 July. Volunteers are needed for the stalls. Sophie Turner will coordinate volunteers.',
      MINUTES,
      'Riverside Primary School Parent Teacher Association > 3. Summer fair',
    )
    expect(composedAnswer('who is organizing the summer fair', [fair, TREASURER]).text).toBe(
      'Sophie Turner will coordinate volunteers. [6]',
    )
  })

  it("reads a section's sentences as of the document's title: the next sync's line under 'Next meeting'", () => {
    const notes = documentParts('platform-notes.md', 'Platform team weekly sync, 12 September 2024')
    const opening = notes(
      1,
      'Platform team weekly sync, 12 September 2024\n\nAttendees: Priya Nair, Luis Ortega',
    )
    const next = notes(2, 'Next meeting\n\n19 September 2024, 10:00, room 3B.', 'Next meeting')
    expect(composedAnswer('when is the next platform sync', [opening, next]).text).toBe(
      '19 September 2024, 10:00, room 3B. [2]',
    )
    const soup = documentParts('soup.html', 'Easy red lentil soup')
    const lede = soup(3, 'Easy red lentil soup\n\nThis warming soup is ready in 35 minutes and serves four.')
    const nutrition = soup(
      4,
      'Nutrition\n\nEach serving has about 260 calories and 14 g of protein.',
      'Nutrition',
    )
    expect(composedAnswer('lentil soup calories', [lede, nutrition]).text).toMatch(
      /^Each serving has about 260/u,
    )
  })

  it('answers how long a thing is with the dates it begins and ends on, over a time limit beside it', () => {
    const part = documentParts('lease.docx', 'Residential Lease Agreement')
    const lease = (number: number, section: string, text: string) =>
      part(number, `${section}\n\n${text}`, section)
    const term = lease(1, '2. Term', 'The lease begins on February 1, 2023 and ends on January 31, 2024.')
    const deposit = lease(
      2,
      '4. Security Deposit',
      'The Tenant shall pay a security deposit of $2,900, which the Landlord will return within 30 days after the lease ends.',
    )
    expect(composedAnswer('how long is the lease', [term, deposit]).text).toBe(
      'The lease begins on February 1, 2023 and ends on January 31, 2024. [1]',
    )
    // "run" closing the question asks the length, as "how long" does: no word a passage must print.
    expect(composedAnswer('how long does the lease run', [term, deposit]).text).toBe(
      'The lease begins on February 1, 2023 and ends on January 31, 2024. [1]',
    )
  })

  it('answers who attended with the attendees line, and names no attended word a passage prints', () => {
    const title = 'Platform team weekly sync, 12 September 2024'
    const part = documentParts(
      'team-notes.md',
      title,
      'Attendees Priya Nair Tom Becker Aiko Tanaka Luis Ortega',
    )
    const sources = [
      part(7, `${title}\n\nAttendees: Priya Nair, Tom Becker, Aiko Tanaka, Luis Ortega`),
      part(
        8,
        'Decisions\n\nWe will move the staging cluster to the new region by the end of October.\nOn-call rotations change from weekly to fortnightly starting in October.',
        'Decisions',
      ),
      part(
        9,
        'Updates\n\nTom reported that the database migration finished on Monday with 40 minutes of downtime, less than the two hours planned. Aiko said the new alerting rules cut false pages by about half in August.',
        'Updates',
      ),
      part(
        10,
        'Action items\n\nOwner | Action | Due\nPriya | Draft the region move plan | 20 September\nLuis | Update the on-call schedule | 27 September',
        'Action items',
      ),
      part(11, 'Next meeting\n\n19 September 2024, 10:00, room 3B.', 'Next meeting'),
    ]
    const answer = composedAnswer('who attended the platform sync', sources).text
    expect(answer).toBe('Attendees: Priya Nair, Tom Becker, Aiko Tanaka, Luis Ortega [7]')
    // Not found, the refusal names what no passage says, never "attended" beside "Attendees".
    const refused = composedAnswer('how much did the people who attended the gala donate', sources).text
    expect(refused).toMatch(/^The documents do not/u)
    expect(refused).not.toContain('“attended”')
  })

  it('answers "how much money" with an amount printed, in no word for money', () => {
    const answer = composedAnswer('how much money does the pta have', [TREASURER]).text
    expect(answer).toMatch(/^Mark Delaney reported a balance of £4,812 in the PTA account\. \[1\]/u)
  })

  it('says the documents do not say when a thing is whose words one of them lacks ("christmas fair")', () => {
    const fair = fileSource(
      1,
      '3. Summer fair\n\nThe summer fair will take place on Saturday 6 July from 12:00 to 16:00 on the school field.',
      MINUTES,
      'Riverside Primary School Parent Teacher Association > 3. Summer fair',
    )
    const answer = composedAnswer('when is the pta christmas fair', [fair, TREASURER])
    expect(answer.kind).toBe('none')
    expect(answer.text).toMatch(/none of them mentions “christmas”/u)
    expect(composedAnswer('when is the summer fair', [fair, TREASURER]).text).toMatch(
      /^The summer fair will take place/u,
    )
  })

  it('answers what someone said with the section their heading names, every sentence of it and no more', () => {
    expect(composedAnswer('what did the headteacher say', [PRESENT, HEADTEACHER]).text).toBe(
      'Ms Cho thanked parents for their support with the new reading scheme. [3] The school will introduce a walking bus from September, run by parent volunteers. [3]',
    )
  })

  it('answers who attended with the line of those present', () => {
    expect(composedAnswer('who attended the pta meeting', [TREASURER, PRESENT]).text).toBe(
      'Present: Aisha Rahman (Chair), Mark Delaney (Treasurer), Ms Helen Cho (Headteacher), 14 parents. [4]',
    )
  })
})

describe("composeAnswer on a document's part asked for whole", () => {
  it("answers what's in a part of the minutes with its sentences, not the minutes' gist", () => {
    expect(composedAnswer("what's in the treasurer's report", [PRESENT, HEADTEACHER, TREASURER]).text).toBe(
      "Treasurer's report [1]\n- Mark Delaney reported a balance of £4,812 in the PTA account.\n- The spring disco raised £1,265 and the cake sales raised £418.\n- The PTA agreed to fund new playground equipment up to £2,500.",
    )
  })

  it('quotes a part of long sentences from its start, asked for by its name and the word "section"', () => {
    const study = documentParts('broadband-feasibility-study.docx', 'Community Broadband Feasibility Study')
    const summary = study(
      1,
      "Executive Summary\n\nMillbrook's residents pay more for slower internet than most towns in the county. This study compares three ways the town could close that gap.",
      'Executive Summary',
    )
    const recommendations = study(
      2,
      "Recommendations\n\nThe town should issue a request for proposals to regional fiber providers by September 2022, apply for the state's Last Mile grant in its next round, and appoint a broadband committee to oversee the partnership.",
      'Recommendations',
    )
    expect(
      composedAnswer("what's in the recommendations section of the feasibility study", [
        summary,
        recommendations,
      ]).text,
    ).toBe(
      "The town should issue a request for proposals to regional fiber providers by September 2022, apply for the state's Last Mile grant in its next round, and appoint a broadband committee to oversee the partnership. [2]",
    )
  })
})

describe('composeAnswer on a policy', () => {
  it('answers "what X" with the sentence under the heading naming X, though the sentence never says X', () => {
    const request = fileSource(
      1,
      '5. How to request remote work\n\nSubmit the Remote Work Request form in the HR portal. Hybrid employees may work remotely up to three days a week.',
      'remote-work-policy.docx',
      'Remote Work Policy > 5. How to request remote work',
    )
    const equipment = fileSource(
      2,
      '6. Equipment and expenses\n\nThe company provides a laptop, a monitor and a headset to every approved remote or hybrid employee. The company does not pay for home internet.',
      'remote-work-policy.docx',
      'Remote Work Policy > 6. Equipment and expenses',
    )
    const security = fileSource(
      3,
      '7. Security\n\nLost or stolen equipment must be reported to the IT Service Desk within 24 hours.',
      'remote-work-policy.docx',
      'Remote Work Policy > 7. Security',
    )
    expect(
      composedAnswer('what equipment do remote workers get', [request, security, equipment]).text,
    ).toMatch(
      /^The company provides a laptop, a monitor and a headset to every approved remote or hybrid employee\. \[2\]/u,
    )
  })
})

describe('composeAnswer on a section or a slide whose title is the question', () => {
  const steps = fileSource(
    1,
    [
      '5. How to request remote work',
      '',
      'Discuss the arrangement with your line manager.',
      'Submit the Remote Work Request form in the HR portal.',
      'Your line manager and department head review the request within ten working days.',
      '',
      '6. Equipment and expenses',
      '',
      'The company provides a laptop to every approved remote employee.',
    ].join('\n'),
    'remote-work-policy.docx',
    'Remote Work Policy > 5. How to request remote work',
  )

  it("answers a how-to with the steps under the heading that asks it, the first step too, to the next section's heading", () => {
    expect(composedAnswer('how do i request remote work', [steps]).text).toBe(
      [
        'How to request remote work [1]',
        '- Discuss the arrangement with your line manager.',
        '- Submit the Remote Work Request form in the HR portal.',
        '- Your line manager and department head review the request within ten working days.',
      ].join('\n'),
    )
  })

  it("answers a how-to with a slide titled for doing it, and a definition with the slide's sentence, not a list", () => {
    const deck = 'container-basics.pptx'
    const started = fileSource(
      1,
      'Getting started\n\nInstall Docker Desktop from the software portal\nClone the data-jobs-template repository\nRun make build and make run',
      deck,
      'Getting started',
    )
    const defined = fileSource(
      2,
      "What is a container?\n\nA container is a lightweight, isolated process that packages an application with everything it needs to run.\nUnlike a virtual machine, it shares the host's operating system kernel.",
      deck,
      'What is a container?',
    )
    for (const source of [started, defined]) source.page = 3
    expect(composedAnswer('how do i get started with containers', [defined, started]).text).toMatch(
      /^Getting started \[1\]\n- Install Docker Desktop/u,
    )
    expect(composedAnswer('what is a container', [defined, started]).text).toBe(
      'A container is a lightweight, isolated process that packages an application with everything it needs to run. [2]',
    )
  })

  it('answers what a meeting decided with the items under its notes\' "Decisions"', () => {
    const attendees = fileSource(
      1,
      'Platform team weekly sync, 12 September 2024\n\nAttendees: Priya Nair, Tom Becker, Aiko Tanaka, Luis Ortega',
      'team-notes.md',
      'Platform team weekly sync, 12 September 2024',
    )
    const decisions = fileSource(
      2,
      'Decisions\n\nWe will move the staging cluster to the new region by the end of October.\nOn-call rotations change from weekly to fortnightly starting in October.\nThe team will stop supporting Python 3.8 in internal tools.',
      'team-notes.md',
      'Platform team weekly sync, 12 September 2024 > Decisions',
    )
    const text = composedAnswer('what did the platform team decide', [attendees, decisions]).text
    expect(text).toMatch(/^Decisions \[2\]/u)
    expect(text).toContain('- On-call rotations change from weekly to fortnightly starting in October.')
    expect(text).not.toContain('Attendees')
  })

  it('answers what a study found with the sentences under its "Results", from the first', () => {
    const abstract = fileSource(
      1,
      'Abstract\n\nHumidity swings in small greenhouses cause fungal disease. We built a network of twelve low-cost sensor nodes.',
      'greenhouse-paper.md',
      'Low-Cost Sensor Networks for Greenhouse Humidity Control > Abstract',
    )
    const limitations = fileSource(
      2,
      '4. Limitations\n\nThe study covered one season at one site. Sensor drift of up to 3% was observed after ten weeks.',
      'greenhouse-paper.md',
      'Low-Cost Sensor Networks for Greenhouse Humidity Control > 4. Limitations',
    )
    const results = fileSource(
      3,
      '3. Results\n\nThe controlled greenhouse stayed within the target band 87% of the time. Tomato yield was 18% higher, and days with visible botrytis fell by 41%.',
      'greenhouse-paper.md',
      'Low-Cost Sensor Networks for Greenhouse Humidity Control > 3. Results',
    )
    expect(composedAnswer('what did the greenhouse study find', [limitations, abstract, results]).text).toBe(
      'The controlled greenhouse stayed within the target band 87% of the time. [3] Tomato yield was 18% higher, and days with visible botrytis fell by 41%. [3]',
    )
    // A paper without a conclusion concludes in its results.
    expect(
      composedAnswer('what does the greenhouse paper conclude', [limitations, abstract, results]).text,
    ).toBe(
      'The controlled greenhouse stayed within the target band 87% of the time. [3] Tomato yield was 18% higher, and days with visible botrytis fell by 41%. [3]',
    )
    // One whose abstract says what it concludes concludes there.
    const concluding = fileSource(
      1,
      'Abstract\n\nHumidity swings in small greenhouses cause fungal disease. We conclude that cheap sensors pay for themselves within a season.',
      'greenhouse-paper.md',
      'Low-Cost Sensor Networks for Greenhouse Humidity Control > Abstract',
    )
    expect(
      composedAnswer('what does the greenhouse paper conclude', [concluding, limitations, results]).text,
    ).toBe('We conclude that cheap sensors pay for themselves within a season. [1]')
  })

  it("reads an author's year in brackets as a citation, no length of time: how long a study ran is not said", () => {
    const introduction = fileSource(
      1,
      '1. Introduction\n\nEarlier studies of adults found that shortened sleep weakens recall (Walker, 2009).',
      'sleep-paper.md',
      'Sleep Duration and Memory Consolidation > 1. Introduction',
    )
    expect(composedAnswer('how long was the study', [introduction]).kind).toBe('none')
  })

  it('answers a part of a document asked for by its name with its sentences, the word for the document aside', () => {
    const limitations = fileSource(
      1,
      '4. Limitations\n\nThe study covered one season at one site. Sensor drift of up to 3% was observed after ten weeks.',
      'greenhouse-paper.md',
      'Low-Cost Sensor Networks for Greenhouse Humidity Control > 4. Limitations',
    )
    expect(composedAnswer('what are the limitations of the greenhouse study', [limitations]).text).toBe(
      'Limitations [1]\n- The study covered one season at one site.\n- Sensor drift of up to 3% was observed after ten weeks.',
    )
    expect(composedAnswer('list the limitations of the greenhouse study', [limitations]).text).toBe(
      'Limitations [1]\n- The study covered one season at one site.\n- Sensor drift of up to 3% was observed after ten weeks.',
    )
    // Asked in the past tense, of a post whose findings are lines of their own.
    const findings = fileSource(
      2,
      'Key findings\n\n62% of teams require at least one approval before merging.\nReviews take a median of 19 hours from request to approval.',
      'survey-blog.html',
      'What 3,200 developers told us about code review > Key findings',
    )
    const opening = fileSource(
      1,
      'What 3,200 developers told us about code review\n\nEvery year we ask developers how their teams review code. This year 3,200 developers answered our survey.',
      'survey-blog.html',
      'What 3,200 developers told us about code review',
    )
    expect(composedAnswer('what were the key findings of the survey', [opening, findings]).text).toBe(
      'Key findings [2]\n- 62% of teams require at least one approval before merging.\n- Reviews take a median of 19 hours from request to approval.',
    )
  })

  it('lists only the action items of the person asked for by their possessive', () => {
    const actions = fileSource(
      1,
      'Action items\n\nOwner | Action | Due\nPriya | Draft the region move plan | 20 September\nLuis | Update the on-call schedule | 27 September\nAiko | Write the alerting runbook | 4 October',
      'team-notes.md',
      'Platform team weekly sync > Action items',
    )
    expect(composedAnswer("what are luis's action items", [actions]).text).toBe(
      'Action items [1]\n- Luis: Update the on-call schedule, 27 September',
    )
    expect(composedAnswer('what are the action items', [actions]).text).toContain('- Aiko:')
  })
})
