import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { composeAnswer } from './composeAnswer'
import { composedAnswer } from '../../testing/composedAnswer'

/**
 * Slides of the deck `filename` as its chunks hold them: the title on the first line, the bullets one a
 * line, unpunctuated; `about`, what the deck's opening says it is about, where a test needs it.
 */
const deckSlide =
  (filename: string, about?: ReadonlySet<string>) =>
  (number: number, page: number, title: string, bullets: string[]): AnswerSource =>
    answerSource(number, [title, '', ...bullets].join('\n'), {
      filename,
      page,
      heading: title,
      ...(about ? { about } : {}),
    })
const slide = deckSlide('tuning-talk.pptx')

const answer = composedAnswer

/** Slides of one talk, each kept short: a title and its bullets as one line each. */
const MISSES = slide(1, 12, 'Caches and Misses', [
  'A cache miss is a lookup that finds nothing stored',
  'Misses cost a trip to the disk',
  'Warm Caches',
])
const SIZING = slide(2, 13, 'Sizing the Cache', ['Take total memory', 'Subtract what the system needs'])
const WHY = slide(1, 4, 'Why caching?', ['Caching is important to our users.', 'Slow pages lose readers.'])
const CONCEPTS = slide(2, 5, 'Caching concepts', [
  'Caching is the practice of keeping answers to reuse them.',
])
const TIPS = slide(1, 20, 'Cache Tuning Tips', ['Measure the hit rate', 'Size for the working set'])
const INTERNALS = slide(2, 21, 'Cache Internals', ['Entries live in buckets', 'Each bucket is a list'])
const PROBLEM = slide(1, 7, 'The problem', [
  'Caches are hard to size because of',
  'changing traffic',
  'uneven sizes',
])

const answers = (question: string, sources: AnswerSource[], expected: string) =>
  expect(answer(question, sources)).toEqual({ kind: 'answer', text: expected })

describe('composeAnswer on slide decks', () => {
  it("answers from a slide's bullet that states something, though it has no full stop", () => {
    answers(
      'what is a cache miss',
      [MISSES, SIZING],
      'A cache miss is a lookup that finds nothing stored [1]',
    )
  })

  it('takes "X is the …" for what X is, not "X is important to …"', () => {
    answers(
      'define caching',
      [WHY, CONCEPTS],
      'Caching is the practice of keeping answers to reuse them. [2]',
    )
  })

  it('answers a few words naming a slide\'s list ("cache tuning tips") with its items', () => {
    answers(
      'cache tuning tips',
      [TIPS, INTERNALS],
      'Cache Tuning Tips [1]\n- Measure the hit rate\n- Size for the working set',
    )
  })

  it('quotes the items under a line left unfinished ("… because of")', () => {
    answers(
      'why are caches hard to size',
      [PROBLEM],
      'Caches are hard to size because of [1]\n- changing traffic\n- uneven sizes',
    )
  })

  it("answers what is covered in a part of a deck with that slide's lines", () => {
    const week = answerSource(
      2,
      'Your first week\n\nDay 1: badge, laptop and safety briefing\nDay 2: shadow your team lead\nDay 3-5: complete the compliance modules',
      { filename: 'onboarding.pptx', page: 4, heading: 'Your first week' },
    )
    const study = answerSource(1, '4. Limitations\n\nThe study covered one season at one site.', {
      filename: 'greenhouse-paper.md',
      heading: 'Greenhouse Humidity Control > 4. Limitations',
    })
    expect(answer("what's covered in the first week", [study, week]).text).toBe(
      'Your first week [2]\n- Day 1: badge, laptop and safety briefing\n- Day 2: shadow your team lead\n- Day 3-5: complete the compliance modules',
    )
  })

  it('answers when or how long a plan\'s phase runs with its line, the word "phase" unprinted', () => {
    const timeline = answerSource(
      1,
      'Timeline\n\nDiscovery: January to February\nDesign: March to April\nBuild: May to August\nLaunch: September 30, 2026',
      { filename: 'atlas-kickoff.pptx', page: 5, heading: 'Timeline' },
    )
    expect(answer('when is the design phase', [timeline]).text).toBe('Design: March to April [1]')
    expect(answer('how long does design take', [timeline]).text).toBe('Design: March to April [1]')
  })

  it('answers "why" with the lines of a slide titled "Why X?", a title of two words', () => {
    const why = answerSource(
      1,
      'Why Atlas?\n\nCustomers take 9 minutes on average to find an invoice\nSupport receives 1,200 portal tickets a month',
      { filename: 'atlas-kickoff.pptx', page: 2, heading: 'Why Atlas?' },
    )
    expect(answer('why are we doing atlas', [why]).text).toBe(
      'Why Atlas? [1]\n- Customers take 9 minutes on average to find an invoice\n- Support receives 1,200 portal tickets a month',
    )
    // Not one whose title leaves out what the ask qualifies its thing with: "What works" for "future work".
    const works = deckSlide('broadband-talk.pptx')(1, 5, 'What works', [
      'Public-private partnerships share the cost of fiber',
      'Electric cooperatives already own poles',
    ])
    const conclusion = answerSource(
      2,
      '5 Conclusion\n\nFuture work will extend SwiftKV to multi-node serving.',
      {
        filename: 'swiftkv.pdf',
        heading: 'SwiftKV > 5 Conclusion',
      },
    )
    // "What does X include" asks for the lines of the slide titled X.
    const week = deckSlide('orientation.pptx')(1, 3, 'Your first week', [
      'Monday: HR paperwork and badge photo',
      'Tuesday: warehouse safety training',
    ])
    expect(answer('what does the first week include', [week]).text).toBe(
      'Your first week [1]\n- Monday: HR paperwork and badge photo\n- Tuesday: warehouse safety training',
    )
    expect(answer('what is future work', [works, conclusion]).text).toBe(
      'Future work will extend SwiftKV to multi-node serving. [2]',
    )
  })

  it('lists no general noun\'s list that names nowhere what qualifies it ("payment terms" beside "Key terms")', () => {
    const terms = answerSource(
      1,
      'Key terms\n\nLMS: Learning Management System, where all training lives\nPTO: paid time off, accrued monthly',
      { filename: 'onboarding.pptx', page: 5, heading: 'Key terms' },
    )
    expect(answer('what are the payment terms', [terms]).text).not.toMatch(/^Key terms/u)
    expect(answer('what are the key terms', [terms]).text).toMatch(/^Key terms \[1\]\n- LMS/u)
  })

  it("asks words that name no list's heading as any other question", () => {
    expect(answer('bucket entries tips', [INTERNALS]).text).not.toContain('\n- ')
  })

  it('answers what an abbreviation stands for with its spelled-out form, not a word like "standard"', () => {
    const { text } = answer('what does TTL stand for', [
      slide(1, 9, 'Expiry', [
        'Every entry carries a time to live (TTL)',
        'Servers set the TTL using a standard header field:',
        'Cache-Control: max-age',
      ]),
    ])
    expect(text.startsWith('Every entry carries a time to live (TTL) [1]')).toBe(true)
  })

  it("answers who gave a talk with the speaker's name on the title slide", () => {
    const title = answerSource(1, 'Cache Tuning\nPart 1: Sizing\nAna Ruiz <ana@example.org>', {
      filename: 'tuning-talk.pptx',
      page: 1,
      heading: 'Cache Tuning',
    })
    expect(answer('who gave the cache tuning talk', [title]).text).toBe('Ana Ruiz [1]')
  })

  it("reads a title slide's labelled line with what it labels ('Purpose: To…') for the gist", () => {
    const opening = answerSource(
      1,
      "Today's session\nPurpose:\nTo give an overview of the cache review\nOutcomes:",
      {
        filename: 'tuning-talk.pptx',
        page: 1,
        heading: "Today's session",
      },
    )
    const { text } = answer('what is the tuning talk about', [opening, CONCEPTS])
    expect(text).toContain("Today's session — Purpose: To give an overview of the cache review.")
  })

  it("answers a value from a slide's short line, under the slide's title and the line above it", () => {
    const group = slide(1, 4, 'Zentrix Risk Control Group', [
      'Chief Risk Officer Richard B. Buy',
      '126 Professionals',
      'Market Risk Controls',
    ])
    expect(answer('how many professionals work in the risk control group', [group]).text).toBe(
      '126 Professionals [1]',
    )
    // A name typed in lower case is whose officer it is, not part of the role.
    expect(answer("who was zentrix's chief risk officer", [group]).text).toBe(
      'Chief Risk Officer Richard B. Buy [1]',
    )
  })

  it("answers when from a timeline's line, and takes no year for a count", () => {
    const norms = slide(1, 9, 'Emission norms', [
      '1991: First mass emission norms',
      '1995: Catalytic converters for cars in 4 metros',
      '2001: Bharat Stage II in Delhi',
    ])
    expect(answer('when were catalytic converters required for cars', [norms]).text).toBe(
      '1995: Catalytic converters for cars in 4 metros [1]',
    )
    expect(answer('how many buses are in the delhi fleet', [norms]).kind).toBe('none')
    // "How much does it cost" asks for money: a force or a depth is no price.
    const specs = slide(2, 2, 'Excavator specifications', ['Drawbar pull 7,190 lbf', 'Dig depth 13 ft 4 in'])
    expect(answer('how much does the excavator cost', [specs]).kind).toBe('none')
    // So does "what does X earn": a name beside the role is no pay.
    const team = slide(3, 3, 'Who we are', ['Founded in 1998 in Portland', 'CEO: Angela Whitfield'])
    expect(answer('what does the ceo earn', [team]).kind).toBe('none')
    const pay = slide(4, 4, 'Pay', ['CEO salary: $410,000'])
    expect(answer('what does the ceo earn', [team, pay]).text).toBe('CEO salary: $410,000 [4]')
  })

  it("answers a list from the slide titled with it, though only the deck's title names what it is of", () => {
    // A geometry lecture: "Euclid" is in the deck's title ("Euclidean Geometry") and on another slide,
    // not on the slide of the list.
    const about = new Set(['foundations', 'geometry', 'lecture', 'euclidean'])
    const euclid = {
      ...slide(1, 7, 'Euclid', ['He listed 5 common notions and 5 postulates from which all follows.']),
      about,
    }
    const notions = {
      ...slide(2, 12, 'Common Notions', [
        'Things that equal the same thing also equal one another.',
        'If equals are added to equals, then the wholes are equal.',
        'The whole is greater than the part.',
      ]),
      about,
    }
    // Asked as people type it too: "euclids", the possessive without its apostrophe.
    for (const question of ["list euclid's common notions", 'what are euclids common notions']) {
      const { text } = answer(question, [euclid, notions])
      expect(text).toContain('- If equals are added to equals, then the wholes are equal.')
      expect(text).toContain('- The whole is greater than the part.')
    }
  })

  it('answers who held a role from a title slide\'s line, the clause after "when" only saying when', () => {
    const title = slide(1, 1, 'Making usage statistics meaningful', [
      'Ana Ruiz Chair COUNTER UKSG March 2003',
    ])
    const why = slide(2, 3, 'Why was COUNTER formed?', ['Libraries need usage statistics'])
    expect(answer('who chaired counter when the uksg talk was given', [title, why]).text).toBe(
      'Ana Ruiz Chair COUNTER UKSG March 2003 [1]',
    )
  })

  it('answers "what university" from a byline line printing one', () => {
    const title = slide(1, 1, 'Faithful Rounding', [
      'Ana Ruiz Li Wei University of Leeds School of Computing',
    ])
    expect(answer('what university is Ana Ruiz from', [title]).text).toBe(
      'Ana Ruiz Li Wei University of Leeds School of Computing [1]',
    )
  })

  it('refuses a follow-up that is a whole question in its own words, and asks its role of it alone', () => {
    const title = slide(1, 1, 'Usage statistics', ['Ana Ruiz Chair COUNTER UKSG March 2003'])
    const contact = slide(2, 34, 'For more information', ['Li Wei (Project Director)', 'li@example.org'])
    const followUp = (question: string, rewritten: string, carried: string[], sources: AnswerSource[]) =>
      composeAnswer({
        question,
        sources,
        understanding: { ...understandQuestion(rewritten), carried },
      }).pieces.join('')
    const carried = ['chaired', 'counter', 'uksg']
    expect(
      followUp(
        "and who's the project director?",
        "who's the project director chaired counter uksg",
        carried,
        [title, contact],
      ),
    ).toContain('Li Wei (Project Director)')
    // Asked of passages that print no director, the refusal names the follow-up, not the question before.
    const refused = followUp(
      "and who's the project director?",
      "who's the project director chaired counter uksg",
      carried,
      [title],
    )
    expect(refused).toMatch(/^The documents do not say who the project director is\. /u)
    expect(refused).not.toContain('chaired')
  })

  it('answers a slide title\'s words with its items, where the deck is named ("… in the hbcu deck?")', () => {
    const items = ['Academics', 'Support Services', 'Financial Assistance']
    answers(
      'building blocks for college success in the hbcu deck?',
      [slide(1, 10, 'Building Blocks for College Success', items)],
      `Building Blocks for College Success [1]${items.map((item) => `\n- ${item}`).join('')}`,
    )
  })

  it('answers "which X does the deck list other than Y" with the list that is not Y\'s', () => {
    // The deck's file is named after what it presents: every slide is about jboss.
    const file = { filename: 'jboss_profiler.ppt', document_id: 'jboss_profiler.ppt' }
    const own = {
      ...slide(1, 19, 'JBoss Profiler', ['A Java profiler on a JVMPI agent', 'Writes logs']),
      ...file,
    }
    const others = { ...slide(2, 15, 'Profilers', ['Jprobe profiler', 'Optimizeit', 'Jprof']), ...file }
    const { text } = answer('which java profilers does the deck list other than jboss', [own, others])
    expect(text).toBe('Profilers [2]\n- Jprobe profiler\n- Optimizeit\n- Jprof')
  })

  it('answers "which 3 things" with a slide\'s three long bullets under a title too long for a heading', () => {
    const considerations = slide(
      1,
      6,
      'General Considerations for Determining LOA of an Electronic Identity Credential',
      [
        'Identity Proofing – how sure are you that the person is who he or she claims to be at the time of issue?',
        'Identity Binding – how sure are you that the person showing the credential is the one it was issued to?',
        'Credential integrity – how well does the technology and its implementation resist hacking and fraud?',
      ],
    )
    const methodology = slide(2, 3, 'Foundational Assumption', [
      'Online applications shall determine required credential LOA using a standard methodology based on:',
      'Risk assessment using standard tool,',
      'OMB M-04-04 determines required authN LOA',
      'NIST SP 800-63 translates required LOA to credential technology',
      'Agencies shall use the levels to choose credentials',
    ])
    const { text } = answer(
      'which 3 things are considered when determining the LOA of an electronic identity credential',
      [methodology, considerations],
    )
    expect(text).toMatch(
      /^General Considerations for Determining LOA of an Electronic Identity Credential \[1\]\n- Identity Proofing/u,
    )
    expect(text).toContain('\n- Identity Binding')
    expect(text).toContain('\n- Credential integrity')
  })

  it('answers a list asked after a label naming the deck ("capstone deck: what…"), its purpose said the line before', () => {
    const design = slide(1, 10, 'Designing for Everyone', [
      'Rosemary will most likely not be the only user',
      "Should be designed so it's usable by anyone",
      'Design factors include:',
      'Safety',
      'Accessibility',
      'Simplicity',
    ])
    const { text } = answer(
      'capstone deck: what design factors did they list for making it usable by anyone',
      [design],
    )
    expect(text).toBe('Design factors include: [1]\n- Safety\n- Accessibility\n- Simplicity')
  })

  it('answers "what does X stand for" with the line of a slide\'s key that spells X out', () => {
    const key = slide(1, 16, 'ELA Standards Coding', [
      'RL = Reading for Literature',
      'RI = Reading for Information',
      'RF = Reading Foundations',
      'The CCSS have a coding system that will be used by all states.',
    ])
    const sites = slide(2, 31, 'Helpful Websites', [
      'The ELA landing page at the ODE website has many resources for the RI and RL standards.',
    ])
    const { kind, text } = answer("what does RI stand for in ohio's ELA standards codes", [key, sites])
    expect(kind).toBe('answer')
    expect(text).toContain('Reading for Information')
    expect(text).not.toContain('Reading for Literature')
  })

  it("answers from a slide's short label over its value ('Best:' over the choice), under its section's title", () => {
    const sources = [
      slide(1, 15, 'Installing Git', ['Good:', 'msysgit']),
      slide(2, 16, 'Installing Git', ['Better:', 'gitextensions']),
      slide(3, 17, 'Installing Git', ['Best:', 'gitextensions + p4merge']),
    ]
    const best = answer("whats the 'best' way to install git per the tuning talk", sources)
    expect(best.kind).toBe('answer')
    expect(best.text).toBe('Best: gitextensions + p4merge [3]')
    expect(answer("what's the 'good' way to install git", sources).text).toBe('Good: msysgit [1]')
  })

  it('answers "what were the X" and "what are my X" with the slide titled X', () => {
    const findings = slide(1, 9, 'Key Findings', [
      'Battery life doubled with the new regulator',
      'Cost per unit fell to $42',
      'Two sensors failed in field tests',
    ])
    const goals = slide(2, 3, 'Project Goals', [
      'Build a low-cost weather station',
      'Run a year on one battery',
    ])
    expect(answer('what were the key findings', [findings, goals]).text).toBe(
      'Key Findings [1]\n- Battery life doubled with the new regulator\n- Cost per unit fell to $42\n- Two sensors failed in field tests',
    )
    expect(answer('what are my project goals', [findings, goals]).text).toBe(
      'Project Goals [2]\n- Build a low-cost weather station\n- Run a year on one battery',
    )
  })

  it('answers who came up with something from the slide line naming it with its author and year in brackets', () => {
    const fifth = slide(1, 11, 'The fifth postulate', [
      'The 5th postulate is equivalent to another that is simpler to state.',
      'The Parallel Postulate (John Playfair 1795)',
      'Given a line D and a point P not on that line, there is exactly one line through P that is parallel to D.',
    ])
    const other = slide(2, 4, 'History', ['Jamie Zawinski says he came up with the name at a staff meeting.'])
    expect(answer('who came up with the parallel postulate', [other, fifth]).text).toContain(
      'The Parallel Postulate (John Playfair 1795) [1]',
    )
  })

  it('answers who was elected to something with the list its introduction says it of, one of them alone for a role', () => {
    const agm = deckSlide('agm-2019.pptx')
    const election = agm(1, 5, 'Election of the Committee', [
      'The following were elected unopposed for 2020:',
      'President: Grace Okafor',
      'Treasurer: Anil Mehta',
      'Secretary: Lucy Brennan',
    ])
    const report = agm(2, 3, "President's Report", ['Membership grew from 212 households to 247 households.'])
    expect(answer('who was elected to the committee', [report, election]).text).toBe(
      'The following were elected unopposed for 2020: [1]\n- President: Grace Okafor\n- Treasurer: Anil Mehta\n- Secretary: Lucy Brennan',
    )
    expect(answer('who was elected president', [report, election]).text).not.toMatch(/Anil Mehta/u)
  })

  it("lists nothing under a title slide's subtitle: the lines after it say who gave the talk", () => {
    const talk = deckSlide('rural-hospitals.pptx')
    const title = talk(1, 1, 'Keeping Rural Hospitals Open', [
      'Lessons from Five States',
      'Dr. Samuel Achebe',
      'Institute for Health Access',
    ])
    const study = talk(2, 3, 'Our Study', [
      'We interviewed administrators at 42 hospitals in Kansas, Georgia, Tennessee, Texas and Oklahoma.',
      'We reviewed ten years of financial statements for each hospital.',
    ])
    for (const question of ['which states did they study', 'which states were studied'])
      expect(answer(question, [title, study]).text).not.toContain('Samuel Achebe')
  })

  it('lists a slide\'s table rows for the plural its header names ("Phase"), not its title', () => {
    const plan = slide(1, 6, 'Migration plan', [
      'Phase | Scope | Target date',
      '1 | Reporting jobs | November 2023',
      '2 | Feature pipelines | January 2024',
      '3 | Model training | March 2024',
    ])
    const text = answer('what are the phases of the migration', [plan]).text
    expect(text).toMatch(/^Migration plan \[1\]/u)
    expect(text).toContain('- 1: Reporting jobs, November 2023')
    expect(text).toContain('- 3: Model training, March 2024')
  })

  it("answers from the slide an agenda's line names, not from the agenda", () => {
    const talk = (number: number, page: number, title: string, bullets: string[]) =>
      answerSource(number, [title, '', ...bullets].join('\n'), {
        filename: 'enrollment.pptx',
        page,
        heading: title,
      })
    const agenda = talk(1, 2, 'Agenda', [
      'Where enrollment stands',
      'Who is enrolling',
      'Why students leave',
      'What we recommend',
    ])
    const enrolling = talk(2, 4, 'Who is enrolling', [
      'Dual-enrollment high school students grew 22% since 2022',
    ])
    const advice = talk(3, 6, 'Recommendations', [
      'Guarantee an advisor meeting before the second week',
      'Offer evening and weekend sections of gateway courses',
    ])
    const study = answerSource(
      4,
      'Executive Summary\n\nThis study compares three ways the town could close that gap and recommends a public-private partnership with a regional fiber provider.',
      { filename: 'broadband-study.docx', heading: 'Broadband Study > Executive Summary' },
    )
    expect(answer('what do they recommend', [agenda, study]).text).toMatch(/^This study compares three ways/u)
    expect(answer('what do they recommend for enrollment', [agenda, enrolling, advice]).text).toMatch(
      /^Recommendations \[3\]\n- Guarantee an advisor meeting/u,
    )
    // Asked for the agenda, its lines are the answer.
    expect(answer("what's on the agenda", [agenda, enrolling]).text).toMatch(
      /^Agenda \[1\]\n- Where enrollment stands/u,
    )
  })

  it("reads a slide's lines as of what the deck's title slide names", () => {
    const about = new Set(['agm', 'lakeside', 'gardening', 'club', 'annual', 'general', 'meeting'])
    const club = (number: number, page: number, title: string, lines: string[]) =>
      answerSource(number, [title, '', ...lines].join('\n'), {
        filename: 'agm.pptx',
        page,
        heading: title,
        about,
      })
    const opening = club(1, 1, 'Lakeside Gardening Club', ['Annual General Meeting', 'November 18, 2018'])
    const report = club(2, 3, "President's Report", [
      'Membership grew from 112 to 131 members',
      'The spring plant sale raised record funds',
    ])
    expect(answer('how many members does the gardening club have', [opening, report]).text).toBe(
      'Membership grew from 112 to 131 members [2]',
    )
  })

  it("answers what the deck's subject costs with its budget's total row, and a part's cost with its row", () => {
    const about = new Set(['greenwatch', 'autonomous', 'greenhouse', 'monitor', 'capstone'])
    const budget = answerSource(
      1,
      ['Budget', '', 'Item | Cost', 'Microcontroller | $25', 'Sensors | $38', 'Total | $137'].join('\n'),
      { filename: 'capstone.pptx', page: 5, heading: 'Budget', about },
    )
    expect(answer('how much does greenwatch cost', [budget]).text).toBe('Total | $137 (Item, Cost) [1]')
    expect(answer('how much did the microcontroller cost', [budget]).text).toBe(
      'Microcontroller | $25 (Item, Cost) [1]',
    )
  })
})

describe("composeAnswer on a team's members", () => {
  // The deck's title slide names it "Product Team": every slide is about the team, by its deck.
  const about = new Set(['project', 'atlas', 'kickoff', 'product', 'team'])
  const kickoff = deckSlide('atlas-kickoff.pptx', about)
  const slides = [
    kickoff(1, 2, 'Why Atlas?', [
      'Customers take 9 minutes on average to find an invoice',
      'Support receives 1,200 portal tickets a month',
      'Goal: cut portal tickets in half by December',
    ]),
    kickoff(2, 4, 'Team', [
      'Project manager: Sofia Ramirez',
      'Tech lead: Ken Watanabe',
      'Design: Amara Nwosu',
    ]),
  ]

  it('lists who is on a team from the slide titled by the team, not the first slide of its deck', () => {
    expect(answer('who is on the atlas team', slides).text).toBe(
      'Team [2]\n- Project manager: Sofia Ramirez\n- Tech lead: Ken Watanabe\n- Design: Amara Nwosu',
    )
  })

  it("lists no other project's team: every word of the ask in the list's title or its document's", () => {
    const grant = answerSource(
      3,
      'Project Team\n\nThe project is led by cooperative director Samuel Adeyemi. Engineering is provided by Brightline Solar.',
      { filename: 'solar-grant.docx', heading: 'Community Solar Pilot > Project Team' },
    )
    expect(answer('who is on the grant team', [...slides, grant]).text).not.toContain('Sofia Ramirez')
  })
})

describe('composeAnswer on a yes-or-no question', () => {
  it('quotes the slide naming what the question is of, not the title slide holding the rest of its words', () => {
    // What the deck's title slide says it is about: every slide is about new hires.
    const onboarding = deckSlide(
      'onboarding-deck.pptx',
      new Set(['onboarding', 'northwind', 'new', 'hire', 'orientation']),
    )
    const slides = [
      onboarding(1, 1, 'Onboarding at Northwind', [
        'People Operations',
        'New hire orientation, September 2025',
      ]),
      onboarding(2, 3, 'Your first week', [
        'Day 1: badge, laptop and safety briefing',
        'Day 2: shadow your team lead',
      ]),
      onboarding(3, 4, 'Benefits overview', [
        'Medical, dental and vision from day one',
        '401(k) with a 4% company match',
      ]),
      onboarding(4, 5, 'Tools and accounts', [
        'Email and calendar on day one',
        'Warehouse system access in week two',
      ]),
    ]
    expect(answer('is dental covered for new hires', slides).text).toMatch(
      /^Medical, dental and vision from day one \[3\]/u,
    )
  })

  it('quotes the sentence of the thing asked of, not one of another thing saying the rest', () => {
    const faq = answerSource(
      1,
      'How long can I keep a book?\n\nBooks are lent for three weeks. DVDs are lent for one week.',
      {
        filename: 'library-faq.md',
        heading: 'Library FAQ > How long can I keep a book?',
      },
    )
    expect(answer('are dvds lent for three weeks', [faq]).text).toBe('DVDs are lent for one week. [1]')
  })
})

describe('composeAnswer on a short form a slide title spells out', () => {
  const ids = deckSlide('identity-talk.pptx')
  const CONSIDERATIONS = ids(1, 6, 'What Decides the Trust Placed in a Digital Access Token (DAT)', [
    'Proofing – how sure are you that the person is who they claim to be?',
    'Binding – how sure are you that the person holding the DAT is the person it was issued to?',
  ])
  const LEVELS = ids(2, 7, 'Levels', ['Level 1: a password', 'Level 2: a password and a code sent by text'])

  it('answers what the short form is with the words the title spells it with', () => {
    expect(answer('what is a DAT', [CONSIDERATIONS, LEVELS]).text).toBe('DAT: Digital Access Token [1]')
  })

  it("answers what a short form is with a key's line spelling it out, the sentence it runs into left out", () => {
    const deck = deckSlide('reading-standards.pptx')
    const decision = deck(1, 41, 'Ohio’s Decision', [
      'Ohio voted to join PARCC as a governing member.',
      'PARCC = Partnership for Assessment of Readiness for College and Careers This group will develop the tests.',
    ])
    const follow = deck(2, 43, 'Follow PARCC Development', [
      'See the frameworks: http://www.parcconline.org/parcc-content-frameworks',
    ])
    expect(answer('what is PARCC', [follow, decision]).text).toBe(
      'PARCC: Partnership for Assessment of Readiness for College and Careers [1]',
    )
  })

  it('answers what the short form was with its figure, not the words it stands for', () => {
    const results = answerSource(
      3,
      [
        'Results for the Quarter Ended June 30 with Earnings Before Interest, Taxes, Depreciation and Amortization (EBITDA)',
        '',
        'EBITDA for the quarter was $412 million, up 6% on the year before.',
      ].join('\n'),
      { filename: 'results.pdf', heading: 'Quarterly results' },
    )
    expect(answer('What was the EBITDA?', [results]).text).toContain('$412 million')
    expect(answer('what is EBITDA', [results]).text).toMatch(/^EBITDA: Earnings Before Interest/u)
  })

  it('lists the items of a list split over slides that repeat its title, in slide order, each once', () => {
    const lessons = deckSlide('reading-standards.pptx')
    const first = lessons(2, 21, 'Six Guiding Principles', [
      'Make close reading central',
      'Emphasize informational texts',
      'Ask text-dependent questions',
    ])
    const second = lessons(1, 22, 'Six Guiding Principles', [
      'Offer regular research projects',
      'Teach vocabulary systematically',
      'Cultivate independence',
    ])
    const other = deckSlide('talent-review.pptx')(3, 3, 'Talent principles', [
      'Everyone has a unique set of talents',
      'Feedback is honest',
    ])
    answers(
      'what are the six guiding principles',
      [second, first, other],
      'Six Guiding Principles [2][1]\n- Make close reading central\n- Emphasize informational texts' +
        '\n- Ask text-dependent questions\n- Offer regular research projects\n- Teach vocabulary systematically' +
        '\n- Cultivate independence',
    )
    // A place in the list counts on over the slides.
    expect(answer('what is the first guiding principle', [second, first]).text).toBe(
      'Six Guiding Principles: Make close reading central [2]',
    )
    expect(answer('what is the fourth guiding principle', [second, first]).text).toBe(
      'Six Guiding Principles: Offer regular research projects [1]',
    )
    // A slide built up over the next repeats the items before: each is listed once.
    const builtUp = lessons(3, 23, 'Six Guiding Principles', ['Cultivate independence', 'Share the research'])
    expect(answer('what are the guiding principles', [second, first, builtUp]).text).toBe(
      'Six Guiding Principles [2][1][3]\n- Make close reading central\n- Emphasize informational texts' +
        '\n- Ask text-dependent questions\n- Offer regular research projects\n- Teach vocabulary systematically' +
        '\n- Cultivate independence\n- Share the research',
    )
  })

  it("takes no list from a deck's title slide, nor from a slide naming only what the whole deck names", () => {
    const deck = deckSlide(
      'water-finance.pptx',
      new Set(['removing', 'financing', 'obstacles', 'water', 'projects']),
    )
    const title = deck(1, 1, 'Removing Financing Obstacles in Water Projects', [
      'Ana Ruiz',
      'Development Bank',
      'Water Forum',
      'March 17, 2006',
    ])
    // The deck closes on its title slide again.
    const closing = deck(2, 11, 'Removing Financing Obstacles in Water Projects', [
      'Ana Ruiz',
      'Development Bank',
      'Water Forum',
      'March 17, 2006',
    ])
    const cycle = deck(3, 3, 'Project finance cycle', ['Needs', 'Preparation', 'Financing'])
    const preparation = deck(4, 4, 'Project preparation', [
      'One of the major obstacles to water and sanitation finance is project preparation',
      'Low institutional capacity',
      'Scarce financial resources',
    ])
    expect(
      answer('what are the obstacles to water and sanitation finance', [title, closing, cycle, preparation])
        .text,
    ).toMatch(/^One of the major obstacles to water and sanitation finance is project preparation \[4\]/u)
  })

  it('does not answer with a slide titled with the question when the ask asks something more of it', () => {
    const deck = deckSlide('reading-standards.pptx')
    const model = deck(1, 35, 'What is the Model Curriculum?', [
      'A web-based tool aligned to the standards',
      'Gives guidance on instruction',
    ])
    expect(answer('what is the model curriculum', [model]).text).toBe(
      'What is the Model Curriculum? [1]\n- A web-based tool aligned to the standards\n- Gives guidance on instruction',
    )
    expect(answer('what is the budget for the model curriculum', [model]).kind).toBe('none')
  })

  it('glosses a term no sentence names with the slide titled by it and what kind of thing it is, with its items', () => {
    const deck = deckSlide('report-tools.pptx')
    const language = deck(1, 6, 'Tallyscript query language', [
      'Declarative',
      'Typed columns',
      'Runs in the browser',
      'Write the report once, run it anywhere in the building and beyond it',
    ])
    const builder = deck(2, 7, 'Report builder', ['Reports come from the higher-level builder'])
    expect(answer('what is tallyscript', [builder, language]).text).toBe(
      'Tallyscript query language: Declarative; Typed columns; Runs in the browser [1]',
    )
    // A title naming more than what kind of thing it is names another thing the term is part of.
    const tool = deck(1, 6, 'Tallyscript migration checklist for small school teams', [
      'Back up',
      'Convert',
      'Test',
    ])
    expect(answer('what is tallyscript', [builder, tool]).text).not.toContain('checklist')
  })

  it("takes no slide's list for the thing asked when only the deck's title names that thing", () => {
    const deck = deckSlide('water-talk.pptx', new Set(['removing', 'barriers', 'clean', 'water']))
    const cycle = deck(1, 4, 'Clean water project cycle', ['Needs', 'Preparation', 'Financing'])
    const permits = deck(2, 5, 'Permits', [
      'One of the major barriers to clean water is the time permits take.',
    ])
    const reply = answer('what are the barriers to clean water', [cycle, permits]).text
    expect(reply).toContain('One of the major barriers to clean water is the time permits take.')
    expect(reply).not.toContain('Preparation')
  })
})
