import { describe, expect, it } from 'vitest'
import { answerSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { definedTerms } from '../../retrieve/definedTerms'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { composeAnswer } from './composeAnswer'

/** A lease as a Word file's passages hold it: its parties defined in brackets, a list under a colon. */
const PARTIES = answerSource(
  1,
  'This Lease Agreement is made on January 5, 2023 between Harbor View Properties LLC ("Landlord") and Jordan Ellis ("Tenant").',
  { filename: 'lease.docx', heading: 'Residential Lease Agreement' },
)
const PREMISES = answerSource(
  2,
  'The Landlord leases to the Tenant the apartment at 42 Maple Street, Unit 3B, Springfield.',
  { filename: 'lease.docx', heading: 'Residential Lease Agreement > 1. Premises' },
)
const UTILITIES = answerSource(
  3,
  [
    '5. Utilities',
    '',
    'The Tenant is responsible for the following utilities:',
    '',
    'Electricity\nGas\nInternet',
    '',
    'The Landlord pays for water and trash collection.',
  ].join('\n'),
  { filename: 'lease.docx', heading: 'Residential Lease Agreement > 5. Utilities' },
)

describe('composeAnswer on a contract, a spec sheet and a web page', () => {
  it("answers who a party is with the name its definition puts the role beside, a company's suffix and all", () => {
    expect(composedAnswer('who is the landlord', [PREMISES, PARTIES]).text).toBe(
      'This Lease Agreement is made on January 5, 2023 between Harbor View Properties LLC ("Landlord") and Jordan Ellis ("Tenant"). [1]',
    )
  })

  it('reads no organisation named before a party for where the party works', () => {
    expect(composedAnswer('where does jordan ellis work', [PARTIES]).text).not.toMatch(
      /^Harbor View|^2023 between/u,
    )
    // A role's noun phrase names no one: the line under "The Tenant" is no employer of theirs.
    const signature = answerSource(1, 'Signed\n\nThe Tenant\n\nAcme Office Supplies', {
      filename: 'lease.docx',
    })
    expect(composedAnswer('where does the tenant work', [signature]).text).not.toBe(
      'Acme Office Supplies [1]',
    )
  })

  it("answers with the cell of the column a question names in a table's row", () => {
    const specs = answerSource(
      1,
      [
        'Feature | Trailblazer 500 | Trailblazer 300',
        'Weight | 1.2 kg | 0.9 kg',
        'Warranty | Lifetime | 5 years',
      ].join('\n'),
      { filename: 'specs.docx', heading: 'Specifications' },
    )
    expect(composedAnswer('whats the warranty on the 300', [specs]).text).toMatch(
      /^Warranty, Trailblazer 300: 5 years \[1\]\. From the row: Warranty \| Lifetime \| 5 years/u,
    )
  })

  it('answers "who" with someone named, or not at all: a month is no one', () => {
    const survey = answerSource(
      1,
      'The survey ran from November 2 to December 4, 2020 and drew 4,012 responses from 21 countries.',
      { filename: 'devsurvey-blog.html', heading: 'Methodology' },
    )
    expect(composedAnswer('who ran the developer survey', [survey]).kind).toBe('none')
  })

  it('ends a list of a word or two an item at the sentence after it', () => {
    expect(composedAnswer('which utilities does the tenant pay', [UTILITIES]).text).toBe(
      'The Tenant is responsible for the following utilities: [3]\n- Electricity\n- Gas\n- Internet',
    )
  })

  it("answers how big a defined term's thing can be from its standards list, not from a longer term's definition", () => {
    const heading = 'Chapter 17.88 Accessory Dwelling Units'
    const definitions = answerSource(
      1,
      [
        '17.88.020 Definitions',
        '',
        '"Accessory dwelling unit" or "ADU" means a residential dwelling unit located on a lot with a primary residence.',
        '"Junior accessory dwelling unit" or "JADU" means a unit that is no more than 500 square feet in size and contained entirely within a single-family residence.',
      ].join('\n'),
      { filename: 'adu-ordinance.docx', heading: `${heading} > 17.88.020 Definitions` },
    )
    const rentals = answerSource(
      2,
      '17.88.050 Short-term rentals\n\nAn accessory dwelling unit may not be rented for periods of less than 30 days.',
      { filename: 'adu-ordinance.docx', heading: `${heading} > 17.88.050 Short-term rentals` },
    )
    const standards = answerSource(
      3,
      [
        '17.88.030 Development standards',
        '',
        'An accessory dwelling unit shall comply with the following standards:',
        'A. The unit shall not exceed 1,200 square feet of floor area.',
        'B. One off-street parking space is required per unit.',
      ].join('\n'),
      { filename: 'adu-ordinance.docx', heading: `${heading} > 17.88.030 Development standards` },
    )
    const sources = [definitions, rentals, standards]
    const question = 'how big can an adu be'
    const understanding = understandQuestion(
      question,
      sources.flatMap(({ text }) => definedTerms(text)),
    )
    const answer = composeAnswer({ question, sources, understanding }).pieces.join('')
    expect(answer).toContain('The unit shall not exceed 1,200 square feet of floor area. [3]')
    expect(answer).not.toMatch(/500 square feet|30 days/u)
  })

  it("answers a document's number with its title's line, which no sentence says", () => {
    const title = answerSource(
      1,
      'Ordinance No. 2023-17\n\nAn ordinance of the City of Maple Falls amending Chapter 9 of the Municipal Code regarding noise',
      { filename: 'noise-ordinance.docx', heading: 'Ordinance No. 2023-17' },
    )
    const purpose = answerSource(
      2,
      'Section 1. Purpose\n\nThe purpose of this ordinance is to protect residents from excessive and unnecessary noise.',
      { filename: 'noise-ordinance.docx', heading: 'Ordinance No. 2023-17 > Section 1. Purpose' },
    )
    expect(composedAnswer("what's the noise ordinance number", [purpose, title]).text).toBe(
      'Ordinance No. 2023-17 [1]',
    )
    const invoice = answerSource(3, 'Invoice #4471\n\nBilled to Harbor View Properties LLC', {
      filename: 'invoice.pdf',
      heading: 'Invoice #4471',
    })
    expect(composedAnswer("what's the invoice number", [invoice, purpose]).text).toBe('Invoice #4471 [3]')
    // A number of something else the document names is asked another way, and answered by its sentences.
    expect(composedAnswer('what is the phone number of the clerk', [purpose, title]).text).not.toContain(
      'Ordinance No.',
    )
  })

  it('says a count of a thing named in two words is not found where no passage names one of them', () => {
    const lease = answerSource(
      1,
      'Residential Lease Agreement\n\nThis Lease Agreement is made on 1 March 2026 for the apartment at 14 Elm Street, Unit 3B.',
      { filename: 'lease.md', heading: 'Residential Lease Agreement' },
    )
    const guide = answerSource(
      2,
      'System requirements\n\nPhoton needs 8 GB of RAM and 2 GB of free disk space.',
      {
        filename: 'photon-guide.md',
        heading: 'Photon user guide > System requirements',
      },
    )
    const answer = composedAnswer('how many parking spaces does the apartment have', [lease, guide])
    expect(answer.kind).toBe('none')
    expect(answer.text).toContain('“parking”')
  })

  it('answers a count from the sentence naming the thing counted, not from a table row of what it is counted of', () => {
    const setup = answerSource(
      1,
      '4 Experimental setup\n\nWe fine-tune Llama-2-7B on 12 tasks. All runs use 4 NVIDIA A100 GPUs.',
      { filename: 'mixadapt.md', heading: 'MixAdapt > 4 Experimental setup' },
    )
    const results = answerSource(
      2,
      '5 Results\n\nMethod | GLUE | Memory (MB)\nPer-task LoRA | 85.7 | 480\nMixAdapt | 85.9 | 144',
      { filename: 'mixadapt.md', heading: 'MixAdapt > 5 Results' },
    )
    expect(composedAnswer('how many gpus did mixadapt use', [results, setup]).text).toMatch(
      /All runs use 4 NVIDIA A100 GPUs\. \[1\]$/u,
    )
    expect(composedAnswer('how much memory does mixadapt use', [results, setup]).text).toMatch(
      /^MixAdapt, Memory \(MB\): 144 \[2\]/u,
    )
  })

  it("answers with the cell of a row the ask names, over a sentence saying something else of the row's name", () => {
    const results = answerSource(
      1,
      '5 Results\n\nTable 4: Average accuracy (%) and adapter memory.\n\nMethod | GLUE | SuperGLUE | Memory (MB)\nPer-task LoRA | 85.7 | 74.2 | 480\nMixAdapt | 85.9 | 74.6 | 144\n\nMixAdapt is within 0.2 points of full fine-tuning on GLUE while using about 1% of its memory.',
      { filename: 'mixadapt.md', heading: 'MixAdapt > 5 Results' },
    )
    expect(composedAnswer("what is mixadapt's glue accuracy", [results]).text).toMatch(
      /^MixAdapt, GLUE: 85\.9 \[1\]/u,
    )
  })

  it('says a time is not found where no passage names the day or month the ask types', () => {
    const faq = answerSource(
      1,
      'How do I back up my library?\n\nCopy the library folder to another drive while Photon is closed.',
      { filename: 'photon-guide.md', heading: 'Photon user guide > How do I back up my library?' },
    )
    expect(composedAnswer('when does the library close on sundays', [faq]).kind).toBe('none')
    const week = answerSource(2, 'Your first week\n\nTuesday: warehouse safety training', {
      filename: 'orientation.pptx',
      heading: 'Your first week',
    })
    expect(composedAnswer('what happens on tuesday', [week]).text).toBe(
      'Tuesday: warehouse safety training [2]',
    )
  })

  it('says who did a thing is not found where only a document naming nothing of the thing says it was done', () => {
    const paper = answerSource(
      1,
      'Methods\n\nDivers recorded transects at 48 sites. The survey was funded by the Australian Research Council.',
      {
        filename: 'coral-paper.md',
        heading: 'Coral bleaching > Methods',
      },
    )
    const talk = answerSource(
      2,
      'Rural Broadband: Closing the Gap\n\nDr. Lena Ortiz\nState Broadband Summit, October 2025',
      {
        filename: 'broadband-talk.pptx',
        heading: 'Rural Broadband: Closing the Gap',
      },
    )
    expect(composedAnswer('who funded the broadband summit', [talk, paper]).kind).toBe('none')
    expect(composedAnswer('who funded the coral survey', [talk, paper]).text).toBe(
      'The survey was funded by the Australian Research Council. [1]',
    )
  })

  it('answers "the main X" with the X a passage names, "main" being stress, not a word it must print', () => {
    const readme = (number: number, section: string, text: string) =>
      answerSource(number, `${section}\n\n${text}`, {
        filename: 'tidysearch__README.md',
        heading: `TidySearch > ${section}`,
      })
    const useCase = readme(
      1,
      'Use case',
      'TidySearch serves use cases that need full-text search (prefix search, typo tolerance, field weights), where the documents fit in the memory of one process. You will not index a whole library with it, but many use cases are served well by TidySearch. With the index in memory, TidySearch works offline and answers quickly, with no round trip.\n\nA prominent use-case is search "as you type" in web and phone apps, where the index on the device keeps the page quick, with no search server to ask.',
    )
    const install = readme(
      2,
      'Installation',
      'With npm:\n\nnpm install tidysearch\n\nThen import it in your project:\n\nimport TidySearch from \'tidysearch\'\n\nOr load it with a <script> tag from a CDN:\n\n<script src="https://cdn.example/tidysearch/index.min.js"></script>\n\nIn this case, TidySearch will appear as a global variable in your page.',
    )
    const answer = composedAnswer('what is the main use case for tidysearch', [useCase, install])
    expect(answer.kind).toBe('answer')
    expect(answer.text).toContain('A prominent use-case is search "as you type"')
  })

  it('reads a name like a version ("the v8 post") as the document its file is named by, not a release', () => {
    const post = [
      answerSource(1, 'Standalone Wasm files run in runtimes such as wasmtime and wasmer.', {
        filename: 'v8-blog.html',
      }),
      answerSource(2, 'Emscripten compiles C to WebAssembly for the web.', { filename: 'v8-blog.html' }),
    ]
    const reply = composedAnswer('what runtimes does the v8 post mention', post)
    expect(reply.kind).toBe('answer')
    expect(reply.text).toContain('wasmtime')
    // Refused, the answer names what is missing, not the post's name.
    const refused = composedAnswer('what license is the v8 post under', post)
    expect(refused.kind).toBe('none')
    expect(refused.text).toMatch(/^The documents do not say what license the v8 post is under\./u)
    expect(refused.text).not.toMatch(/mentions.*v8/u)
    // A version no passage prints, in a file not named by it, is still a release the documents do not cover.
    const notes = [answerSource(1, '[2.0.0] - 2024-01-02\nAdded streaming.', { filename: 'CHANGELOG.md' })]
    expect(composedAnswer('what changed in v8', notes).kind).toBe('none')
  })
})
