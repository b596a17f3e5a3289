import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { composeAnswer } from './composeAnswer'
import { deckOpening, documentGistText, GIST_WORDS } from './documentGistText'

const source = (number: number, text: string, heading: string | null, filename = 'paper.pdf'): AnswerSource =>
  answerSource(number, text, { filename, heading })

/** A deck's slide: its page is its number. */
const slide = (page: number, title: string, text: string): AnswerSource => ({
  ...source(page, text, title, 'talk.pptx'),
  page,
})

const TITLE = 'Tidal Energy Storage in Coastal Lagoons'

/** A paper: title page with its authors and a reference, a table of contents, its abstract, its body. */
const PAPER = [
  source(
    1,
    [
      TITLE,
      'Maria Lopez 1, Ken Ito 2',
      'Citation: Lopez, M.; Ito, K.; Berg, A.; Sato, N. Tidal Energy Storage in Coastal Lagoons. J. Coast. Eng. 2023, 12, 44–59.',
    ].join('\n'),
    TITLE,
  ),
  source(
    2,
    ['Contents', '1. Introduction ............ 3', '2. Lagoon sites ............ 5'].join('\n'),
    TITLE,
  ),
  source(
    3,
    [
      'Abstract',
      'Coastal lagoons can store tidal energy by holding water behind a barrage and releasing it through turbines when demand peaks.',
      'We model three lagoon sites and find that storage lowers the cost of tidal energy by a fifth.',
      'The turbines run in both directions.',
    ].join('\n'),
    `${TITLE} > Abstract`,
  ),
  source(
    4,
    [
      'Lagoon sites',
      'The first site is a shallow bay where the barrage is short and the tidal range is large.',
      'Gulls nest on the barrage in spring and the local council counts them every year for its report.',
      'Tidal lagoon storage depends on the tidal range, and the energy stored grows with the lagoon area.',
    ].join('\n'),
    `${TITLE} > Lagoon sites`,
  ),
]

describe('documentGistText', () => {
  it("quotes a paper's abstract, not its authors, reference or table of contents", () => {
    const gist = documentGistText(PAPER).join('')
    expect(gist).toContain('Coastal lagoons can store tidal energy by holding water behind a barrage')
    expect(gist).toContain('[3]')
    expect(gist).not.toMatch(/Citation|Lopez|\.\.\.\.|Gulls/u)
    expect(
      gist
        .replace(/\[\d+\]/gu, ' ')
        .split(/\s+/u)
        .filter(Boolean).length,
    ).toBeLessThanOrEqual(GIST_WORDS)
  })

  it("opens an article's gist with its headline where the sentences chosen say little of it", () => {
    const headline = 'The harbour economy is a myth: ferries, tolls and the truth about ports'
    const article = [
      answerSource(1, 'Sunday, Feb 1, 2015 11:57 AM UTC', { filename: 'ports.html' }),
      source(
        2,
        [
          'Harbours talk a good game about sharing the sea with everyone who comes.',
          'Ferries raised their fares during the storm, and the harbours kept quiet about it.',
          'Critics of the harbours say the fares were set by an algorithm nobody can read.',
        ].join('\n'),
        `${headline} > Harbours talk a good game`,
        'ports.html',
      ),
    ]
    const gist = documentGistText(article).join('')
    expect(gist.startsWith(`${headline}: `)).toBe(true)
    expect(gist.split(' ').length).toBeLessThanOrEqual(GIST_WORDS)
  })

  it('reads a memorandum saying what it does as saying what it is', () => {
    const memo = [
      source(
        1,
        [
          'THE HARBOUR ACT OF 1998 Port Office Summary',
          'INTRODUCTION',
          'The Harbour Act was signed into law on October 28, 1998. The act implements two treaties: the Mooring Treaty and the Pilotage Treaty. The act also settles several harbour matters that were left open.',
          'Gulls gather on the breakwater every evening when the fishing fleet comes back into the harbour.',
          'A café on the quay sells coffee and newspapers to walkers from early in the morning.',
          'This memorandum summarizes briefly each title of the act.',
        ].join('\n'),
        null,
        'harbour-act.pdf',
      ),
    ]
    const gist = documentGistText(memo).join('')
    expect(gist).toContain('This memorandum summarizes briefly each title of the act.')
  })

  it('reads guidance, and a document naming itself by its title, saying what it presents as saying what it is', () => {
    const annex = [
      source(
        1,
        [
          'ANNEX 5 ILLUSTRATIVE GUIDANCE FOR APPLICATIONS',
          'Introduction',
          'Batch analysis data are presented in Table 4 for one batch of AB1234 manufactured for clinical use.',
          'Assessors do not need details of methods for standard tests of AB1234 batches.',
          'This guidance presents a mock application for a fictitious product.',
          'Stability data for AB1234 batches are presented in Table 5 for twelve months of storage.',
          'This Clinical Trial Application presents information relating to AB1234 Capsules.',
        ].join('\n'),
        null,
        'annex.doc',
      ),
    ]
    const gist = documentGistText(annex).join('')
    expect(gist).toContain('This guidance presents a mock application for a fictitious product.')
    expect(gist).toContain(
      'This Clinical Trial Application presents information relating to AB1234 Capsules.',
    )
  })

  it('prefers the sentence that says what the document is for', () => {
    const guide = [
      source(
        1,
        [
          'Harbour Permit Guide',
          'Harbour permit fees were raised in the last edition of the guide, as the harbour master announced.',
          'Gulls gather on the breakwater every evening when the fishing fleet comes back in.',
          'A café on the quay sells coffee and newspapers to walkers from early morning on.',
          'Visitors often photograph the lighthouse from the end of the long stone pier.',
          'This document is intended for boat owners applying for a harbour mooring permit for the first time.',
          'The harbour opens at six in the morning during the summer season and at eight in winter.',
        ].join('\n'),
        'Harbour Permit Guide',
        'guide.docx',
      ),
    ]
    expect(documentGistText(guide).join('')).toContain(
      'This document is intended for boat owners applying for a harbour mooring permit',
    )
  })

  it('weighs less a sentence that points back at "these" things than the one that names them', () => {
    const guide = [
      source(
        1,
        [
          'Running a Community Kitchen',
          'When you run a community kitchen, or any shared kitchen, there are several duties that every volunteer team has to keep up.',
          'The duties of a kitchen team are: food safety, cleaning rotas, stock ordering, waste sorting and first aid.',
          'I will tell you more about these duties of a kitchen team here, so the kitchen team knows its duties and the kitchen runs well.',
          'Food safety starts with washing hands and keeping raw and cooked food apart in the kitchen.',
          'Cleaning rotas say which kitchen team cleans the kitchen on which day of the week.',
        ].join('\n'),
        'Running a Community Kitchen',
        'kitchen.md',
      ),
    ]
    const gist = documentGistText(guide).join('')
    expect(gist).toContain('food safety, cleaning rotas, stock ordering')
    expect(gist).not.toContain('I will tell you more')
  })

  it('reads an abstract that runs on into the next passage as the abstract', () => {
    const heading = 'Quiet Routing: A Utility-Preserving Formulation of Mesh Routing'
    const abstract = [
      source(
        1,
        'Abstract—Mesh routing is a popular model among network engineers because of the strong delivery guarantee it offers, namely that every packet reaches its destination over some path through the mesh. However, enforcing this guarantee in practice floods links and drains batteries.',
        heading,
      ),
      // The abstract's second half: the passage opens inside its paragraph, under the same heading.
      source(
        2,
        'In this respect, we propose quiet routing, a mesh routing notion that keeps the delivery guarantee while sending each packet over one path. Quiet routing needs fewer transmissions than flooding in every mesh we measured.\nI. Introduction Meshes of small radios carry sensor readings across farms and forests to a gateway.',
        heading,
      ),
      source(
        3,
        [
          'We propose quiet routing for small meshes.',
          'Radios in a mesh forward packets for their neighbours, and each forward costs battery power.',
          'Gateways collect readings from every radio of the mesh at least once an hour.',
        ].join('\n'),
        `${heading} > Introduction`,
      ),
    ]
    const gist = documentGistText(abstract).join('')
    expect(gist).toContain('In this respect, we propose quiet routing')
    // The abstract's last sentence, before the introduction's.
    expect(gist).toContain(
      'Quiet routing needs fewer transmissions than flooding in every mesh we measured. [2]',
    )
    expect(gist).not.toContain('Radios in a mesh')
  })

  it("takes an article's lede for its gist, and a sentence two overlapping passages hold once", () => {
    const page = (number: number, text: string) => source(number, text, 'Kestrel', 'kestrel.html')
    const gist = documentGistText([
      page(
        1,
        'Kestrel is the common name for several small falcons of the genus Falco. Kestrels are smaller than most falcons and hover over open ground while hunting. They are found on every continent except Antarctica.',
      ),
      page(
        2,
        'The grey kestrel of Africa is placed in the subgenus Dissodectes by some authors. Kestrels nest in holes in trees, cliffs and buildings, and lay three to seven eggs.',
      ),
      // The next passage opens with the last one's sentence: it is read once.
      page(
        3,
        'Kestrels nest in holes in trees, cliffs and buildings, and lay three to seven eggs. The banded kestrel of Madagascar is placed in the subgenus Dissodectes by other authors.',
      ),
    ]).join('')
    expect(gist).toMatch(
      /^Kestrel is the common name for several small falcons of the genus Falco\. \[1\] Kestrels are smaller than most falcons and hover over open ground while hunting\. \[1\]/u,
    )
    expect(gist.match(/Kestrels nest/gu)?.length ?? 0).toBeLessThanOrEqual(1)
  })

  it("sums up minutes by their business: no roll, call to order, public comment, motion's seconding or adjournment", () => {
    const item = (number: number, heading: string, text: string) =>
      source(number, `${heading}\n${text}`, `Town Council Regular Meeting Minutes > ${heading}`, 'minutes.md')
    const gist = documentGistText([
      source(
        1,
        'April 14, 2025, 7:00 p.m., Town Hall\nPresent: Mayor Janet Reyes, Councilors Tom Briggs, Priya Natarajan and Helen Park.',
        'Town Council Regular Meeting Minutes',
        'minutes.md',
      ),
      item(2, '1. Call to Order', 'Mayor Reyes called the meeting to order at 7:02 p.m.'),
      item(3, '2. Public Comment', 'Three residents spoke about speeding on Elm Street at the meeting.'),
      item(
        4,
        '3. Budget Amendment',
        'The finance director presented an amendment moving $120,000 from the road reserve to repave Elm Street. Councilor Briggs moved to approve; Councilor Park seconded.',
      ),
      item(
        5,
        '4. Park Contract',
        'The council awarded the Riverside Park playground contract to GreenPlay Builders.',
      ),
      item(
        6,
        '5. Adjournment',
        'The meeting adjourned at 8:45 p.m. The next regular meeting is May 12, 2025.',
      ),
    ]).join('')
    expect(gist).toContain('The finance director presented an amendment moving $120,000')
    expect(gist).toContain('The council awarded the Riverside Park playground contract')
    expect(gist).not.toMatch(/Present:|called the meeting to order|Three residents|seconded|adjourned/u)
  })

  it("takes no cover's edition line for a policy's gist: which copy it is, not what it says", () => {
    const policy = (number: number, heading: string, text: string) =>
      source(number, text, `Information Security Policy${heading}`, 'security-policy.docx')
    const gist = documentGistText([
      policy(1, '', 'Acme Freight Ltd. Version 2.1, approved by the Board on 3 March 2025.'),
      policy(
        2,
        ' > 1. Purpose',
        "This policy sets the rules that protect Acme Freight's systems and customer data from loss, theft and misuse.",
      ),
    ]).join('')
    expect(gist).toMatch(/^This policy sets the rules/u)
    expect(gist).not.toContain('Version 2.1')
  })

  it("keeps a handbook's section on attendance: one heading of a meeting's procedure makes no minutes", () => {
    const gist = documentGistText([
      source(
        1,
        'Attendance\nStudents who miss more than ten school days in a term must meet the principal with a parent.',
        'Student Handbook > Attendance',
        'handbook.md',
      ),
    ]).join('')
    expect(gist).toContain('Students who miss more than ten school days')
  })

  it('opens a README with the sentence naming its project in lower case, as the project spells itself', () => {
    const readme = (number: number, heading: string, text: string) =>
      source(number, text, `tidylog > ${heading}`, 'README.md')
    const gist = documentGistText([
      source(
        1,
        'tidylog is a small command-line tool that rotates, compresses and prunes log files.',
        'tidylog',
        'README.md',
      ),
      readme(
        2,
        'Installation',
        'Install with pip:\npip install tidylog\ntidylog requires Python 3.9 or newer.',
      ),
      readme(
        3,
        'Usage',
        'Run tidylog /var/log/myapp to rotate every log file in a folder. By default, logs older than 14 days are deleted.',
      ),
    ]).join('')
    expect(gist).toMatch(
      /^tidylog is a small command-line tool that rotates, compresses and prunes log files\. \[1\]/u,
    )
  })

  it('opens with a short first sentence that names the project, not with its later sections', () => {
    const readme = (number: number, heading: string, text: string) =>
      source(number, text, `Paperweight > ${heading}`, 'README.md')
    const gist = documentGistText([
      source(
        1,
        'Paperweight converts .docx files into clean HTML. It keeps the structure of the document and ignores most of its styling.',
        'Paperweight',
        'README.md',
      ),
      readme(
        2,
        'Style maps',
        'A style map tells Paperweight how to turn a Word style into HTML. Style maps are passed as an option.',
      ),
      readme(3, 'Limitations', 'Paperweight does not support text boxes, comments or tracked changes.'),
    ]).join('')
    expect(gist).toMatch(/^Paperweight converts \.docx files into clean HTML\. \[1\]/u)
  })

  it('sums up a changelog with its latest releases and their first entries, not only its opening line', () => {
    const log = (number: number, text: string, heading: string) =>
      source(number, text, heading, 'CHANGELOG.md')
    const gist = documentGistText([
      log(1, 'Changelog\n\nAll notable changes to this project are documented in this file.', 'Changelog'),
      log(
        2,
        '[2.1.0] - 2024-03-02\n\nAdded\n\n- CSV export\n- Dark mode',
        'Changelog > [2.1.0] - 2024-03-02 > Added',
      ),
      log(3, 'Fixed\n\n- Crash on empty files', 'Changelog > [2.1.0] - 2024-03-02 > Fixed'),
      log(
        4,
        '[2.0.0] - 2024-01-10\n\nRemoved\n\n- The old sync API',
        'Changelog > [2.0.0] - 2024-01-10 > Removed',
      ),
    ]).join('')
    expect(gist).toBe(
      'All notable changes to this project are documented in this file. [1] Latest releases: [2.1.0] - 2024-03-02: CSV export; Dark mode; Crash on empty files. [2.0.0] - 2024-01-10: The old sync API. [2][3][4]',
    )
  })

  it("takes a paper's numbered sections for no releases", () => {
    const part = (number: number, text: string, heading: string) => source(number, text, heading, 'paper.md')
    const gist = documentGistText([
      part(1, 'Tidal storage in lagoons stores energy in water held behind a wall of rock.', 'Tidal Storage'),
      part(2, '3.1 Method\n\nWe measured the flow at four lagoons for a year.', 'Tidal Storage > 3.1 Method'),
      part(
        3,
        '3.2 Results\n\nThe lagoons stored energy for six hours on average.',
        'Tidal Storage > 3.2 Results',
      ),
    ]).join('')
    expect(gist).not.toContain('Latest releases')
  })

  it('gives a list announced in the opening with its items', () => {
    const page = [
      source(
        1,
        [
          'Deployment Concepts',
          'When deploying a web service there are several concepts you probably care about when choosing how to run it.',
          'The important concepts are:',
          'Security - HTTPS',
          'Restarts',
          'Replication',
          'Memory',
          'We will see how each of these concepts affects deployments of a web service.',
        ].join('\n'),
        'Deployment Concepts',
        'concepts.md',
      ),
      // The sections after it name the items again: they are what the page keeps talking about.
      source(
        2,
        [
          'Restarts',
          'Restarts bring a crashed process back, and memory freed by a crash is used again after restarts.',
          'Replication',
          'Replication runs several processes, and each replica needs its own memory.',
          'Memory',
          'Memory limits how many replicas fit on one server behind HTTPS.',
        ].join('\n'),
        'Deployment Concepts > Restarts',
        'concepts.md',
      ),
    ]
    const gist = documentGistText(page).join('')
    expect(gist).toContain('The important concepts are: Security - HTTPS; Restarts; Replication; Memory.')
  })

  it('answers a summary question with the gist, cited', () => {
    const question = 'can u summarize the tidal lagoon paper'
    const composed = composeAnswer({ question, sources: PAPER, understanding: understandQuestion(question) })
    expect(composed.kind).toBe('answer')
    expect(composed.pieces.join('')).toMatch(/^Coastal lagoons can store tidal energy .* \[3\]/u)
  })

  it("gives a deck's title slide and its slides' titles, each with what it says first", () => {
    const deck = [
      slide(1, 'Harbour Renewal', 'Harbour Renewal\nA plan for the old docks\nCity planning office'),
      slide(2, 'Why renew the docks', 'Why renew the docks\nThe piers are failing.\nTrade has moved.'),
      slide(3, 'Costs and funding', 'Costs and funding\nTotal cost: 12 million.'),
      slide(4, 'Slide 4', 'A picture of the docks at dawn.'),
    ]
    expect(documentGistText(deck)).toEqual([
      'Harbour Renewal — A plan for the old docks. Why renew the docks: The piers are failing; Trade has moved. Costs and funding: Total cost: 12 million. [1]',
    ])
  })

  it("names a slide whose lines are a table's rows by its title alone, and a slide asking answered after it", () => {
    const deck = [
      slide(1, 'Enrollment Trends', 'Enrollment Trends\nBoard retreat, October 2024'),
      slide(
        2,
        'Headcount by term',
        'Headcount by term\nTerm | Headcount\nFall 2023 | 8,105\nFall 2024 | 8,630',
      ),
      slide(
        3,
        'Why do students leave?',
        'Why do students leave?\nCost of living\nCourse scheduling conflicts',
      ),
    ]
    expect(documentGistText(deck)).toEqual([
      'Enrollment Trends — Board retreat, October 2024. Slides: Headcount by term. Why do students leave? Cost of living; Course scheduling conflicts. [1]',
    ])
  })

  it("reads a title slide's short line on into the next: a slide's paragraphs are lines of their own", () => {
    const deck = [
      slide(
        1,
        'Math 260 Foundations of Geometry',
        'Math 260 Foundations of Geometry\n\nLecture 1\n\nEuclidean Geometry',
      ),
      slide(2, 'Elements', 'Elements\nThirteen books by Euclid.'),
    ]
    expect(documentGistText(deck)).toEqual([
      'Math 260 Foundations of Geometry — Lecture 1 Euclidean Geometry. Elements: Thirteen books by Euclid. [1]',
    ])
  })

  it("gives a deck's sentence of prose after its title, and no placeholder or authors' line", () => {
    const deck = [
      slide(
        1,
        'Harbour Renewal',
        'Harbour Renewal\n\nAna Ruiz, Bo Chen, Cara Diaz, Dev Patel, Eli Moss, Fay Lund, Gus Hale, Hana Ito, Ivo Berg, Jo Kim, Kai Ono',
      ),
      slide(
        2,
        '2cdda5c8-e50e-4db4-b5f0-9722a649f455',
        'The harbour plan rebuilds the failing piers and turns the old warehouses into homes over ten years.',
      ),
      slide(3, 'Section 1.2', 'Costs and funding'),
      slide(4, 'Costs and funding:', 'Total cost: 12 million.'),
    ]
    expect(documentGistText(deck)).toEqual([
      'Harbour Renewal. The harbour plan rebuilds the failing piers and turns the old warehouses into homes over ten years. Costs and funding: Total cost: 12 million. [1]',
    ])
  })
})

describe("an FAQ's gist", () => {
  it('says which questions it answers, after what its first answers say', () => {
    const faq = (number: number, question: string, answer: string) =>
      answerSource(number, `${question}\n\n${answer}`, {
        filename: 'faq.html',
        heading: `Frequently asked questions > ${question}`,
      })
    const sources = [
      faq(1, 'How do I get a library card?', 'Cards are free for residents of Oakridge County.'),
      faq(2, 'How many items can I borrow?', 'You may have up to 25 items checked out at once.'),
      faq(3, 'Can I reserve a meeting room?', 'Meeting rooms can be booked online up to 60 days ahead.'),
    ]
    expect(documentGistText(sources).join('')).toMatch(
      / It answers: How do I get a library card\?; How many items can I borrow\?; Can I reserve a meeting room\? \[1\]$/u,
    )
    // Two questions among a README's sections make no FAQ.
    expect(documentGistText(sources.slice(0, 2)).join('')).not.toContain('It answers')
  })
})

describe("a deck's gist from its agenda and the slides on what it keeps naming", () => {
  const titled = (page: number, title: string, text: string) => slide(page, title, `${title}\n\n${text}`)
  const DECK = [
    titled(1, 'Harbour Renewal', 'A plan for the old docks'),
    titled(2, 'The Silver Lining', 'Every cloud'),
    titled(3, 'Harbour piers', 'The harbour piers are failing\nPier repairs first'),
    titled(4, 'Harbour funding', 'The harbour levy pays for the piers'),
    titled(5, 'Thank You', 'Questions welcome'),
    titled(6, 'Further Reading', 'Harbour studies, 2019'),
  ]

  it('puts the title slide first, then the slides whose titles name what the deck keeps naming', () => {
    expect(deckOpening(DECK, 3)).toEqual([1, 3, 4])
    // The closing slides are passed over, though they name the harbour.
    expect(deckOpening(DECK, 6)).toEqual([1, 2, 3, 4])
  })

  it('takes next the slide naming what the deck keeps naming and the slides taken do not name yet', () => {
    const deck = [
      titled(1, 'Talent Review for HR partners', 'Purpose: an overview'),
      titled(2, 'Leading talent review sessions', 'Prepare the talent review with the line manager'),
      titled(3, 'Reviewing the total talent picture', 'The talent review covers every team'),
      titled(
        4,
        'What are succession pools?',
        [
          'Succession pools name who could do a role later',
          'Succession pools are kept in Workday',
          'Each team reviews its succession pools',
          'Managers nominate people for succession pools',
        ].join('\n'),
      ),
      titled(5, 'Talent review tools', 'Forms and grids'),
    ]
    // Three slides on "talent review" say less than two on it and one on succession pools.
    expect(deckOpening(deck, 4)).toEqual([1, 2, 4, 5])
  })

  it("lists an agenda slide's parts, and no closing slide's title", () => {
    const deck = [
      titled(1, 'Harbour Renewal', 'A plan for the old docks'),
      titled(2, 'Overview', 'Why renew\nWhat it costs\nWho pays'),
      titled(3, 'Harbour piers', 'The harbour piers are failing'),
      titled(4, 'Thank You', 'Questions welcome'),
    ]
    expect(deckOpening(deck, 4)).toEqual([1, 2, 3])
    expect(documentGistText(deck)).toEqual([
      'Harbour Renewal — A plan for the old docks. Covers: Why renew; What it costs; Who pays. Harbour piers: The harbour piers are failing. [1]',
    ])
  })
})

describe('documentGistText on a draft standard', () => {
  it('opens with what the draft says it describes, and takes no transcript for a list of points', () => {
    const draft = [
      source(
        1,
        [
          'remoteStorage',
          'Abstract',
          'This draft describes a protocol by which applications running in a browser can store data on a server of their own choosing.',
          'The protocol supports storing, retrieving and removing individual documents, and listing a folder.',
        ].join('\n'),
        null,
        'draft.html',
      ),
      source(
        2,
        [
          'To which the server could respond with a redirect back to the origin of the requesting application:',
          'HTTP/1.1 302 Found',
          'Location: https://drinks.example.com/#access_token=j2YnGt&token_type=bearer',
          'Content-Length: 0',
        ].join('\n'),
        'Example wire transcripts',
        'draft.html',
      ),
    ]
    const gist = documentGistText(draft).join('')
    expect(gist).toMatch(/^This draft describes a protocol/u)
    expect(gist).not.toMatch(/redirect|https/u)
  })

  it("gives a reference's list under a heading, whose words recur in it, and no page's list of languages", () => {
    const reference = [
      source(1, ['Languages', 'Afrikaans', 'Alemannisch', 'Aragonés'].join('\n'), 'API', 'api.md'),
      source(
        2,
        ['Endpoints', 'Generate a completion', 'Create a model', 'Delete a model', 'List local models'].join(
          '\n',
        ),
        'API',
        'api.md',
      ),
      source(
        3,
        'Generate a completion for a prompt with a model. The response streams by default.',
        'API > Generate',
        'api.md',
      ),
      source(
        4,
        'Create a model from a Modelfile. Delete a model and its data.',
        'API > Create a model',
        'api.md',
      ),
    ]
    const gist = documentGistText(reference).join('')
    expect(gist).toContain(
      'Endpoints: Generate a completion; Create a model; Delete a model; List local models. [2]',
    )
    expect(gist).not.toContain('Afrikaans')
  })

  it("takes a Word report's cover page and contents for no list of its matter, and quotes its executive summary", () => {
    const heading = 'Community Broadband Feasibility Study'
    const report = [
      source(
        1,
        [
          heading,
          'Prepared for the Town of Millbrook Select Board',
          'Prepared by Clearwater Network Consulting',
          'April 2022',
        ].join('\n'),
        heading,
        'study.docx',
      ),
      source(
        2,
        ['Table of Contents', 'Executive Summary 2', 'Current Service 3', 'Options Considered 5'].join('\n'),
        `${heading} > Table of Contents`,
        'study.docx',
      ),
      source(
        3,
        [
          'Executive Summary',
          'Millbrook residents pay more for slower broadband than most towns, and a third of households have no wired broadband service.',
          'This study compares three ways the town could close that broadband gap and recommends a partnership with a fiber provider.',
        ].join('\n'),
        `${heading} > Executive Summary`,
        'study.docx',
      ),
      source(
        4,
        'Cable broadband service reaches 69 percent of addresses in the town, and DSL reaches most of the rest.',
        `${heading} > Current Service`,
        'study.docx',
      ),
    ]
    const gist = documentGistText(report).join('')
    expect(gist).toContain('This study compares three ways')
    expect(gist).toContain('Millbrook residents pay more')
    expect(gist).not.toContain('Prepared')
    expect(gist).not.toContain('Options Considered')
  })

  it("takes a chart's axis and a page's repeated links for no list of its matter: a price sheet's gist is its headings", () => {
    const heading = 'Weekly Energy Prices'
    const sheet = [
      source(1, ['Ethanol ($/gal)', 'Iowa 1.35 - 1.42 1.38 - 1.43'].join('\n'), heading, 'prices.pdf'),
      source(2, ['Crude Soybean Oil (cents/lb)', 'Iowa 30.92 - 31.92'].join('\n'), heading, 'prices.pdf'),
      source(
        3,
        ['Corn Processor', 'Tallows and Hides', 'Tallows and Hides', 'Tallows and Hides'].join('\n'),
        heading,
        'prices.pdf',
      ),
      source(4, ['0.80', 'J', 'F M A', 'MJJASO', 'N D'].join('\n'), heading, 'prices.pdf'),
    ]
    const gist = documentGistText(sheet).join('')
    expect(gist).toBe(
      'Ethanol ($/gal); Crude Soybean Oil (cents/lb); Corn Processor; Tallows and Hides; MJJASO [1]',
    )
  })

  it('opens with the page\'s lede, a later section titled with "About" inside its words being no opening one', () => {
    const page = (number: number, heading: string, text: string) =>
      source(number, text, heading, 'ops-handbook.html')
    const gist = documentGistText([
      page(
        1,
        'Watching Services in Production',
        'Watching Services in Production\n\nWritten by Ana Ruiz Edited by Ken Ito\n\nOur operations teams keep a few basic principles and good habits for building useful monitoring and alerting systems. This chapter says which problems should wake a person with a page, and how to handle problems that are not serious enough for a page.',
      ),
      page(
        2,
        'Why Watch?',
        'Paging a person costs a lot of their time. If the engineer is at work, a page breaks their focus. If the engineer is at home, a page breaks their evening, and maybe their sleep. When pages come too often, engineers skim or ignore them, and miss the real one in the noise. Outages last longer when noise slows the diagnosis. Good alerting has a strong signal and little noise.',
      ),
      page(
        3,
        'Thinking About the Slow Requests (or, Measuring and Speed)',
        'Thinking About the Slow Requests (or, Measuring and Speed)\n\nWhen building a monitoring system from nothing, it is tempting to design the system around the mean of some measure: the mean latency, the mean CPU load of your machines, or the mean fill of your databases. The risk of the last two is plain: machines and databases are often loaded very unevenly. Latency is no different. If a web service answers in 100 ms on average at 1,000 requests per second, 1% of the requests may easily take 5 seconds.',
      ),
    ]).join('')
    expect(gist).toMatch(/^Our operations teams keep a few basic principles/u)
  })
})

describe('documentGistText on a working paper whose title holds "Overview"', () => {
  const title = 'Overview of Soil Carbon Accounting: Methods, Gaps and Next Steps'
  const paper = [
    source(
      1,
      [
        'Keywords: Soil Carbon, Carbon Accounting, Farm Practice, Measurement.',
        'Reference: Okafor J.N. (2011). "Overview of Soil Carbon Accounting: Methods, Gaps and Next Steps," Lagos University. Working Papers on Land Use, 4(12).',
      ].join('\n\n'),
      title,
    ),
    source(
      2,
      `${title} JN Okafor the sampling depth chosen by each scheme. Finally, the paper closes with the gaps that remain open.`,
      title,
    ),
    // A page whose font maps its glyphs to no letters: its abstract's label then symbols.
    source(4, "Abstract \" % & % ' % ! $ & & ( ) % * + ' % & % ' & ! + + % !$ &", title),
    source(
      3,
      'Abstract Farmers are paid for carbon stored in their soil, yet the ways of measuring it disagree. This paper reviews the methods used to account for soil carbon, where they differ, and what each leaves unmeasured.',
      title,
    ),
  ]

  it('gives the abstract, without its label, and not the keywords, the citation, a running header run into a page or a garbled page', () => {
    const gist = documentGistText(paper).join('')
    expect(gist).toContain('This paper reviews the methods used to account for soil carbon')
    expect(gist).not.toMatch(/Abstract|Keywords|Reference|JN Okafor|%/u)
  })
})
