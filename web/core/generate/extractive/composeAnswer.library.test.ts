import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { fileSource } from '../../testing/answerSource'
import { composeAnswer } from './composeAnswer'
import { composedAnswer } from '../../testing/composedAnswer'

const source = fileSource

const answer = composedAnswer

const RUST = [
  'Ownership Rules',
  'First, let us take a look at the ownership rules. Keep these rules in mind as we work through the examples:',
  'Each value in Rust has an owner.',
  'There can only be one owner at a time.',
  'When the owner goes out of scope, the value will be dropped.',
].join('\n')

const FAQ = [
  'How is ripgrep licensed?',
  'ripgrep is dual licensed under the Unlicense and MIT, so you may use it under either.',
  'Does ripgrep support Windows?',
  'Yes: binaries for Windows, macOS and Linux are published with every release.',
].join('\n')

describe('composeAnswer on a mixed folder', () => {
  it('answers a list question with the items after the sentence that announces them', () => {
    const { kind, text } = answer('what are the ownership rules in rust', [
      source(1, RUST, 'ownership.md', 'What Is Ownership? > Ownership Rules'),
    ])
    expect(kind).toBe('answer')
    expect(text).toContain('\n- Each value in Rust has an owner.')
    expect(text).toContain('\n- There can only be one owner at a time.')
    expect(text).toContain('\n- When the owner goes out of scope, the value will be dropped.')
  })

  it('answers "what is X" scoped by a place with the line defining X, not one naming the place', () => {
    const sources = [
      source(
        1,
        'Some terms used in this post, as used here.\nWorker: A process that runs jobs pulled from a queue.\nJob: One unit of work.',
        'jobs-blog.html',
        'How we built Acme Jobs > Glossary',
      ),
      source(
        2,
        'Acme Jobs is designed to be a self-serve system for teams at Acme.',
        'jobs-blog.html',
        'Ownership',
      ),
    ]
    const { kind, text } = answer("in acme's jobs system what's a 'worker'", sources)
    expect(kind).toBe('answer')
    expect(text).toMatch(/^Worker: A process that runs jobs pulled from a queue\./u)
  })

  it('answers "what is X in the docs" with the section headed by X, the items its opening sentence announces', () => {
    const sources = [
      source(
        1,
        'With a Ferry application, using a server program like the ferry command, one process can serve many clients.',
        'ferry-docs.md',
        'Ferry docs > Replication',
      ),
      source(
        2,
        [
          'What is a Program',
          'The word program is commonly used to describe many things:',
          'The code that you write, the Python files.',
          'The file that the operating system can execute.',
        ].join('\n'),
        'ferry-docs.md',
        'Ferry docs > What is a Program',
      ),
    ]
    sources.push(
      source(
        3,
        'You will want the Ferry server program to start on its own when the machine starts.',
        'ferry-docs.md',
        'Ferry docs > Startup',
      ),
      source(
        4,
        'A program that restarts the Ferry server after a crash keeps it running.',
        'ferry-docs.md',
        'Ferry docs > Restarts',
      ),
    )
    const { kind, text } = answer('whats a program in the ferry docs', sources)
    expect(kind).toBe('answer')
    expect(text).toMatch(/^The word program is commonly used to describe many things: \[2\]/u)
    expect(text).toContain('\n- The code that you write, the Python files.')
  })

  it('answers a how-to with the command under the sentence that explains it, as code', () => {
    const cookbook = [
      'Only some pages',
      'You can ask scanpdf to only apply OCR to certain pages.',
      'scanpdf --pages 2,3,13-17 input.pdf output.pdf',
      'Pages are counted from one.',
    ].join('\n')
    const { kind, text } = answer('scanpdf only ocr some pages?', [source(1, cookbook, 'cookbook.md')])
    expect(kind).toBe('answer')
    expect(text).toContain('You can ask scanpdf to only apply OCR to certain pages. [1]')
    expect(text).toContain('\n`scanpdf --pages 2,3,13-17 input.pdf output.pdf` [1]')
  })

  it('answers "diff between X and Y" with what each of them is', () => {
    const sources = [
      source(
        1,
        'A ferry is a boat that carries people and cars across a stretch of water.',
        'boats.md',
        'Ferries',
      ),
      source(
        2,
        'A barge is a flat-bottomed boat that carries goods on rivers and canals.',
        'boats.md',
        'Barges',
      ),
      source(3, 'Both ferries and barges are slower than trains.', 'boats.md', 'Speed'),
    ]
    const { kind, text } = answer('diff between a ferry and a barge?', sources)
    expect(kind).toBe('answer')
    expect(text).toContain('A ferry is a boat that carries people and cars across a stretch of water. [1]')
    expect(text).toContain('\n\nA barge is a flat-bottomed boat that carries goods on rivers and canals. [2]')
  })

  it("answers a counted plural with a slide's numbered items, never with its title alone", () => {
    const slide = [
      'The 4 Rules of the Road',
      '',
      '1- Keep to the right of the road.',
      '2- Give way to traffic coming from the left at a junction with no signs.',
      '3- Stop for anyone waiting at a zebra crossing.',
      '4- Never overtake on a bend.',
    ].join('\n')
    const { kind, text } = answer("what are road code's 4 rules", [
      { ...source(1, slide, 'road.pptx', 'The 4 Rules of the Road'), page: 9 },
    ])
    expect(kind).toBe('answer')
    expect(text).toContain('\n- 1. Keep to the right of the road.')
    expect(text).toContain('\n- 4. Never overtake on a bend.')
    expect(text).not.toMatch(/^The 4 Rules of the Road \[1\]$/u)
  })

  it('answers a whose-plural ("what are road code\'s rules") with the items, uncounted', () => {
    const slide = ['Road Code Rules', '', '1- Keep to the right.', '2- Stop at a zebra crossing.'].join('\n')
    const { text } = answer("what are road code's rules", [
      { ...source(1, slide, 'road.pptx', 'Road Code Rules'), page: 4 },
    ])
    expect(text).toContain('\n- 1. Keep to the right.')
    expect(text).toContain('\n- 2. Stop at a zebra crossing.')
  })

  it('ends a list where the next one begins, and reads a table after the announcing sentence as its rows', () => {
    const notes = [
      'Before a hike, pack these:',
      'Water',
      'A map',
      'Also, never forget:',
      'Telling someone your route',
      'Here are the huts you can sleep in:',
      'Hut | Beds | Price',
      'Alpine Hut | 12 | 30',
      'Lake Hut | 8 | 25',
    ].join('\n')
    const packing = answer('what are the things to pack before a hike', [source(1, notes, 'hiking.docx')])
    expect(packing.text).toContain('\n- A map')
    expect(packing.text).not.toContain('never forget')
    expect(packing.text).not.toContain('Telling someone')
    const huts = answer('what are the huts you can sleep in', [source(1, notes, 'hiking.docx')])
    expect(huts.text).toContain('\n- Alpine Hut: 12, 30')
    expect(huts.text).toContain('\n- Lake Hut: 8, 25')
    expect(huts.text).not.toContain('- Hut: Beds, Price')
  })

  it('answers from the half of a row that names what is asked, where a page prints a table in two halves', () => {
    const table = [
      'Rainfall by city, 2020',
      'City | Rainfall (mm) | City | Rainfall (mm)',
      'Aberdeen | 760 | Leeds | 660',
      'Bristol | 800 | York | 620',
    ].join('\n')
    const { kind, text } = answer('rainfall in york', [source(1, table, 'rain.docx')])
    expect(kind).toBe('answer')
    expect(text).toContain('York | 620')
    expect(text).not.toContain('Bristol')
  })

  it('answers an FAQ heading that repeats the question with the paragraph under it', () => {
    const { kind, text } = answer('how is ripgrep licensed', [source(1, FAQ, 'ripgrep-faq.md')])
    expect(kind).toBe('answer')
    expect(text).toMatch(/^ripgrep is dual licensed under the Unlicense and MIT/u)
    expect(text).not.toContain('How is ripgrep licensed?')
  })

  it("answers a follow-up's own words, the words it carried over only keeping the subject", () => {
    const ownership = source(
      1,
      [
        'When a variable goes out of scope, Rust calls a special function for us automatically.',
        'This function is called drop, and it is where the author of String can put the code to return the memory.',
        'In C++, this pattern of deallocating resources at the end of an item’s lifetime is sometimes called Resource Acquisition Is Initialization (RAII).',
      ].join(' '),
      'ownership.md',
    )
    // "what is that pattern called in c++", after "what function does rust call automatically when a
    // variable goes out of scope", as chat's rewrite searches it.
    const rewritten = 'what is function rust call automatically variable pattern called in c++'
    const read = understandQuestion(rewritten)
    const carried = { ...read, carried: ['function', 'rust', 'call', 'automatically', 'variable'] }
    const reply = (understanding: typeof read) =>
      composeAnswer({ question: rewritten, sources: [ownership], understanding }).pieces.join('')
    expect(reply(read)).not.toContain('RAII')
    expect(reply(carried)).toContain('RAII')
  })

  it("answers a follow-up by its own words where the question before's are rarer in the passages", () => {
    const outcomes = [
      'appetite',
      'mood',
      'weight',
      'memory',
      'blood pressure',
      'heart rate',
      'pain',
      'fatigue',
    ]
    const protocol = [
      fileSource(
        1,
        'Study design: a randomized trial in adults, 40 participants in each arm.',
        'protocol.docx',
      ),
      fileSource(
        2,
        outcomes.map((outcome) => `To assess the effect of loratex 100 mg/day on ${outcome}.`).join(' '),
        'protocol.docx',
      ),
      fileSource(3, 'To assess the effect of 12 weeks of loratex on sleep.', 'protocol.docx'),
    ]
    // "how long do they take loratex?" after "how many participants in each arm", as chat rewrites it.
    const rewritten = 'how long do participants in each arm take loratex'
    const understanding = { ...understandQuestion(rewritten), carried: ['participants', 'each', 'arm'] }
    const reply = composeAnswer({
      question: 'how long do they take loratex?',
      sources: protocol,
      understanding,
    })
    expect(reply.pieces.join('')).toContain('12 weeks of loratex')
  })

  it("reads a line's opening label as what each of its sentences is of", () => {
    const summary = fileSource(
      1,
      [
        'Study Endpoints: Primary, Efficacy: Change in pain score from baseline to week 8. (Section 4.1) Secondary, Safety: Number of falls by week 8.',
        'Secondary analyses of sleep are planned for a later study.',
      ].join('\n\n'),
      'trial-summary.docx',
    )
    expect(composedAnswer('what are the secondary endpoints', [summary]).text).toMatch(
      /^\(Section 4\.1\) Secondary, Safety: Number of falls by week 8\. \[1\]/u,
    )
  })

  it('answers how long with a length of time, not with one after a point, which says when', () => {
    const trial = fileSource(
      1,
      'Adults receive a check of loratex levels 4 weeks after stopping. Adults receive 12 weeks of loratex.',
      'trial.docx',
    )
    expect(composedAnswer('how long do adults receive loratex', [trial]).text).toMatch(
      /^Adults receive 12 weeks/u,
    )
    // Asked how long after, it is the answer.
    expect(composedAnswer('how long after stopping do adults receive a check', [trial]).text).toMatch(
      /^Adults receive a check/u,
    )
  })

  it('refuses a follow-up naming a new thing no passage names, rather than answer the old one again', () => {
    const duck = fileSource(
      1,
      [
        'Behaviour',
        'Feeding',
        'Pecten along the bill',
        'Mallard duckling preening',
        'Ducks eat food sources such as grasses, aquatic plants, fish, insects, small amphibians, worms, and small molluscs.',
        'Dabbling ducks feed on the surface of water or on land, or as deep as they can reach by up-ending without completely submerging.[24] Along the edge of the bill, there is a comb-like structure called a pecten. This strains the water squirting from the side of the bill and traps any food. The pecten is also used to preen feathers and to hold slippery food items.',
        'Diving ducks and sea ducks forage deep underwater. To be able to submerge more easily, the diving ducks are heavier than dabbling ducks, and therefore have more difficulty taking off to fly.',
      ].join('\n\n'),
      'duck.html',
      'Duck > Behaviour > Feeding',
    )
    const others = [
      source(2, 'We will talk a lot about the running process, and what it means.', 'deployment.md'),
      source(3, 'This book is divided into 3 parts. The first part describes the C API.', 'book.pdf'),
    ]
    // "what about the nail?" after "what does a pecten do", as chat's rewrite searches it.
    const followUp = (question: string, rewritten: string) => {
      const understanding = { ...understandQuestion(rewritten), carried: ['pecten'] }
      const history = [
        { role: 'user' as const, content: 'what does a pecten do' },
        {
          role: 'assistant' as const,
          content: 'Along the edge of the bill, there is a comb-like structure called a pecten. [1]',
        },
      ]
      return composeAnswer({ question, sources: [duck, ...others], understanding, history }).pieces.join('')
    }
    const nail = followUp('what about the nail?', 'pecten the nail?')
    expect(nail).toMatch(/^The documents do not/u)
    expect(nail).toContain('“nail”')
    // A thing a passage names is answered from it.
    expect(followUp('and the bill?', 'pecten the bill?')).toMatch(/^Along the edge of the bill/u)
  })

  it('answers from the document the question names, of two that say alike', () => {
    const sources = [
      source(
        1,
        'The tool is distributed under the Apache License 2.0 since its first release.',
        'fd-readme.md',
      ),
      source(2, 'The tool is distributed under the GNU General Public License version 3.', 'grep-manual.md'),
    ]
    const { text } = answer('Under which license is Grep distributed?', sources)
    expect(text).toContain('GNU General Public License')
    expect(text).not.toContain('Apache')
  })

  it('answers from the document a question points at by its kind, not from a look-alike of another', () => {
    const sources = [
      source(1, 'Below are two alternative ways for installing git on a build server.', 'docling-faq.md'),
      source(
        2,
        'On Windows, install git with the gitextensions package and p4merge.',
        'git-demystified.pptx',
      ),
    ]
    const { text } = answer('what way to install git on a build server per the git demystified talk', sources)
    expect(text).toContain('gitextensions')
    expect(text).not.toContain('alternative ways')
  })

  it('answers what a command-line option does from the sentence printing that option', () => {
    const guide = [
      "Here's an example. The --mathml option causes pandoc to convert TeX math into MathML.",
      'The -s option says to create a "standalone" file, with a header and footer, not just a fragment.',
    ].join('\n')
    const { text } = answer('whats the -s option do in a pandoc command', [
      source(1, guide, 'pandoc-guide.md'),
    ])
    expect(text).toContain('The -s option says to create a "standalone" file')
  })

  it('takes a label and its value for the answer, not prose that repeats the question word', () => {
    const docket = [
      'Brown v. Board of Education, 347 U.S. 483 (1954)',
      'Argued December 9, 1952',
      'Decided May 17, 1954',
      'In the first cases construing the Fourteenth Amendment, decided shortly after its adoption, the Court read it broadly.',
    ].join('\n')
    const { text } = answer('when was brown v board decided', [
      source(1, docket, 'opinion.pdf', 'Brown v. Board of Education'),
    ])
    expect(text).toMatch(/^Decided May 17, 1954 \[1\]/u)
  })

  it('opens with a plain "not found" when the answer is absent, then the closest passages under their label', () => {
    const ducks = source(
      1,
      'Several species manage to live on subantarctic islands, including South Georgia.[20] Ducks live on every continent except Antarctica.',
      'duck.html',
    )
    const { kind, text } = answer('how long do ducks live', [ducks])
    expect(kind).toBe('none')
    expect(text).toMatch(/^The documents do not say how long ducks live\. /u)
    expect(text).toContain('\n\nClosest passages: ')
    expect(text).not.toMatch(/^The closest passages say/u)
  })

  it('refuses a question about a name typed in lower case that no passage names', () => {
    const talent = source(
      1,
      'Our employees take part in talent reviews twice a year. Employees are offered training in every market.',
      'people-report.docx',
    )
    const { kind, text } = answer('how many employees does diageo have', [talent])
    expect(kind).toBe('none')
    expect(text).toMatch(/^The documents do not/u)
    expect(text).toContain('diageo')
    // The same question about a name the passage prints is answered from it.
    const acme = source(1, 'Acmecorp had 2,300 employees at the end of the year.', 'acme.docx')
    expect(answer('how many employees does acmecorp have', [acme]).text).toMatch(
      /^Acmecorp had 2,300 employees/u,
    )
  })

  it('never names, as missing, a word its passages print another way or in another form', () => {
    const plans = source(
      1,
      'The 1 GB plan is the smallest one. Each JBig2dec build ships with it.',
      'plans.md',
    )
    const { kind, text } = answer('how many employees does the 1gb jbig2 plan have', [plans])
    expect(kind).toBe('none')
    expect(text).toContain('“employees”')
    expect(text).not.toMatch(/“1gb”|“jbig2”/u)
    // A hyphenated word typed whole: "aha" where the passage prints "a-ha".
    const study = source(3, 'The "a-ha!" moment was timed in five people. Each watched dots.', 'study.html')
    const aha = answer('how many dollars did the aha study cost', [study]).text
    expect(aha).toMatch(/^The documents do not/u)
    expect(aha).not.toContain('“aha”')
    // Nor another form of one: "chaired" where a line prints "Chair".
    const board = source(
      2,
      'Harbour Board\nChair vacant\nBoats leave at dawn every day of the season.',
      'board.md',
    )
    const chaired = answer('who chaired the pilots meeting', [board]).text
    expect(chaired).toContain('“pilots”')
    expect(chaired).not.toContain('“chaired”')
  })

  it('answers "what does X mean" with the sentence that names X, and the one it refers back to', () => {
    const book = source(
      1,
      [
        'Fonts are loaded from the system when the document does not embed them.',
        'In many typographical applications, if a given glyph cannot be located for display, it may be rendered as an empty box. Such boxes are known informally as Tofu.',
      ].join('\n'),
      'fonts-book.pdf',
    )
    const { kind, text } = answer("what does 'tofu' mean in the fonts book", [book])
    expect(kind).toBe('answer')
    expect(text).toContain('rendered as an empty box')
    expect(text).toContain('Such boxes are known informally as Tofu.')
  })

  it('answers "what ways to X…" with the list its heading names, the noun before "to" the thing listed', () => {
    const page = source(
      1,
      ['More ways to customize', 'Themes', 'Add-ons', 'Awesome Bar'].join('\n'),
      'firefox.html',
      'Make your Firefox your own > More ways to customize',
    )
    expect(answer('what ways to customize firefox does the page list', [page]).text).toBe(
      'More ways to customize [1]\n- Themes\n- Add-ons\n- Awesome Bar',
    )
  })

  it('answers a list announced by a paragraph\'s last sentence ("the following"), with its items', () => {
    const rules = source(
      1,
      [
        'You are present on any day you are physically in the country. In general, do not count the following as days of presence for the test.',
        '• Days you commute to work from a residence in a neighbouring country.',
        '• Days you are in transit between two places abroad for less than 24 hours.',
        '• Days you are a crew member of a foreign vessel.',
      ].join('\n'),
      'instructions.pdf',
    )
    expect(answer('which days do not count as days of presence for the test', [rules]).text).toBe(
      [
        'In general, do not count the following as days of presence for the test. [1]',
        '- Days you commute to work from a residence in a neighbouring country.',
        '- Days you are in transit between two places abroad for less than 24 hours.',
        '- Days you are a crew member of a foreign vessel.',
      ].join('\n'),
    )
  })

  it('answers "what is X" with the sentence naming X in quotes and the next one, saying what it is', () => {
    const act = source(
      1,
      [
        'As amended, the act lets an organization make an ephemeral recording in some circumstances.',
        'Section 112 grants an exemption for the making of “ephemeral recordings.” These are recordings made in order to facilitate a transmission. A radio station may record a set of songs.',
      ].join('\n'),
      'act-summary.pdf',
    )
    expect(answer("what's an ephemeral recording", [act]).text).toBe(
      'Section 112 grants an exemption for the making of “ephemeral recordings.” [1] These are recordings made in order to facilitate a transmission. [1]',
    )
  })

  it('answers "what is the X method" with the sentence spelling its quoted acronym by initials', () => {
    const article = source(
      1,
      [
        'Block shopping sites at the hours you are at your weakest.',
        "You can also practice the \"HALT\" method when you're shopping online or in a store. Try not to buy things when you're Hungry, Angry, Lonely, or Tired because you're at your weakest state mentally.",
      ].join('\n'),
      'shopping.html',
    )
    expect(answer('whats the HALT method', [article]).text).toContain('Hungry, Angry, Lonely, or Tired')
  })

  it('refuses a month the passages do not print with its year, and answers one they do', () => {
    const table = source(
      1,
      'Background check totals for November 2015 came to 2,236,457 checks across all states.',
      'checks.pdf',
    )
    const december = answer('background check totals for december 2015?', [table])
    expect(december.kind).toBe('none')
    expect(december.text).toContain('“december 2015”')
    expect(answer('background check totals for november 2015?', [table]).kind).toBe('answer')
  })

  it('refuses what is asked of a named thing when no passage names what is asked', () => {
    const colleges = source(
      1,
      'HBCUs enroll 11 percent of all African-American students. HBCUs award many of the degrees in science.',
      'colleges.pptx',
    )
    const tuition = answer("what's the average tuition at HBCUs", [colleges])
    expect(tuition.kind).toBe('none')
    expect(tuition.text).toMatch(/^The documents do not /u)
    expect(answer("what's the share of students at HBCUs", [colleges]).kind).toBe('answer')
  })

  it('refuses a way of doing something that no passage of the document quoted names', () => {
    const cookbook = source(
      1,
      'You can use a program like img2pdf to convert your images to PDFs, and then pipe the results to run ocrmypdf.',
      'ocr-cookbook.md',
    )
    const elsewhere = source(2, 'Tools like Docker and Kubernetes restart a crashed server.', 'deploy.md')
    const docker = answer('how do i run ocrmypdf in docker', [cookbook, elsewhere])
    expect(docker.kind).toBe('none')
    expect(answer('how do i run ocrmypdf with img2pdf', [cookbook, elsewhere]).kind).toBe('answer')
  })

  it('refuses to count what the passages name but never count, numbered items aside', () => {
    const talent = source(
      1,
      'A talent review is a meeting where the managers of employees share feedback at Acme.\n7) Acme invests in areas and employees that matter.',
      'talent.pptx',
    )
    expect(answer('how many employees does acme have', [talent]).kind).toBe('none')
    const counted = source(2, 'Acme has 4,200 employees in nine countries.', 'report.docx')
    expect(answer('how many employees does acme have', [talent, counted]).text).toContain('4,200 employees')
  })

  it('answers "how old" with an age alone ("aged 72"), not only with a length of time', () => {
    const couple = source(
      1,
      'Annemarie and Keith are a retired couple. Annemarie is aged 71 and Keith is aged 72.',
      'tax-cases.docx',
    )
    expect(answer('how old is keith', [couple])).toEqual({
      kind: 'answer',
      text: 'Annemarie is aged 71 and Keith is aged 72. [1]',
    })
  })

  it('refuses a thing asked of a subject when a word of it is in no passage ("share price")', () => {
    const talent = source(
      1,
      'At Acme the managers share feedback on every employee once a year.',
      'talent.pptx',
    )
    const refused = answer("what is acme's share price", [talent])
    expect(refused.kind).toBe('none')
    expect(refused.text).toContain('“price”')
    const market = source(2, "Acme's share price closed at $41 on Friday.", 'market.docx')
    expect(answer("what is acme's share price", [talent, market]).text).toContain('$41')
    expect(answer('what is the corporation tax rate', [talent]).kind).toBe('none')
    const journal = source(
      3,
      'Submission of the manuscript is online; the journal reviews it within a month.',
      'journal.docx',
    )
    expect(answer('when is the submission deadline for the journal', [journal]).kind).toBe('none')
  })

  it('answers "what is X under Y" with the sentence defining X, which names Y only in its heading', () => {
    const guidance = source(
      1,
      [
        'A-1. What is parental involvement under No Child Left Behind?',
        'The statute defines parental involvement as the participation of parents in school.',
        'A-12. Funds',
        'An SEA may find the authority added by the NCLB useful for parental involvement activities under programs.',
      ].join('\n'),
      'guidance.doc',
    )
    expect(answer('what is parental involvement under nclb', [guidance]).text).toMatch(
      /^The statute defines parental involvement as the participation of parents in school\. \[1\]/u,
    )
  })

  it('answers the thing asked of a subject from the sentence naming it, not one naming only the subject', () => {
    const protocol = source(
      1,
      [
        'Study Design: A5346 is a randomized, placebo-controlled trial of sitagliptin.',
        'Study Endpoints: Primary, Immunogenicity: Change in sCD14 from baseline to week 16.',
      ].join('\n'),
      'protocol.docx',
    )
    expect(answer('what is the primary endpoint of the a5346 trial', [protocol]).text).toMatch(
      /^Study Endpoints: Primary, Immunogenicity: Change in sCD14 from baseline to week 16\. \[1\]/u,
    )
  })
  it('answers "what is X" under a heading that is X with the sentence defining "this test" and its items', () => {
    const instructions = source(
      1,
      [
        'Substantial Presence Test',
        'You are considered a U.S. resident if you meet the substantial presence test for 2007. You meet this test if you were physically present in the United States for at least:',
        '1. 31 days during 2007, and',
        '-2-',
        '2. 183 days during the 3-year period that includes 2007.',
      ].join('\n'),
      'i1040nr.pdf',
      'General Instructions > Substantial Presence Test',
    )
    const { text } = answer("what's the substantial presence test", [instructions])
    expect(text).toMatch(
      /You meet this test if you were physically present in the United States for at least:/u,
    )
    expect(text).toMatch(/31 days during 2007[^]*183 days/u)
    expect(text).not.toMatch(/-2-/u)
  })
  it('reads "besides X, what else" as asking beyond X, not for the words "besides" and "else"', () => {
    const interview = source(
      1,
      [
        'Obama admits US gun laws are his biggest frustration.',
        'In the interview Obama also discussed Iran, the European Union and corruption in Kenya.',
      ].join('\n'),
      'bbc.html',
    )
    const { kind, text } = answer('besides guns what else did obama discuss', [interview])
    expect(kind).toBe('answer')
    expect(text).toMatch(/Iran/u)
    expect(text).not.toMatch(/besides|else/u)
  })
  it('never names the words pointing at the document ("per the guardian article") as missing', () => {
    const story = source(1, 'Tribes in New Zealand gather on the beach each November.', 'guardian-1.html')
    const { kind, text } = answer('what causes whale strandings per the guardian article', [story])
    expect(kind).toBe('none')
    expect(text).toMatch(/none of them mentions|it does not mention/u)
    expect(text.split(/mentions?/u)[1]).not.toMatch(/article|guardian/u)
  })
  it('answers "what do i need to make X" with every thing a how-to lists under its own heading', () => {
    const things = [
      'Cloche',
      'Planter saucer',
      'Floral foam',
      'Ruler',
      'Spoon',
      'Wire pins',
      'Small plants',
      'Moss',
    ]
    const howTo = source(
      1,
      ['How to Build a Terrarium', "What You'll Need:", ...things].join('\n'),
      'ehow.html',
      'How to Build a Terrarium',
    )
    expect(answer('what do i need to make a cloche terrarium', [howTo]).text).toBe(
      `What You'll Need: [1]${things.map((thing) => `\n- ${thing}`).join('')}`,
    )
  })
  it('answers "stuff X has to know about" with the items a form cell runs after its colon', () => {
    const form = source(
      1,
      [
        'Crew Name: | Host Unit:',
        '| Leadership is familiar with boat transport limits and requirements including: Fueling of outboard motors Passenger manifesting Load limits Life jacket fitting | |',
        '| Crew members carry current swim cards. | |',
      ].join('\n'),
      'crew-review.docx',
    )
    expect(answer('boat transport stuff crew leadership has to know about?', [form]).text).toBe(
      'Leadership is familiar with boat transport limits and requirements including: [1]' +
        '\n- Fueling of outboard motors\n- Passenger manifesting\n- Load limits\n- Life jacket fitting',
    )
  })
  it('answers "instructions for X" in a few words with the sentences after a heading in capitals run into them', () => {
    const form = source(
      1,
      [
        'PERMIT APPLICATION',
        'INSTRUCTIONS Print in capital letters. Use black ink only. Attach two photographs. Sign each page.',
      ].join('\n'),
      'city-parking-permit-form.docx',
      'PERMIT APPLICATION',
    )
    expect(answer('instructions for the city parking permit application form?', [form]).text).toBe(
      'INSTRUCTIONS [1]\n- Print in capital letters.\n- Use black ink only.\n- Attach two photographs.\n- Sign each page.',
    )
  })
  it('answers a word said in other words ("rating": "recommendation") instead of saying it is not there', () => {
    const note = source(
      1,
      'We keep our EUR 12.50 target price and Reduce recommendation for Nordwind after the Q3 report.',
      'nordwind-equity-note.pdf',
    )
    const { kind, text } = answer("whats the analyst's rating on nordwind", [note])
    expect(kind).toBe('answer')
    expect(text).toContain('Reduce recommendation')
  })
  it('answers "what does X mean" with the line glossing X in brackets after it, a question though it is', () => {
    const prompt = source(
      1,
      [
        'Reflect on how you think about the world.',
        'How do you know that what you believe is true (justification)?',
        'What do you hope for, for yourself or for the world (aspiration)?',
      ].join('\n'),
      'reflection-essay.docx',
      'Body > Your views',
    )
    const { kind, text } = answer('what does justification mean in the reflection essay prompt', [prompt])
    expect(kind).toBe('answer')
    expect(text).toContain('How do you know that what you believe is true (justification)?')
    expect(text).not.toContain('aspiration')
  })
  it('answers "whats X at <firm>" from a deck\'s slide asking what X means, the firm named on another slide', () => {
    const opening = source(
      1,
      'A consistent talent approach across Northwind\nIn 2021 we introduced one talent review process for every team.',
      'talent-review.pptx',
      'A consistent talent approach across Northwind',
    )
    const meaning = source(
      2,
      'What do we mean by “talent pools”?\nA “pool” of employees who we believe could take on a given kind of role later.',
      'talent-review.pptx',
      'What do we mean by “talent pools”?',
    )
    const usage = source(
      3,
      'Talent pool data\nNominations draw on talent pool data kept in the HR system.',
      'talent-review.pptx',
      'Talent pool data',
    )
    const { kind, text } = answer('whats a talent pool at northwind', [opening, meaning, usage])
    expect(kind).toBe('answer')
    expect(text).toMatch(
      /^A “pool” of employees who we believe could take on a given kind of role later\. \[2\]/u,
    )
  })
  it('answers "when is X, what time" from a calendar run into one line, its entry alone', () => {
    const newsletter = source(
      1,
      [
        'Maple Grove Elementary welcomes families to the autumn term.',
        'CALENDAR OF EVENTS Oct. 24 – Staff Learning Day – NO SCHOOL Oct. 31 – Costume Parade at 8:45 am – NOTE THE NEW TIME Nov. 3 – Site Council Meeting 7:45 am Nov. 10 – 11 – Veterans Day Holiday – NO SCHOOL',
      ].join('\n'),
      'maple-grove-newsletter.pdf',
    )
    const { kind, text } = answer('whens the costume parade at maple grove, what time', [newsletter])
    expect(kind).toBe('answer')
    expect(text).toBe('Oct. 31 – Costume Parade at 8:45 am – NOTE THE NEW TIME [1]')
  })
  it('refuses a numbered term a rate sheet does not print ("7 year") rather than quote another row', () => {
    const sheet = source(
      1,
      [
        'Fixed Rate Home Loans',
        'Loan Type | Rate p.a.',
        '1 Year Fixed Rate | 3.99%',
        '3 Year Fixed Rate | 3.89%',
        '5 Year Fixed Rate | 4.19%',
      ].join('\n'),
      'bank-rates.pdf',
    )
    const { kind, text } = answer('whats the 7 year fixed rate at the bank', [sheet])
    expect(kind).toBe('none')
    expect(text).toMatch(/“7 year”/u)
    expect(answer('whats the 3 year fixed rate at the bank', [sheet]).text).toContain('3.89%')
  })
  it('reads an introduction wrapped over two lines ("… the interface" / "exposes are:") as one', () => {
    const draft = source(
      1,
      [
        'The actions the interface',
        'exposes are:',
        'GET a folder: retrieve the names and current versions of its documents',
        'PUT a document: store a new version, its content type, and contents',
        'DELETE a document: remove it from the storage',
      ].join('\n'),
      'ietf.html',
    )
    const { text } = answer('what actions does the storage interface expose', [draft])
    expect(text).toMatch(/- GET a folder[^]*- PUT a document[^]*- DELETE a document/u)
  })
  it('refuses "which version" where no quoted sentence numbers one, and answers where one does', () => {
    const help = (text: string) => source(1, text, 'mozilla.html')
    const ask = 'which firefox version added the customize panel'
    expect(
      answer(ask, [help('Open the Customize panel in Firefox to add, move or remove any button.')]).kind,
    ).toBe('none')
    expect(
      answer(ask, [help('Firefox 29 added the Customize panel, to add, move or remove any button.')]).text,
    ).toMatch(/^Firefox 29 added/u)
  })
  it('answers a follow-up in its own words, from the subject it carries, not the previous answer again', () => {
    const superbugs = source(
      1,
      'Every year, about 2 million people get sick from a superbug, according to the CDC. About 23,000 die.',
      'superbugs.html',
    )
    const crash = source(2, 'Two pilots died when the cargo plane crashed on landing in fog.', 'crashes.pdf')
    // "how many people get sick from superbugs each year" "and how many die?", as chat rewrites it.
    const question = 'how many die people sick superbugs each year'
    const understanding = {
      ...understandQuestion(question),
      carried: ['people', 'sick', 'superbugs', 'each', 'year'],
    }
    const composed = composeAnswer({
      question: 'and how many die?',
      sources: [superbugs, crash],
      understanding,
    })
    expect(composed.pieces.join('')).toMatch(/About 23,000 die\. \[1\]/u)
  })

  it('answers a list asked in a few words, one of them what the list is for, its publisher in brackets', () => {
    const conditions = [
      // A PDF's run-in heading, on the line of the sentence it heads.
      '1.3.3 Ambient reference conditions The power of engines is to be referred to the following conditions:',
      '• barometric pressure = 0,1 MPa',
      '• relative humidity = 60%',
      '• ambient air temperature = 45°C',
    ].join('\n')
    const rated =
      'The rated power is the maximum power at ambient reference conditions (see [1.3.3]) which the engine is capable of delivering as set after works trials.'
    const footer =
      'If deemed necessary, further dismantling of the engine may be required. 64 Bureau Veritas January 2020'
    const sources = [
      { ...source(1, rated, 'marine-diesel-engine-rules.pdf', 'DIESEL ENGINES'), page: 5 },
      { ...source(2, conditions, 'marine-diesel-engine-rules.pdf', 'DIESEL ENGINES'), page: 5 },
      { ...source(3, footer, 'marine-diesel-engine-rules.pdf', 'DIESEL ENGINES'), page: 17 },
    ]
    for (const question of [
      'ambient reference conditions for rating diesel engine power',
      'ambient reference conditions for rating diesel engine power (bureau veritas)',
    ]) {
      const { kind, text } = answer(question, sources)
      expect(kind).toBe('answer')
      expect(text).toContain('\n- barometric pressure = 0,1 MPa')
      expect(text).toContain('\n- relative humidity = 60%')
    }
  })

  it('answers "how does X work" with the sentences that explain it after the one naming it', () => {
    const valve = [
      'The Acme check valve is a single brass body built to stop flow running backwards.',
      'Inside it sits a hinged flap held shut by a light coil spring.',
      'Water pushing forward lifts the flap against the spring; water pushing back presses it onto its seat.',
    ].join(' ')
    const other = 'Acme check valves come in four sizes and two thread standards.'
    const sources = [
      source(1, valve, 'plumbing-handbook.pdf', 'Valves'),
      source(2, other, 'plumbing-handbook.pdf', 'Valves'),
    ]
    const { kind, text } = answer('how does an acme check valve work', sources)
    expect(kind).toBe('answer')
    expect(text).toContain('hinged flap held shut by a light coil spring')
    expect(text).toContain('presses it onto its seat')
  })

  it('answers "how do i X" with the sentence that says what to do for X, not the one restating the wish', () => {
    const cookbook = [
      'Remove the hidden text layer',
      'To remove the hidden text layer while keeping every page as it is, use --mode strip:',
      'scanfix --mode strip input.pdf output.pdf',
      'Why would you want this? Perhaps the scan failed and you simply want to get rid of it.',
    ].join('\n')
    const { kind, text } = answer('how do i get rid of the text layer in a pdf with scanfix', [
      source(1, cookbook, 'cookbook.md', 'Cookbook > Remove the hidden text layer'),
    ])
    expect(kind).toBe('answer')
    expect(text).toMatch(/^To remove the hidden text layer/u)
    expect(text).toContain('scanfix --mode strip input.pdf output.pdf')
  })

  it("never answers with a figure's short caption, however well it names the thing asked", () => {
    const page = [
      'The brass check valve may be fitted either way round, as its flap only seals when water pushes back against it.',
      'The valve has two parts: a body with a seat and a hinged flap.',
      'Figure 4-12. Brass check valve.',
    ].join('\n')
    const { kind, text } = answer('how does the brass check valve work', [
      source(1, page, 'plumbing-handbook.pdf', 'Valves'),
    ])
    expect(kind).toBe('answer')
    expect(text).not.toContain('Figure 4-12')
    expect(text).toContain('only seals when water pushes back')
  })

  it('ends an answer at the items a quoted line announces: a sentence after them would read as one more', () => {
    const survey = source(
      1,
      [
        'Respondents named these as their biggest challenges this year:',
        'Time zone differences',
        'Too many meetings',
        '',
        'Our second annual developer survey asked more than 4,000 developers how they work.',
      ].join('\n'),
      'devsurvey-blog.html',
      'The biggest challenges',
    )
    expect(answer('top challenges for remote developers', [survey]).text).toBe(
      'Respondents named these as their biggest challenges this year: [1]\n- Time zone differences\n- Too many meetings',
    )
  })

  it("answers a part of a document asked for by name with the sentences under that part's heading", () => {
    const introduction = source(
      1,
      [
        'Information extraction (IE) is the task of finding structured facts in unstructured text.',
        'In this paper, we call the problem of finding all the relations in a corpus without a query Unsupervised Event Discovery.',
        'The rest of this paper is organized as follows.',
      ].join('\n'),
      'event-mining.pdf',
      'Open-Domain Event Mining with Unsupervised Clustering',
    )
    const conclusion = source(
      2,
      [
        'The basic clustering produced 1,540 clusters.',
        '5 Conclusion',
        'We showed that events can be mined from news without supervision.',
        'In future work we will apply OEM to blogs.',
      ].join('\n'),
      'event-mining.pdf',
      'Open-Domain Event Mining with Unsupervised Clustering',
    )
    expect(answer("what's the conclusion of the event mining paper", [introduction, conclusion]).text).toBe(
      'We showed that events can be mined from news without supervision. [2]',
    )
  })
})
