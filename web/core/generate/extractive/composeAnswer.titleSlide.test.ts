import { describe, expect, it } from 'vitest'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { tokenize } from '../../retrieve/index/tokenize'

/**
 * A deck's slides as search hands them over: each under its own title, and with what the deck says of
 * itself (`about`: its file's name and its title slide), as `findSources` gives every passage.
 */
function deck(filename: string, slides: Array<[title: string, lines: string[]]>): AnswerSource[] {
  const [opening] = slides
  const about = new Set(
    tokenize(`${filename.replace(/\.[^.]+$/u, '')} ${opening![0]} ${opening![1].join(' ')}`),
  )
  return slides.map(([title, lines], i) =>
    answerSource(i + 1, [title, '', ...lines].join('\n\n'), { filename, page: i + 1, heading: title, about }),
  )
}

const CLUB = deck('agm.pptx', [
  ['Lakeside Gardening Club', ['Annual General Meeting', 'November 18, 2018']],
  [
    'President’s Report',
    ['Membership grew from 112 to 131 members\nNew greenhouse opened at the community garden in June'],
  ],
  ['Election of Officers', ['President: Janet Okafor\nVice President: Tom Reilly\nTreasurer: Priya Nair']],
  ['Agenda', ['Welcome and apologies\nMinutes of the 2017 AGM\nTreasurer’s report\nElection of officers']],
  [
    'Treasurer’s Report',
    [
      '| 2018 | 2017\nMembership dues | $4,250 | $3,980\nTotal expenses | $5,210 | $4,900\nBalance at year end | $3,460 | $2,660',
    ],
  ],
  ['Thank You', ['Next meeting: January 20, 2019']],
])

const TALK = deck('talk.pptx', [
  ['Closing the Rural Broadband Gap', ['Maria Lopez, Ph.D.', 'Center for Rural Policy', 'March 12, 2014']],
  [
    'Why Broadband Matters',
    ['Small business growth\nTelehealth for aging populations\nPrecision agriculture'],
  ],
  [
    'Recommendations',
    ['Map coverage at the address level\nPool state and federal funds\nSet a 25 Mbps minimum'],
  ],
  ['What Employers Should Do', ['Check which group your award is in\nTell employees about the new rates']],
  ['Future Work', ['Solar charging\nAutomatic vent control']],
])

describe('composeAnswer on a deck whose title slide names its subject', () => {
  it('answers "who" with the line naming someone beside the role, the club named only on the title slide', () => {
    expect(composedAnswer('who is the treasurer of the gardening club', CLUB)).toEqual({
      kind: 'answer',
      text: 'Treasurer: Priya Nair [3]',
    })
    // "elected" is printed nowhere, and the role is the noun before "of": the president, not the report.
    expect(composedAnswer('who was elected president of the gardening club', CLUB).text).toBe(
      'President: Janet Okafor [3]',
    )
  })

  it("answers who did a deed with the line labelling its doer ('Advisor:' for 'advised'), after a title", () => {
    const capstone = deck('hydro-capstone.pptx', [
      [
        'Micro-Hydro Generator for Off-Grid Cabins',
        [
          'ME 495 Senior Capstone, Spring 2016\nTeam Riverwatt: Jordan Lee, Priya Natarajan, Marcus Bell, Elena Ruiz\nAdvisor: Prof. Karen Holt',
        ],
      ],
      ['Results', ['The prototype produced 460 W at a head of 2.8 m.']],
    ])
    expect(composedAnswer('who advised the capstone team', capstone).text).toBe(
      'Advisor: Prof. Karen Holt [1]',
    )
  })

  it("answers when a post was published with its byline's date, and a release's date not so", () => {
    const post = answerSource(
      1,
      [
        'What 4,000 developers told us about remote work',
        'By Dana Whitaker · March 3, 2021 · 6 min read',
        'Our second annual developer survey asked more than 4,000 developers how remote work changed their work.',
      ].join('\n\n'),
      { filename: 'devsurvey-blog.html' },
    )
    expect(composedAnswer('when was the survey post published', [post]).text).toBe('March 3, 2021 [1]')
    expect(composedAnswer('who wrote the remote work blog post', [post]).text).toBe('Dana Whitaker [1]')
    // A release is no document: its date is under its heading, not in the changelog's opening lines.
    const changelog = answerSource(
      1,
      'Changelog\n\nUpdated May 2, 2024.\n\n## 3.0.0\n\nReleased 2022-12-22.',
      {
        filename: 'CHANGELOG.md',
      },
    )
    expect(composedAnswer('when was pypdf 3.0.0 released', [changelog]).text).not.toContain('May 2, 2024')
    // A paper's line of dates: the one its label says it came out on; a guideline is a document too.
    const paper = answerSource(
      1,
      [
        'Canadian Recommendations for Ki67 Testing in Breast Cancer',
        'Received: 2 February 2023 Revised: 17 February 2023 Accepted: 27 February 2023 Published: 6 March 2023',
        'Ki67 is a marker of cellular proliferation that pathology laboratories assess every day.',
      ].join('\n\n'),
      { filename: 'ki67-guideline.pdf' },
    )
    expect(composedAnswer('when were the ki67 guidelines published?', [paper]).text).toBe('6 March 2023 [1]')
    // A conference paper's venue line, run on into its copyright: the days the conference ran, with the year.
    const proceedings = answerSource(
      1,
      [
        'SOSP’11, October 23–26, 2011, Cascais, Portugal. Copyright © 2011 ACM 978-1-4503-0977-6/11/10.',
        'Reading logs is how most operators find faults.',
      ].join('\n\n'),
      { filename: 'logreader.pdf', page: 1 },
    )
    expect(composedAnswer('when was the logreader paper published', [proceedings]).text).toBe(
      'October 23–26, 2011 [1]',
    )
  })

  it('takes no share for a count, and a span a thing ran for how long it ran', () => {
    const survey = answerSource(
      1,
      'Sixty-two percent of respondents said their team deploys more often. The survey ran from November 2 to December 4, 2020.',
      { filename: 'devsurvey-blog.html' },
    )
    expect(composedAnswer('how many developers responded', [survey]).kind).toBe('none')
    expect(composedAnswer('how long did the survey run', [survey]).text).toBe(
      'The survey ran from November 2 to December 4, 2020. [1]',
    )
  })

  it('answers where someone works with the line under their name, or after it', () => {
    expect(composedAnswer('where does Maria Lopez work', TALK).text).toBe('Center for Rural Policy [1]')
    // A paper's author block, read as one line: what follows the name, less the address.
    const authors = answerSource(
      1,
      'Event Mining\n\nMing Zhou School of Informatics Eastlake Institute mzhou@eit.edu',
      {
        filename: 'paper.pdf',
      },
    )
    expect(composedAnswer('where does ming zhou work', [authors]).text).toBe(
      'School of Informatics Eastlake Institute [1]',
    )
    const led = answerSource(
      1,
      'The study was led by Ana Ruiz, Ph.D., of the University of Leeds, and published in May.',
    )
    expect(composedAnswer('which university is Ana Ruiz from', [led]).text).toBe(
      'the University of Leeds [1]',
    )
  })

  it('does not take "by" before a word in lower case for a byline', () => {
    const need = answerSource(
      1,
      'There is an urgent need by the pathology community in Canada to set national guidelines for testing.',
      { filename: 'guideline.pdf', page: 1 },
    )
    expect(composedAnswer('who wrote the testing guideline', [need]).kind).toBe('none')
  })

  it("reads a row's figure asked with the club's name, which only the title slide prints", () => {
    expect(composedAnswer("what was the gardening club's balance at year end in 2017", CLUB).text).toMatch(
      /^Balance at year end, 2017: \$2,660 \[5\]/u,
    )
  })

  it("refuses a role of a thing whose document does not say it, where another's does", () => {
    const capstone = deck('capstone.pptx', [
      [
        'GreenWatch: A Greenhouse Monitor',
        ['ECE Senior Design, Spring 2015', 'Team 7: Alice Chen, Ben Moreno'],
      ],
      ['Budget', ['Sensors cost $38 in all']],
    ])
    const { kind } = composedAnswer('who is the president of the greenwatch team', [...capstone, CLUB[2]!])
    expect(kind).toBe('none')
  })

  it('answers "what is X" with a title glossing X where no sentence quoted names it', () => {
    const capstone = deck('capstone.pptx', [
      [
        'GreenWatch: An Autonomous Greenhouse Monitor',
        ['ECE Senior Design, Spring 2015', 'Team 7: Alice Chen, Ben Moreno'],
      ],
      ['Budget', ['Sensors cost $38 in all']],
    ])
    expect(composedAnswer('what is greenwatch', capstone).text).toBe(
      'GreenWatch: An Autonomous Greenhouse Monitor [1]',
    )
  })

  it('answers who gave a talk with the name on its title slide, with its degree', () => {
    expect(composedAnswer('who gave the broadband talk', TALK).text).toBe('Maria Lopez, Ph.D. [1]')
  })

  it('answers when a talk or meeting was with its title slide\'s date, and refuses a "when" no date answers', () => {
    expect(composedAnswer('when was the broadband talk', TALK).text).toBe('March 12, 2014 [1]')
    expect(composedAnswer('what date was the agm held', CLUB).text).toBe('November 18, 2018 [1]')
    // The next meeting is another than the one the deck is of.
    expect(composedAnswer('when is the next gardening club meeting', CLUB).text).not.toBe(
      'November 18, 2018 [1]',
    )
    const { kind, text } = composedAnswer('when was the recommendations slide presented', TALK.slice(1))
    expect(kind).toBe('none')
    expect(text).not.toContain('Map coverage')
    // "When does" asks on what condition as often as on what date: a condition answers it.
    const drop = answerSource(1, 'When a variable goes out of scope, Rust calls drop automatically.', {
      filename: 'ownership.md',
    })
    expect(composedAnswer('when does rust call drop', [drop]).kind).toBe('answer')
  })

  it('answers where a talk was given with the gathering its title slide names, less its date', () => {
    const given = deck('enrollment.pptx', [
      ['Community College Enrollment Trends', ['Dr. Alicia Moreno', 'Office of Institutional Research']],
      ['Why students leave', ['Cost of living and work hours\nCourse scheduling conflicts']],
    ])
    given[0] = { ...given[0]!, text: `${given[0]!.text}\n\nBoard retreat, October 2024` }
    expect(composedAnswer('where was the enrollment presentation given', given).text).toBe(
      'Board retreat [1]',
    )
    // A meeting's own name on its title slide is no place it was held at.
    expect(composedAnswer('where was the agm held', CLUB).text).not.toMatch(/^Annual General Meeting/u)
  })

  it('answers with the one line of a slide titled as the question that holds what the ask adds to it', () => {
    const review = deck('review.pptx', [
      ['Annual Wage Review 2019-20', ['Summary of the Expert Panel decision']],
      [
        'When Do Changes Apply?',
        ['Group 1 awards: 1 July 2020\nGroup 2 awards: 1 November 2020\nGroup 3 awards: 1 February 2021'],
      ],
    ])
    expect(composedAnswer('when do changes apply for group 2 awards', review).text).toBe(
      'Group 2 awards: 1 November 2020 [2]',
    )
    expect(composedAnswer('when do changes apply', review).text).toBe(
      'When Do Changes Apply? [2]\n- Group 1 awards: 1 July 2020\n- Group 2 awards: 1 November 2020\n- Group 3 awards: 1 February 2021',
    )
  })

  it('answers which one of a kind with the bullet naming one, not a budget row printing the kind alone', () => {
    const capstone = deck('capstone.pptx', [
      ['GreenWatch: An Autonomous Greenhouse Monitor', ['ECE Senior Design, Spring 2015']],
      ['Budget', ['Item | Cost\nMicrocontroller | $25\nSensors | $38\nTotal | $137']],
      [
        'System Design',
        ['Arduino Uno microcontroller\nDHT22 temperature and humidity sensor\nGSM module for text alerts'],
      ],
    ])
    expect(composedAnswer('what microcontroller does greenwatch use', capstone).text).toBe(
      'Arduino Uno microcontroller [3]',
    )
    expect(composedAnswer('what sensor does greenwatch use for humidity', capstone).text).toBe(
      'DHT22 temperature and humidity sensor [3]',
    )
  })

  it("answers who a group's members are with the line naming the group's people, though no passage says 'members' of it", () => {
    const capstone = deck('capstone.pptx', [
      [
        'GreenWatch: An Autonomous Greenhouse Monitor',
        ['ECE Senior Design, Spring 2015', 'Team 7: Alice Chen, Ben Moreno, Carla Diaz, David Kim'],
      ],
      ['Budget', ['Item | Cost\nMicrocontroller | $25\nTotal | $137']],
    ])
    const news = answerSource(
      3,
      'The two council members who voted against the plan, Greg Holt and Linda Park, said the city should have studied another route.',
      { filename: 'riverside-news.html', heading: 'Council approves new bike lanes' },
    )
    const notes = answerSource(
      4,
      'Decisions\n\nThe team will stop supporting Python 3.8 in internal tools.',
      {
        filename: 'team-notes.md',
        heading: 'Platform team weekly sync > Decisions',
      },
    )
    expect(composedAnswer('who are the team members on greenwatch', [...capstone, news, notes]).text).toBe(
      'Team 7: Alice Chen, Ben Moreno, Carla Diaz, David Kim [1]',
    )
  })

  it("lists a slide's lines, not the title slide's, though only the title names the subject", () => {
    expect(composedAnswer('what are the recommendations for rural broadband', TALK).text).toBe(
      'Recommendations [3]\n- Map coverage at the address level\n- Pool state and federal funds\n- Set a 25 Mbps minimum',
    )
    // No slide lists goals: the deck's title holds the rest of the ask, which says nothing.
    expect(composedAnswer('what are the goals of the broadband talk', TALK).text).not.toContain(
      'Small business',
    )
  })

  it('lists the slide whose title names the list over one that names the deck', () => {
    const geometry = deck('GeomLec1.pptx', [
      ['Foundations of Geometry', ['Lecture 1', 'Euclidean Geometry']],
      ['Euclid', ['Greek mathematician\nHe listed 5 common notions and 5 postulates']],
      ['Common Notions', ['Things equal to the same thing are equal\nThe whole is greater than the part']],
    ])
    expect(composedAnswer('what are euclids common notions', geometry).text).toBe(
      'Common Notions [3]\n- Things equal to the same thing are equal\n- The whole is greater than the part',
    )
  })

  it('lists what a list introduces, not a list that only mentions the thing asked', () => {
    const paper = answerSource(
      1,
      [
        'Our contributions are as follows:',
        'a clustering method that groups articles by event type',
        'an evaluation on two newspapers',
        '',
        'We collected 12,000 articles from the Daily Ledger and the Coast Herald over six months.',
      ].join('\n'),
      { filename: 'event-mining.pdf' },
    )
    expect(composedAnswer('what newspapers did they use', [paper]).text).toBe(
      'We collected 12,000 articles from the Daily Ledger and the Coast Herald over six months. [1]',
    )
  })

  it('lists an agenda asked for, and a slide whose title is the question asked', () => {
    expect(composedAnswer("what's on the agm agenda", CLUB).text).toBe(
      'Agenda [4]\n- Welcome and apologies\n- Minutes of the 2017 AGM\n- Treasurer’s report\n- Election of officers',
    )
    // A title naming all the ask asks of, the talk itself aside.
    expect(composedAnswer('what future work is planned for rural broadband', TALK).text).toBe(
      'Future Work [5]\n- Solar charging\n- Automatic vent control',
    )
    // Asked as "what is THE future work": a part of the deck by its title, not what a kind of thing is.
    expect(composedAnswer('what is the future work for rural broadband', TALK).text).toBe(
      'Future Work [5]\n- Solar charging\n- Automatic vent control',
    )
    expect(composedAnswer('what should employers do about the new rates', TALK).text).toBe(
      'What Employers Should Do [4]\n- Check which group your award is in\n- Tell employees about the new rates',
    )
  })

  it("answers what a project is with its deck's title and subtitle, where no sentence says", () => {
    const kickoff = deck('atlas-kickoff.pptx', [
      ['Project Atlas Kickoff', ['Customer Portal Redesign', 'Product Team, January 15, 2026']],
      ['Team', ['Project manager: Sofia Ramirez\nTech lead: Ken Watanabe']],
    ])
    expect(composedAnswer('what is project atlas', kickoff).text).toBe(
      'Project Atlas Kickoff: Customer Portal Redesign [1]',
    )
  })

  it("answers what the deck's own subject is with its title and subtitle, over a slide that only names it", () => {
    const pitch = deck('greenloop-pitch.pptx', [
      ['GreenLoop', ['Carbon credits for small farms', 'Investor pitch, June 2025']],
      [
        'How GreenLoop works',
        ['Farmers install a soil sensor kit\nVerified credits are sold on the GreenLoop marketplace'],
      ],
    ])
    expect(composedAnswer("what's greenloop", pitch).text).toBe(
      'GreenLoop: Carbon credits for small farms [1]',
    )
  })

  it("answers what a project is with its README's title and tagline, over a section that only names it", () => {
    const readme = [
      answerSource(
        1,
        'Why should I use this instead of dataframe-js?\n\ndataframe-js copies every column on each join. tidyframe does it lazily, allowing the garbage collector to worry about memory.\ntidyframe is simpler to use, and it provides nice utilities for some operations.\ntidyframe is much faster than dataframe-js in most cases.',
        {
          filename: 'tidyframe__README.md',
          heading: 'tidyframe > Why should I use this instead of dataframe-js?',
        },
      ),
      answerSource(
        2,
        'Upgrading\n\nUpgrading your tidyframe dependency can introduce breaking changes. Before upgrading, review:\n\ntidyframe release notes\nArrow release history',
        { filename: 'tidyframe__README.md', heading: 'tidyframe > Upgrading' },
      ),
      answerSource(
        3,
        'tidyframe\n\nThe smallest data frame library for Node.js.\n\nColumn types\nLazy joins',
        { filename: 'tidyframe__README.md', heading: 'tidyframe' },
      ),
    ]
    expect(composedAnswer('what is tidyframe', readme).text).toBe(
      'tidyframe: The smallest data frame library for Node.js. [3]',
    )
    // A first line with a subject of its own is a sentence about the project, as any other.
    const said = [
      ...readme.slice(0, 2),
      { ...readme[2]!, text: 'tidyframe\n\nWe wrote it for our own dashboards.' },
    ]
    expect(composedAnswer('what is tidyframe', said).text).not.toContain('We wrote it')
    const exclaimed = [
      ...readme.slice(0, 2),
      { ...readme[2]!, text: 'tidyframe\n\ndata frames for javascript, very small!' },
    ]
    expect(composedAnswer('what is tidyframe', exclaimed).text).toBe(
      'tidyframe: data frames for javascript, very small! [3]',
    )
  })
})
