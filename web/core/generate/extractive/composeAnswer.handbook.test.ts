import { describe, expect, it } from 'vitest'
import { answerSource, fileSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { composeAnswer } from './composeAnswer'

describe('composeAnswer on a paper and a handbook', () => {
  it('answers "what is X" with the sentence that introduces X in apposition, not one that reports on it', () => {
    const abstract = fileSource(
      1,
      'Abstract\n\nQuestion answering systems for low-resource languages suffer from scarce training data. We present LexiQA, a retrieval method that expands questions with morphological variants learned from unlabeled text.',
      'paper.md',
      'Sparse Retrieval for Low-Resource Question Answering > Abstract',
    )
    const results = fileSource(
      2,
      '4 Results\n\nLexiQA raises recall@20 from 0.52 to 0.63 on Swahili, from 0.48 to 0.60 on Tagalog and from 0.31 to 0.41 on Quechua.',
      'paper.md',
      'Sparse Retrieval for Low-Resource Question Answering > 4 Results',
    )
    expect(composedAnswer('what is lexiqa', [results, abstract]).text).toBe(
      'We present LexiQA, a retrieval method that expands questions with morphological variants learned from unlabeled text. [1]',
    )
  })

  it('answers "what is X" with the sentence naming X an instance of a kind ("such as"), not one using it', () => {
    const introduction = fileSource(
      1,
      '1 Introduction\n\nSparse retrievers such as BM25 need no training but miss answers phrased with different word forms.',
      'paper.md',
      'Sparse Retrieval for Low-Resource Question Answering > 1 Introduction',
    )
    const abstract = fileSource(
      2,
      'Abstract\n\nOn three benchmarks, LexiQA improves answer recall by 11 points over BM25 without any labeled pairs.',
      'paper.md',
      'Sparse Retrieval for Low-Resource Question Answering > Abstract',
    )
    expect(composedAnswer("what's BM25", [abstract, introduction]).text).toBe(
      'Sparse retrievers such as BM25 need no training but miss answers phrased with different word forms. [1]',
    )
  })

  it('lists the items a line introduces, none of them introducing a list of its own, to the sentence after them', () => {
    const changed = fileSource(
      1,
      [
        'What we changed',
        '',
        'We made three changes:',
        '',
        'Caching dependencies between runs with a content-addressed cache',
        'Splitting the integration tests across eight parallel runners',
        'Building Docker images with BuildKit and a shared layer cache',
        '',
        'The parallel test runners had the biggest effect, saving 17 minutes on their own.',
      ].join('\n'),
      'engineering-blog.html',
      'How we cut our CI time in half > What we changed',
    )
    const expected = [
      'We made three changes: [1]',
      '- Caching dependencies between runs with a content-addressed cache',
      '- Splitting the integration tests across eight parallel runners',
      '- Building Docker images with BuildKit and a shared layer cache',
    ].join('\n')
    expect(composedAnswer('what three changes did acme make to ci', [changed]).text).toBe(expected)
    // "ci" is in the post's title over the section: the list need not say it.
    expect(composedAnswer('what changes did they make to the ci pipeline', [changed]).text).toBe(expected)
  })

  it('ends a list punctuated as one sentence at the item that ends it', () => {
    const steps = fileSource(
      1,
      [
        '3. Onboarding steps',
        '',
        'Before a new supplier can be paid, the requesting department must:',
        '',
        'raise a supplier request in the finance system;',
        "collect the supplier's bank details on company letterhead;",
        'obtain a completed security questionnaire; and',
        'get sign-off from the budget holder.',
        '',
        'Onboarding normally takes ten working days once all documents are received.',
      ].join('\n'),
      'vendor-onboarding-handbook.docx',
      'Vendor Onboarding Handbook > 3. Onboarding steps',
    )
    const answer = composedAnswer('what do i need to onboard a new supplier', [steps]).text
    expect(answer).toMatch(/^Before a new supplier can be paid, the requesting department must: \[1\]\n/u)
    expect(answer).toMatch(/- get sign-off from the budget holder\.$/u)
  })

  it('answers whom to contact with the line printing an address, in no word for contacting', () => {
    const sources = [
      fileSource(
        1,
        '5. Contacts\n\nQuestions about this handbook go to the Head of Procurement, Daniel Osei (procurement@example.org).',
        'vendor-onboarding-handbook.docx',
        'Vendor Onboarding Handbook > 5. Contacts',
      ),
      fileSource(
        2,
        'Abstract\n\nQuestion answering systems for low-resource languages suffer from scarce training data. We present LexiQA, a retrieval method that expands questions with morphological variants.',
        'paper.md',
        'Sparse Retrieval for Low-Resource Question Answering > Abstract',
      ),
      fileSource(3, 'Questions?\n\nmlopez@ruralpolicy.org', 'talk.pptx', 'Questions?'),
      fileSource(4, 'Questions?\n\nravi.shankar@example.com', 'container-basics.pptx', 'Questions?'),
    ]
    expect(composedAnswer('who do i contact with questions?', sources).text).toBe(
      'Questions about this handbook go to the Head of Procurement, Daniel Osei (procurement@example.org). [1]',
    )
  })

  it('answers what an option does with the sentence saying so before the command that uses it', () => {
    const usage = fileSource(
      1,
      [
        'Usage',
        '',
        'dupsweep scan ~/Pictures --report dupes.json',
        'dupsweep clean dupes.json --keep oldest',
        '',
        'The --keep option chooses which copy survives: oldest, newest or shortest-path. The default is oldest.',
      ].join('\n'),
      'README.md',
      'dupsweep > Usage',
    )
    expect(composedAnswer('what does --keep do', [usage]).text).toMatch(
      /The --keep option chooses which copy survives: oldest, newest or shortest-path\. \[1\]$/u,
    )
  })

  it('answers a speed asked with the rate a line prints, in no word for speed', () => {
    const policy = 'remote-work-policy.docx'
    const sources = [
      fileSource(
        1,
        '6. Equipment and expenses\n\nThe company provides a laptop to every approved remote or hybrid employee. The company does not pay for home internet or electricity.',
        policy,
        'Remote Work Policy > 6. Equipment and expenses',
      ),
      fileSource(
        2,
        '4. Eligibility\n\nAn employee may request a remote or hybrid arrangement if they:\n\nhave completed their probation period of six months;\nhave a suitable workspace with a reliable internet connection of at least 25 Mbps; and\nhave no active performance improvement plan.',
        policy,
        'Remote Work Policy > 4. Eligibility',
      ),
      fileSource(
        3,
        "3. Definitions\n\nRemote work means performing one's normal duties from a location other than a Northwind office, most often the employee's home.",
        policy,
        'Remote Work Policy > 3. Definitions',
      ),
      fileSource(
        4,
        '7. Security\n\nEmployees must connect through the company VPN and never print confidential documents at home.',
        policy,
        'Remote Work Policy > 7. Security',
      ),
    ]
    expect(composedAnswer('what internet speed do i need to work from home', sources).text).toMatch(
      /a reliable internet connection of at least 25 Mbps; and \[2\]/u,
    )
  })

  it('answers what a thing costs with the sentence printing an amount, beside the one naming the thing', () => {
    const faq = [
      fileSource(
        1,
        'Can I reserve a meeting room?\n\nMeeting rooms seat up to 12 people and can be booked up to 30 days ahead by any cardholder. Rooms are free for nonprofit groups; businesses pay $25 an hour.',
        'library-faq.md',
        'Library FAQ > Can I reserve a meeting room?',
      ),
    ]
    expect(composedAnswer('what does a meeting room cost', faq).text).toContain(
      'Rooms are free for nonprofit groups; businesses pay $25 an hour. [1]',
    )
  })

  it('answers a price with "free", and reads "non-residents" as no residents', () => {
    const faq = [
      fileSource(
        1,
        'How do I get a library card?\n\nBring a photo ID and proof of address to any branch. Cards are free for residents of Harbor County. Non-residents pay $40 a year.',
        'library-faq.md',
        'Library FAQ > How do I get a library card?',
      ),
    ]
    expect(composedAnswer('how much do residents pay for a card', faq).text).toMatch(
      /^Cards are free for residents of Harbor County\. \[1\]/u,
    )
    expect(composedAnswer('how much do non-residents pay for a card', faq).text).toBe(
      'Non-residents pay $40 a year. [1]',
    )
  })

  it('answers a temperature, a limit, an address and a weight asked with what a line prints, in no word for them', () => {
    const leaflet = [
      fileSource(
        1,
        '3. How to take ibuprofen\n\nLeave at least four hours between doses. Do not take more than six tablets in 24 hours.',
        'leaflet.html',
        'Ibuprofen 200 mg Tablets > 3. How to take ibuprofen',
      ),
      fileSource(
        2,
        '5. How to store ibuprofen\n\nStore below 25°C in the original package. Keep out of the sight and reach of children.',
        'leaflet.html',
        'Ibuprofen 200 mg Tablets > 5. How to store ibuprofen',
      ),
    ]
    expect(composedAnswer('what temperature should ibuprofen be stored at', leaflet).text).toBe(
      'Store below 25°C in the original package. [2]',
    )
    expect(composedAnswer('whats the max ibuprofen dose', leaflet).text).toBe(
      'Do not take more than six tablets in 24 hours. [1]',
    )
    const login = [
      fileSource(
        1,
        'Logging in\n\nOpen a browser and go to http://192.168.8.1. The default admin password is printed on the label.',
        'router-guide.html',
        'Router Setup Guide > Logging in',
      ),
    ]
    expect(composedAnswer('what is the admin url', login).text).toMatch(
      /^Open a browser and go to http:\/\/192\.168\.8\.1\. \[1\]/u,
    )
    const parcel = [fileSource(1, 'Each parcel may hold up to 20 kg of goods.', 'shipping.md', 'Shipping')]
    expect(composedAnswer('what weight can a parcel be', parcel).text).toBe(
      'Each parcel may hold up to 20 kg of goods. [1]',
    )
    // Whom to reach: an office's extension, on a slide of contacts ("IT" no pronoun).
    const contacts = [
      fileSource(
        1,
        'Key contacts\n\nHR: Maria Chen, ext. 2201\nIT help desk: ext. 2400\nSafety officer: Sam Patel, ext. 2310',
        'orientation.pptx',
        'Key contacts',
      ),
    ]
    expect(composedAnswer('who do i contact for IT help', contacts).text).toBe('IT help desk: ext. 2400 [1]')
    expect(composedAnswer("what's the HR extension", contacts).text).toBe('HR: Maria Chen, ext. 2201 [1]')
    // An agreement's parties, said by the names it is made between.
    const lease = [
      fileSource(
        1,
        'Residential Lease Agreement\n\nThis Lease Agreement is made on 1 March 2026 between Alice Ng ("Landlord") and Robert Roe ("Tenant") for the apartment at 14 Elm Street.',
        'lease.md',
        'Residential Lease Agreement',
      ),
      fileSource(
        2,
        "1. Term\n\nThe lease begins on 1 April 2026. After that it continues from month to month until either party gives 60 days' written notice.",
        'lease.md',
        'Residential Lease Agreement > 1. Term',
      ),
    ]
    expect(composedAnswer('who are the parties to the lease', lease).text).toMatch(
      /^This Lease Agreement is made on 1 March 2026 between Alice Ng .+ \[1\]$/u,
    )
  })

  it('answers a follow-up with a new sentence, not the one the answer before quoted, where that lacks its words', () => {
    const post = fileSource(
      1,
      'Last year our CI pipeline took 48 minutes on average. Today the CI pipeline takes 22 minutes on average.',
      'engineering-blog.html',
      'How we cut our CI time in half',
    )
    const history = [
      { role: 'user' as const, content: 'how long did CI take before' },
      { role: 'assistant' as const, content: 'Last year our CI pipeline took 48 minutes on average. [1]' },
    ]
    const followUp = composeAnswer({
      question: 'and after?',
      sources: [post],
      understanding: understandQuestion('how long did CI take after'),
      history,
    })
    expect(followUp.pieces.join('')).toBe('Today the CI pipeline takes 22 minutes on average. [1]')
    // Without an answer before, the best sentence as ranked.
    const alone = composeAnswer({
      question: 'and after?',
      sources: [post],
      understanding: understandQuestion('how long did CI take after'),
    })
    expect(alone.pieces.join('')).toMatch(/^Last year our CI pipeline took 48 minutes/u)
  })

  it('answers a follow-up asking another kind from the sentence the answer before quoted, where it holds that kind', () => {
    const minutes = [
      fileSource(
        1,
        '4. Park Renovation Contract\n\nThe council awarded the Riverside Park playground contract to GreenPlay Builders for $248,500. Work begins in June.',
        'council-minutes.md',
        'Town Council Minutes > 4. Park Renovation Contract',
      ),
      fileSource(
        2,
        '3. Budget Amendment\n\nThe finance director presented an amendment moving $120,000 from the road reserve. Councilor Briggs moved to approve; Councilor Park seconded. The motion passed 4-1.',
        'council-minutes.md',
        'Town Council Minutes > 3. Budget Amendment',
      ),
      fileSource(
        3,
        'Town Council Minutes\n\nApril 14, 2025, 7:00 p.m., Town Hall Council Chambers\n\nPresent: Mayor Janet Reyes, Councilors Tom Briggs, Priya Natarajan, Luis Ortega and Helen Park. Absent: none.',
        'council-minutes.md',
        'Town Council Minutes',
      ),
    ]
    const history = [
      { role: 'user' as const, content: 'how much was the park contract' },
      {
        role: 'assistant' as const,
        content:
          'The council awarded the Riverside Park playground contract to GreenPlay Builders for $248,500. [1]',
      },
    ]
    const who = composeAnswer({
      question: 'who got it?',
      sources: minutes,
      understanding: { ...understandQuestion('who got the park contract'), carried: ['park', 'contract'] },
      history,
    })
    expect(who.pieces.join('')).toMatch(
      /^The council awarded the Riverside Park playground contract to GreenPlay/u,
    )
  })

  it('counts nothing with a time of day or a version: "how many employees", "how many vendors" are not found', () => {
    const policy = [
      fileSource(
        1,
        '1. Purpose\n\nThis policy sets out when and how employees of Northwind Logistics may work away from the office.',
        'remote-work-policy.docx',
        'Remote Work Policy > 1. Purpose',
      ),
      fileSource(
        2,
        '3. Definitions\n\nCore hours are the hours between 10:00 and 15:00 local time during which every employee must be available to colleagues.',
        'remote-work-policy.docx',
        'Remote Work Policy > 3. Definitions',
      ),
    ]
    expect(composedAnswer('how many employees does northwind have', policy).kind).toBe('none')
    const handbook = [
      fileSource(
        1,
        'Vendor Onboarding Handbook\n\nProcurement Office, Version 3.2, revised June 2023',
        'vendor-onboarding-handbook.docx',
        'Vendor Onboarding Handbook',
      ),
    ]
    expect(composedAnswer('how many vendors does the procurement office have', handbook).kind).toBe('none')
  })

  it('counts no employees with a length of time, unless time is what is asked', () => {
    const handbook = [
      fileSource(
        1,
        'Paid Time Off\n\nFull-time Northwind employees accrue 1.5 days of paid time off (PTO) per month, up to a maximum balance of 30 days.',
        'handbook.md',
        'Employee Handbook > Paid Time Off',
      ),
    ]
    expect(composedAnswer('how many employees does northwind have', handbook).kind).toBe('none')
    expect(composedAnswer('how many days of pto do employees get', handbook).text).toMatch(
      /^Full-time Northwind employees accrue/u,
    )
  })

  it('says a term is not defined where its words are found apart, in documents naming one of them each', () => {
    const grant = fileSource(
      1,
      'Evaluation\n\nSuccess will be measured by the number of households enrolled, the average bill savings, and the annual output.',
      'solar-grant.docx',
      'Community Solar Pilot > Evaluation',
    )
    const news = fileSource(
      2,
      'The award comes with a $5,000 prize, which Delgado plans to spend on a second oven.',
      'bakery-news.html',
      'Rise and Shine Bakery named best in state',
    )
    const refused = composedAnswer('what is a savings plan', [grant, news])
    expect(refused.kind).toBe('none')
    expect(refused.text).toMatch(/^The documents do not say what a savings plan is/u)
    // A document naming both words may define it in its own way.
    const plan = fileSource(
      3,
      'Our savings plan matches half of what you put aside each month.',
      'benefits.md',
      'Benefits > Savings',
    )
    expect(composedAnswer('what is a savings plan', [grant, news, plan]).text).toContain('matches half')
  })

  it('answers "how many volunteers" with the count of them, not a line counting their hours', () => {
    const report = [
      fileSource(
        1,
        'By the Numbers\n\nHouseholds served: 8,900\nVolunteer hours: 41,000\nMeals provided: 2,000,000',
        'annual-report.docx',
        'Food Bank Annual Report > By the Numbers',
      ),
      fileSource(
        2,
        'Letter from the Director\n\nWe distributed 2.4 million pounds of food. None of this would be possible without our 600 volunteers.',
        'annual-report.docx',
        'Food Bank Annual Report > Letter from the Director',
      ),
    ]
    expect(composedAnswer('how many volunteers', report).text).toBe(
      'None of this would be possible without our 600 volunteers. [2]',
    )
    expect(composedAnswer('how many volunteer hours', report).text).toBe('Volunteer hours: 41,000 [1]')
  })

  it('names no auxiliary\'s negation among the words a refusal misses ("shouldn\'t" is no word of the ask)', () => {
    const leaflet = [
      fileSource(
        1,
        '3. How to take ibuprofen\n\nAdults and children over 12: take one or two tablets with water, up to three times a day.',
        'leaflet.html',
        'Ibuprofen 200 mg Tablets > 3. How to take ibuprofen',
      ),
    ]
    const refused = composedAnswer("who shouldn't take ibuprofen", leaflet)
    expect(refused.kind).toBe('none')
    expect(refused.text).not.toContain('shouldn”')
  })

  it('refuses "who is the CEO of X" where no passage names the role, and reads a role said in other words', () => {
    const grant = [
      fileSource(
        1,
        'Project Team\n\nThe project is led by cooperative director Samuel Adeyemi. Engineering is provided by Brightline Solar, and outreach by the Harbor County Housing Authority.',
        'solar-grant.docx',
        'Community Solar Pilot > Project Team',
      ),
    ]
    const ceo = composedAnswer('who is the ceo of brightline solar', grant)
    expect(ceo.kind).toBe('none')
    expect(ceo.text).toMatch(/^The documents do not say who the ceo of brightline solar is/u)
    // A role said by its verb: "the founder", "founded by".
    const founded = fileSource(
      2,
      'About us\n\nBrightline Solar was founded by Dana Kim in 2019 and installs rooftop arrays.',
      'brightline.md',
      'Brightline Solar > About us',
    )
    expect(composedAnswer('who is the founder of brightline solar', [founded]).text).toContain('Dana Kim')
    // Spelled out, the role is named.
    const spelled = [
      fileSource(
        1,
        'Leadership\n\nChief Executive Officer Dana Kim joined Brightline Solar in 2019.',
        'brightline.md',
        'Brightline Solar > Leadership',
      ),
    ]
    expect(composedAnswer('who is the ceo of brightline solar', spelled).text).toContain('Dana Kim')
  })

  it('answers a how-to with the numbered steps of the section whose heading names its doing in another form', () => {
    const intro = fileSource(
      1,
      'Tidewater: contributor guide\n\nThis guide explains how to set up a development environment, how we review changes, and how releases are made.',
      'guide.md',
      'Tidewater: contributor guide',
    )
    const setup = fileSource(
      2,
      'Setting up\n\n1. Install Python 3.11 or later.\n2. Clone the repository and run make dev.\n3. Run make test to check that everything works.',
      'guide.md',
      'Tidewater: contributor guide > Setting up',
    )
    const review = fileSource(
      3,
      'Code review\n\nEvery change needs one approving review.\nReviews are done within two working days.',
      'guide.md',
      'Tidewater: contributor guide > Code review',
    )
    const text = composedAnswer('how do i set up a dev environment for tidewater', [
      intro,
      setup,
      review,
    ]).text
    expect(text).toContain('Setting up [2]')
    expect(text).toContain('- 1. Install Python 3.11 or later.')
    expect(text).toContain('- 3. Run make test')
    // Lines under a heading that are no numbered steps are no answer to a how-to of its words.
    expect(composedAnswer('how do i do a code review', [intro, review]).text).not.toContain('Code review [')
  })

  it("refuses a thing whose words no one document names all of: another project's license is not this one's", () => {
    const license = fileSource(
      1,
      'License\n\ndupsweep is released under the Apache License 2.0. See LICENSE for details.',
      'dupsweep-README.md',
      'dupsweep > License',
    )
    const guide = fileSource(
      2,
      'Tidewater: contributor guide\n\nTidewater is an open-source tool for forecasting tide heights from harbour gauge data.',
      'guide.md',
      'Tidewater: contributor guide',
    )
    expect(composedAnswer('what is the tidewater license', [license, guide]).text).toContain(
      'The documents do not say',
    )
    // A thing's modifier in common words, another document's word too, may be said another way ("last").
    const history = fileSource(
      3,
      'East Germany\n\nLothar de Maizière was the last Prime Minister of East Germany, from April to October 1990.',
      'history.md',
      'East Germany',
    )
    const football = fileSource(
      4,
      'Cup\n\nThe final was played in Rome in front of 60,000 people.',
      'cup.md',
      'Cup',
    )
    expect(
      composedAnswer('who was the final prime minister of east germany', [history, football]).text,
    ).toMatch(/^Lothar de Maizière/u)
    expect(composedAnswer('what is the dupsweep license', [license, guide]).text).toMatch(
      /^dupsweep is released under the Apache License 2\.0/u,
    )
  })

  it('refuses the figure of a row that names part of the thing asked where no passage names the rest', () => {
    const fees = fileSource(
      1,
      'Schedule A: Fees\n\nFee | Amount | When due\nApplication fee | $50 | At application\nKey replacement | $25 | On request\nLock change | $120 | On request',
      'lease.docx',
      'Residential Lease Agreement > Schedule A: Fees',
    )
    const rent = fileSource(
      2,
      '3. Rent\n\nThe monthly rent is $1,450, due on the first day of each month.',
      'lease.docx',
      'Residential Lease Agreement > 3. Rent',
    )
    const renewal = composedAnswer('how much is the lease renewal fee', [fees, rent]).text
    expect(renewal).toContain('none of them mentions “renewal”')
    expect(renewal).not.toContain('$50')
    expect(composedAnswer('how much is the lock change', [fees, rent]).text).toMatch(/^Lock change.*\$120/u)
  })

  it('refuses a count of a thing no passage names ("days of annual leave"), and counts one they name', () => {
    const remote = fileSource(
      1,
      '5. How to request remote work\n\nHybrid employees may work remotely up to three days a week.',
      'policy.docx',
      'Remote Work Policy > 5. How to request remote work',
    )
    const expenses = fileSource(
      2,
      '6. Equipment and expenses\n\nEmployees may claim a home office allowance of £300 once every two years.',
      'policy.docx',
      'Remote Work Policy > 6. Equipment and expenses',
    )
    const leave = composedAnswer('how many days of annual leave do employees get', [expenses, remote]).text
    expect(leave).toContain('none of them mentions')
    expect(leave).toContain('“leave”')
    expect(
      composedAnswer('how many days of remote work are hybrid employees allowed', [expenses, remote]).text,
    ).toMatch(/^Hybrid employees may work remotely up to three days a week/u)
  })

  it('answers "the eligibility requirements", "the security rules" from the sections their qualifier heads', () => {
    const scope = fileSource(
      1,
      '2. Scope\n\nThis policy applies to all permanent employees. It does not apply to agency workers, whose work must be done on site.',
      'policy.docx',
      'Remote Work Policy > 2. Scope',
    )
    const eligibility = fileSource(
      2,
      '4. Eligibility\n\nAn employee may request a remote or hybrid arrangement if they:\n\nhave completed their probation period of six months;\nhold a role marked as suitable for remote work; and\nhave no active performance improvement plan.',
      'policy.docx',
      'Remote Work Policy > 4. Eligibility',
    )
    const request = fileSource(
      3,
      '5. How to request remote work\n\nSubmit the Remote Work Request form in the HR portal.\nFully remote arrangements require the approval of the Chief Operating Officer.',
      'policy.docx',
      'Remote Work Policy > 5. How to request remote work',
    )
    const security = fileSource(
      4,
      '7. Security\n\nEmployees must connect through the company VPN and never print confidential documents at home.',
      'policy.docx',
      'Remote Work Policy > 7. Security',
    )
    const sources = [request, scope, eligibility, security]
    const requirements = composedAnswer('what are the eligibility requirements for remote work', sources).text
    expect(requirements).toContain('An employee may request a remote or hybrid arrangement if they: [2]')
    expect(requirements).toContain('- have completed their probation period of six months;')
    expect(composedAnswer('list the security rules for remote workers', sources).text).toMatch(
      /^Employees must connect through the company VPN/u,
    )
  })

  it('answers "what criteria…" with the sentence listing them, though it never says "criteria"', () => {
    const review = fileSource(
      1,
      '4. Annual review\n\nEvery preferred supplier is reviewed once a year. The review scores delivery, quality, price and responsiveness on a scale of 1 to 5. A supplier scoring below 3 on two consecutive reviews is placed on an improvement plan, and may be removed from the preferred list.',
      'handbook.docx',
      'Vendor Onboarding Handbook > 4. Annual review',
    )
    const wage = fileSource(
      2,
      'Annual Wage Review 2019-20\n\nSummary of the Expert Panel decision\n\nHarbour Employers Association',
      'review.pptx',
      'Annual Wage Review 2019-20',
    )
    const code = fileSource(
      3,
      'Code review\n\nEvery change needs one approving review from a maintainer before it is merged. Reviews should be done within two working days. Large changes should be discussed in an issue first.',
      'guide.md',
      'Guide > Code review',
    )
    const policy = fileSource(
      4,
      "8. Review\n\nAn arrangement may be ended by either party with four weeks' notice. This policy is reviewed every two years by People Operations.",
      'policy.docx',
      'Remote Work Policy > 8. Review',
    )
    const club = fileSource(
      5,
      'Lakeside Gardening Club\n\nAnnual General Meeting\n\nNovember 18, 2018',
      'agm.pptx',
      'Lakeside Gardening Club',
    )
    const sources = [review, wage, code, policy, club]
    expect(composedAnswer('what criteria does the annual review score', sources).text).toMatch(
      /^The review scores delivery, quality, price and responsiveness/u,
    )
  })

  it("answers an FAQ's question with the paragraph under it, from its first sentence", () => {
    const card = fileSource(
      1,
      'How do I get a library card?\n\nBring a photo ID and proof of your current address to any branch. Cards are free for residents of Oakridge County. Non-residents may buy a card for $40 a year.',
      'faq.html',
      'Frequently asked questions > How do I get a library card?',
    )
    const fees = fileSource(
      2,
      'Are there late fees?\n\nThe library stopped charging late fees in 2021.',
      'faq.html',
      'Frequently asked questions > Are there late fees?',
    )
    expect(composedAnswer('how do i get a library card', [card, fees]).text).toBe(
      'Bring a photo ID and proof of your current address to any branch. [1] Cards are free for residents of Oakridge County. [1] Non-residents may buy a card for $40 a year. [1]',
    )
  })

  it('answers a span asked by its noun ("the loan period") with the span a sentence prints in its own verb', () => {
    const books = fileSource(
      1,
      'How long can I keep a book?\n\nBooks are lent for three weeks and may be renewed twice. DVDs are lent for one week.',
      'faq.html',
      'Frequently asked questions > How long can I keep a book?',
    )
    const probation = fileSource(
      2,
      '4. Eligibility\n\nAn employee may request remote work once they have completed their probation period of six months.',
      'policy.docx',
      'Remote Work Policy > 4. Eligibility',
    )
    expect(composedAnswer('whats the loan period for books', [books, probation]).text).toMatch(
      /^Books are lent for three weeks/u,
    )
  })

  it("says not found where only an FAQ's question about another thing shares the ask's words", () => {
    const books = fileSource(
      1,
      'How long can I keep a book?\n\nBooks are lent for three weeks and may be renewed twice. DVDs are lent for one week.',
      'faq.html',
      'Frequently asked questions > How long can I keep a book?',
    )
    const record = fileSource(
      2,
      'Get a copy of your dental record\n\nYou can ask to see or get a copy of your dental record. We will provide a copy, usually within 30 days of your request.',
      'privacy-notice.docx',
      'Notice of Privacy Practices > Get a copy of your dental record',
    )
    const refused = composedAnswer('how long do they keep my records', [books, record])
    expect(refused.kind).toBe('none')
    expect(refused.text).toMatch(/^The documents do not say how long they keep my records/u)
    // The FAQ's own question, asked of its thing in other words, is answered under it.
    expect(composedAnswer('how long can i keep a dvd', [books, record]).text).toBe(
      'DVDs are lent for one week. [1]',
    )
  })

  it('answers "how fast is the cpu" from a spec table\'s "Processor" row, a word people type for it', () => {
    const specs = fileSource(
      1,
      'Specifications\n\nComponent | Aero 14 | Aero 14 Pro\nProcessor | 8-core, 3.2 GHz | 12-core, 3.8 GHz\nMemory | 16 GB | 32 GB\nDisplay | 14-inch, 1920 x 1200 | 14-inch, 2880 x 1800\nWeight | 1.2 kg | 1.35 kg',
      'aero14-specs.docx',
      'Aero 14 Laptop: technical specifications > Specifications',
    )
    const box = fileSource(
      2,
      'In the box\n\nAero 14 laptop\n65 W USB-C charger\nQuick start guide',
      'aero14-specs.docx',
      'Aero 14 Laptop: technical specifications > In the box',
    )
    expect(composedAnswer('how fast is the aero 14 pro cpu', [specs, box]).text).toMatch(
      /^Processor, Aero 14 Pro: 12-core, 3\.8 GHz/u,
    )
  })

  it('answers "how much ram" from a spec table\'s "Memory" row', () => {
    const specs = fileSource(
      1,
      'Specifications\n\nComponent | Aero 14 | Aero 14 Pro\nProcessor | 8-core, 3.2 GHz | 12-core, 3.8 GHz\nMemory | 16 GB | 32 GB\nStorage | 512 GB SSD | 1 TB SSD',
      'aero14-specs.docx',
      'Aero 14 Laptop: technical specifications > Specifications',
    )
    expect(composedAnswer('how much ram does the aero 14 pro have', [specs]).text).toContain('32 GB')
    expect(composedAnswer('how much ram does the aero 14 pro have', [specs]).text).not.toContain('do not')
  })

  it('answers what is in a thing with the list under its heading, every item', () => {
    const box = fileSource(
      1,
      'In the box\n\nAero 14 laptop\n65 W USB-C charger\nQuick start guide',
      'aero14-specs.docx',
      'Aero 14 Laptop: technical specifications > In the box',
    )
    const warranty = fileSource(
      2,
      'Warranty\n\nEvery Aero laptop comes with a one-year limited warranty.',
      'aero14-specs.docx',
      'Aero 14 Laptop: technical specifications > Warranty',
    )
    expect(composedAnswer('whats in the box with the aero', [box, warranty]).text).toBe(
      'In the box [1]\n- Aero 14 laptop\n- 65 W USB-C charger\n- Quick start guide',
    )
  })

  it('answers what is needed with the list under "Ingredients", and how to make it with the numbered "Method"', () => {
    const title = 'Easy red lentil soup'
    const opening = fileSource(
      1,
      `${title}\n\nThis warming soup is ready in 35 minutes and serves four.`,
      'soup.html',
      title,
    )
    const ingredients = fileSource(
      2,
      'Ingredients\n\n1 tablespoon olive oil\n1 onion, chopped\n2 carrots, diced\n200 g red lentils\n1 litre vegetable stock',
      'soup.html',
      `${title} > Ingredients`,
    )
    const method = fileSource(
      3,
      'Method\n\n1. Heat the oil and cook the onion and carrots for 5 minutes.\n2. Stir in the lentils and stock and simmer for 20 minutes.\n3. Blend until smooth.',
      'soup.html',
      `${title} > Method`,
    )
    const sources = [opening, ingredients, method]
    const needed =
      'Ingredients [2]\n- 1 tablespoon olive oil\n- 1 onion, chopped\n- 2 carrots, diced\n- 200 g red lentils\n- 1 litre vegetable stock'
    expect(composedAnswer('what do i need for lentil soup', sources).text).toBe(needed)
    // No line of the list introduces the ones after it ("200 g red lentils" over the stock).
    expect(composedAnswer('what are the ingredients for the lentil soup', sources).text).toBe(needed)
    const made = composedAnswer('how do i make the lentil soup', sources).text
    expect(made).toMatch(/^Method \[3\]/u)
    expect(made).toContain('- 3. Blend until smooth.')
  })

  it('answers the version a tool needs with a major version and its bound ("Node.js 18 and later")', () => {
    const intro = fileSource(
      1,
      'quickcache\n\nA small in-memory cache for Node.js with time-based expiry and a size limit.',
      'quickcache-README.md',
      'quickcache',
    )
    const features = fileSource(
      2,
      'Features\n\nEntries expire after a time you choose\nZero dependencies\nWorks in Node.js 18 and later',
      'quickcache-README.md',
      'quickcache > Features',
    )
    expect(composedAnswer('what node version does quickcache need', [intro, features]).text).toBe(
      'Works in Node.js 18 and later [2]',
    )
  })

  it('refuses whether a thing has what no passage names ("a touchscreen")', () => {
    const box = fileSource(
      1,
      'In the box\n\nAero 14 laptop\n65 W USB-C charger\nQuick start guide',
      'aero14-specs.docx',
      'Aero 14 Laptop: technical specifications > In the box',
    )
    const specs = fileSource(
      2,
      'Specifications\n\nComponent | Aero 14 | Aero 14 Pro\nDisplay | 14-inch, 1920 x 1200 | 14-inch, 2880 x 1800\nWeight | 1.2 kg | 1.35 kg',
      'aero14-specs.docx',
      'Aero 14 Laptop: technical specifications > Specifications',
    )
    const touch = composedAnswer('does the aero 14 have a touchscreen', [box, specs]).text
    expect(touch).toContain('none of them mentions “touchscreen”')
  })

  it('answers "what are the X" with the sentences of the part the document heads X', () => {
    const ordinance = 'noise-ordinance.docx'
    const title = 'Ordinance No. 2023-17'
    // The opening of a short document holds every part's words; only its name says which document it is.
    const about = new Set(['noise', 'ordinance', 'penalties', 'definitions', 'construction', 'hours'])
    const part = (number: number, heading: string, body: string) =>
      answerSource(number, `${heading}\n\n${body}`, {
        filename: ordinance,
        heading: `${title} > ${heading}`,
        about,
      })
    const penalties = part(
      1,
      'Section 6. Penalties',
      'A first violation is punishable by a fine of $150. A second violation within twelve months is punishable by a fine of $300, and each further violation within twelve months by a fine of $500.',
    )
    const hours = part(
      2,
      'Section 4. Construction hours',
      'Construction is allowed only between 7:00 a.m. and 7:00 p.m. on weekdays. No construction is allowed on Sundays except emergency repairs.',
    )
    expect(composedAnswer('what are the penalties', [penalties, hours]).text).toBe(
      [
        'Penalties [1]',
        '- A first violation is punishable by a fine of $150.',
        '- A second violation within twelve months is punishable by a fine of $300, and each further violation within twelve months by a fine of $500.',
      ].join('\n'),
    )
    expect(
      composedAnswer('what are the construction hours in the ordinance', [penalties, hours]).text,
    ).toMatch(/^Construction hours \[2\]\n- Construction is allowed/u)
    // A thing of the part, not the part: its sentence.
    expect(composedAnswer('what is the fine for a first violation', [penalties, hours]).text).toBe(
      'A first violation is punishable by a fine of $150. [1]',
    )
  })

  it("lists a section's items from the first, under its heading, where a paragraph comes before them", () => {
    const rights = answerSource(
      1,
      [
        'Your Rights',
        '',
        'When it comes to your health information, you have certain rights. This section explains your rights.',
        '',
        'Get an electronic or paper copy of your dental record',
        'Ask us to correct your dental record',
        'Request confidential communications',
      ].join('\n'),
      { filename: 'privacy-notice.docx', heading: 'Notice of Privacy Practices > Your Rights' },
    )
    expect(composedAnswer('what are my rights', [rights]).text).toBe(
      [
        'Your Rights [1]',
        '- Get an electronic or paper copy of your dental record',
        '- Ask us to correct your dental record',
        '- Request confidential communications',
      ].join('\n'),
    )
  })

  it('answers whom a document is for with the sentence saying whom it is intended for, not a name', () => {
    const guide = (number: number, text: string) =>
      answerSource(number, text, {
        filename: 'fedramp-guide.pdf',
        heading: 'Guide to OSCAL-Based FedRAMP Content',
      })
    const sources = [
      guide(
        1,
        'FedRAMP validation tools will compare the categorization level to the FedRAMP baseline in the SSP.',
      ),
      guide(2, 'Prepared by the FedRAMP PMO, Jane Doe, Program Director.'),
      guide(
        3,
        'This document is intended for technical staff and tool developers implementing solutions for FedRAMP content.',
      ),
    ]
    expect(composedAnswer('who is the fedramp guide for', sources).text).toBe(
      'This document is intended for technical staff and tool developers implementing solutions for FedRAMP content. [3]',
    )
  })
})

describe('composeAnswer on who a rule is for', () => {
  const leaflet = fileSource(
    1,
    '2. Do not take ibuprofen if you\nare allergic to ibuprofen or aspirin\nhave ever had a stomach ulcer or bleeding\nare in the last three months of pregnancy',
    'leaflet.html',
    'Ibuprofen 200 mg Tablets > 2. Do not take ibuprofen if you',
  )
  const policy = fileSource(
    2,
    'Remote Work\nOffice staff may work remotely up to two days a week with their manager’s approval.',
    'handbook.md',
    'Employee Handbook > Remote Work',
  )
  const howItWorks = fileSource(
    3,
    'How GreenLoop works\nFarmers install a soil sensor kit\nOur model estimates carbon stored each season\nVerified credits are sold on the marketplace',
    'pitch.pptx',
    'How GreenLoop works',
  )

  it('lists the cases a leaflet says not to take a medicine in, asked who should not take it', () => {
    for (const question of ['who should not take ibuprofen', "who shouldn't take ibuprofen"])
      expect(composedAnswer(question, [leaflet, policy]).text).toBe(
        '2. Do not take ibuprofen if you [1]\n- are allergic to ibuprofen or aspirin\n- have ever had a stomach ulcer or bleeding\n- are in the last three months of pregnancy',
      )
    // Asked who may, the list of who may not is no answer.
    expect(composedAnswer('who can take ibuprofen', [leaflet, policy]).text).not.toContain('- are allergic')
  })

  it('answers who may do a thing with the people a sentence names as a kind, not a name, and no list naming part of it', () => {
    expect(composedAnswer('who can work remotely', [howItWorks, policy]).text).toBe(
      'Office staff may work remotely up to two days a week with their manager’s approval. [2]',
    )
    const scope = fileSource(
      1,
      '2. Scope\nThe policy applies to all employees, contractors and temporary staff who use company devices.',
      'security-policy.docx',
      'Information Security Policy > 2. Scope',
    )
    expect(composedAnswer('who does the security policy apply to', [scope]).text).toBe(
      'The policy applies to all employees, contractors and temporary staff who use company devices. [1]',
    )
  })

  it('quotes the items a sentence announces as far as its Word list goes, not the paragraph after it', () => {
    const moving = fileSource(
      1,
      "4. Moving Out\n\nYou must give four weeks' notice in writing. Before you leave you should:\n\n" +
        'clear your belongings from the home, shed and loft\nreturn every set of keys to the office\n' +
        'take final meter readings\n\nYour deposit will be refunded within ten working days of the inspection.',
      'tenant-handbook.docx',
      'Tenant Handbook > 4. Moving Out',
    )
    expect(composedAnswer('what do i have to do before moving out', [moving]).text).toBe(
      'Before you leave you should: [1]\n- clear your belongings from the home, shed and loft\n' +
        '- return every set of keys to the office\n- take final meter readings',
    )
  })

  it("answers someone's duties with the list said to be theirs, whatever the ask calls them", () => {
    const officers = fileSource(
      1,
      'Article 4. Officers\n\nThe officers of the Society are the President, the Secretary and the Treasurer. ' +
        "The Treasurer shall: - keep the Society's accounts - collect dues and issue receipts - present a " +
        'financial report at each general meeting The Secretary keeps the minutes of meetings and the membership list.',
      'club-bylaws.pdf',
      'Bylaws > Article 4. Officers',
    )
    const duties =
      "The Treasurer shall: [1]\n- keep the Society's accounts\n- collect dues and issue receipts\n" +
      '- present a financial report at each general meeting'
    // The list as the PDF ran it into its paragraph, introduced by the sentence its colon ends.
    for (const question of [
      "what are the treasurer's duties",
      'what does the treasurer do',
      'what is the treasurer responsible for',
      'treasurer responsibilities',
    ])
      expect(composedAnswer(question, [officers]).text).toBe(duties)
    expect(composedAnswer('what does the secretary do', [officers]).text).not.toContain('collect dues')
  })
})
