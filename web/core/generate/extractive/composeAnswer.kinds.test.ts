import { describe, expect, it } from 'vitest'
import { fileSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'

const source = fileSource

const answer = composedAnswer

describe('composeAnswer finds the kind of answer asked where the words differ', () => {
  it('answers from the sentence whose opening pronoun stands for the person the question names', () => {
    const cases = [
      'Mary is married with two children and works as a nurse. She earns €40,000 a year.',
      'She will gain €1,210 from the Budget.',
      'Patrick is single, employed as a waiter and is earning €8.65 an hour.',
      'He will gain €825 from the Budget.',
      'Sean and Aoife are pensioners living alone.',
      'They will gain €1,560 from the Budget.',
    ].join('\n')
    const { kind, text } = answer('how much does patrick the waiter gain from the budget', [
      source(1, cases, 'budget-cases.docx', 'Illustrative Cases'),
    ])
    expect(kind).toBe('answer')
    expect(text).toContain('He will gain €825 from the Budget.')
    // Who "he" is goes with it.
    expect(text).toContain('Patrick is single')
  })

  it('reads a contraction typed for a word the passages print ("mtg" for "meeting") as that word', () => {
    const agenda = [
      'Board of Education Special Meeting',
      'The special meeting opens at 7:30 a.m. in the district office.',
      'Public comment is limited to three minutes per speaker.',
    ].join('\n')
    const { kind, text } = answer('what time does the special mtg open', [
      source(1, agenda, 'board-agenda.pdf', 'Agenda'),
    ])
    expect(kind).toBe('answer')
    expect(text).toContain('7:30 a.m.')
    expect(text).not.toContain('mtg')
  })

  it('answers "what\'s X" with a glossary\'s entry: the line under the term, which does not repeat it', () => {
    const glossary = [
      'Definitions',
      'White-box monitoring',
      'Monitoring based on metrics exposed by the internals of the system, including logs.',
      'Black-box monitoring',
      'Testing externally visible behavior as a user would see it.',
    ].join('\n')
    const essay = [
      'We combine heavy use of white-box monitoring with modest but critical uses of black-box monitoring.',
      'Paging on black-box monitoring forces discipline.',
    ].join('\n')
    const { text } = answer('whats black-box monitoring', [
      source(1, essay, 'sre.html', 'Black-Box Versus White-Box'),
      source(2, glossary, 'sre.html', 'Definitions'),
    ])
    expect(text).toBe('Testing externally visible behavior as a user would see it. [2]')
  })

  it('answers "what does the name X actually mean" with the clause saying what X translates as', () => {
    const text = [
      'The piece uses blue “neon” letters (mercury, actually) to spell out the name “bruce” in cursive.',
      'Ramsay gave the three gases Greek names: neon, krypton, and xenon.',
      'The most famous of the trio—neon, which translates as “new.”—became a sign of novelty.',
    ].join('\n')
    const { text: reply } = answer('what does the name neon actually mean', [source(1, text, 'neon.html')])
    expect(reply).toContain('which translates as “new.”')
    expect(reply).not.toContain('bruce')
  })

  it('answers "min version needed" with the sentence printing the version\'s number, not one saying "needed"', () => {
    const readme = [
      'Call the narrowest convert function needed for your use case.',
      'Prerequisites',
      'MarkItDown requires Python 3.10 or higher.',
      'It is recommended to use a virtual environment.',
    ].join('\n')
    const { kind, text } = answer('min python version needed for markitdown?', [
      source(1, readme, 'README.md'),
    ])
    expect(kind).toBe('answer')
    expect(text).toMatch(/^MarkItDown requires Python 3\.10 or higher\. \[1\]/u)
  })

  it('answers a list whose items a document marks with full-width asterisks', () => {
    const procedure = [
      'Student falls ill',
      'Suggested Reportable Symptoms:',
      '＊ Fever',
      '＊ Cough',
      '＊ Rash',
      'A report must be submitted within 24 hours.',
    ].join('\n')
    const { text } = answer('what symptoms should kindergarten staff report', [
      source(1, procedure, 'kindergarten-procedure.docx'),
    ])
    expect(text).toBe('Suggested Reportable Symptoms: [1]\n- Fever\n- Cough\n- Rash')
  })

  it('answers "why" with the reasons a list introduces as such', () => {
    const design = [
      'Historically the converter used Xalan extension functions to call back into its own code.',
      'More recently, the converter has supported output without Xalan. This approach has several benefits:',
      'It works on Android, where the Xalan approach is problematic',
      'It is faster',
      'It has no dependency on Xalan',
      'Both approaches are maintained at present.',
    ].join('\n')
    const { text } = answer('why does the converter want to drop xalan', [
      source(1, design, 'converter-design.docx'),
    ])
    expect(text).toContain('This approach has several benefits: [1]\n- It works on Android')
    expect(text).toContain('\n- It has no dependency on Xalan')
  })

  it('refuses "how many" where the only number quoted is a year, and answers a count however printed', () => {
    const story = [
      'Neon’s story even continues to glow from inside museums such as the Neon Museum in Las Vegas.',
      'In the summer of 1898, Sir William Ramsay made a discovery that would give the Las Vegas Strip its glow.',
    ].join('\n')
    const shops = 'Before electric light, shop signs were painted by hand on wooden boards.'
    const refused = answer('how many neon signs are there in Las Vegas', [
      source(1, story, 'neon.html'),
      source(2, shops, 'shops.html'),
    ])
    expect(refused.kind).toBe('none')
    const dinner = 'The opening of the market was celebrated with a grand dinner attended by 2000 guests.'
    const { kind, text } = answer('how many guests attended the dinner for the opening of the market', [
      source(1, dinner, 'newcastle.md'),
    ])
    expect(kind).toBe('answer')
    expect(text).toContain('2000 guests')
  })

  it('refuses "when did X die" where the date quoted is another person\'s, and answers an era\'s year', () => {
    const article = [
      'Ellen Fetter and Margaret Hamilton were responsible for programming the enormous 1960s-era computer.',
      'The meeting would honor Lorenz, who died in 2008, so Rothman revisited his paper.',
      'Ellen Fetter had married John Gille, a physicist, and changed her name.',
    ].join('\n')
    const refused = answer('when did ellen fetter die', [source(1, article, 'quanta.html')])
    expect(refused.kind).toBe('none')
    expect(refused.text).toMatch(/^The documents do not /u)
    const filler = 'Lorem Ipsum comes from "de Finibus Bonorum et Malorum" by Cicero, written in 45 BC.'
    const { kind, text } = answer('when was de finibus bonorum et malorum written', [
      source(1, filler, 'odt.pdf'),
    ])
    expect(kind).toBe('answer')
    expect(text).toContain('45 BC')
  })

  it('refuses "what\'s the X Y can do" where no passage names the thing asked, though they say what Y can do', () => {
    const readme = [
      "MarkItDown's convert() method is intentionally permissive and can handle local files, remote URIs, and byte streams.",
      'MarkItDown has optional dependencies for activating various file formats.',
    ].join('\n')
    const { kind, text } = answer('whats the max file size markitdown can handle', [
      source(1, readme, 'README.md'),
    ])
    expect(kind).toBe('none')
    expect(text).toMatch(/^The documents do not /u)
  })

  it('answers who wrote "the X whitepaper" with its byline: a word naming a kind of document is no name', () => {
    const opening = 'Cash Without Banks: A Peer-to-Peer System\nAna Ruiz ana@example.org www.example.org'
    const { kind, text } = answer('who wrote the cashless whitepaper', [
      source(1, opening, 'cashless.pdf'),
      source(2, 'Commerce on the Internet relies on banks to process payments.', 'cashless.pdf'),
    ])
    expect(kind).toBe('answer')
    expect(text).toBe('Ana Ruiz [1]')
  })

  it('refuses "what %" where no quoted sentence states a share, and answers one that does', () => {
    const handbook = [
      'The United States Trustee appoints and supervises standing trustees in chapter 13 cases.',
      'A standing trustee collects payments from the debtor and pays the creditors.',
    ].join(' ')
    const refused = answer('what % fee can a chapter 13 standing trustee charge', [
      source(1, handbook, 'trustee-handbook.docx'),
    ])
    expect(refused.kind).toBe('none')
    const shared = answer('what % fee can a chapter 13 standing trustee charge', [
      source(
        1,
        `${handbook} The standing trustee may charge a fee of up to 10 percent of the payments.`,
        'trustee-handbook.docx',
      ),
    ])
    expect(shared.kind).toBe('answer')
    expect(shared.text).toContain('10 percent')
  })

  it('refuses a version no passage prints, naming it, and answers one they print', () => {
    const readme = [
      'Tika 2.x and support for Java 8 reached End of Life (EOL) in April 2025.',
      'The next major release requires Java 11 and 3 new configuration files.',
    ].join(' ')
    const refused = answer('when does tika 3.x reach end of life', [source(1, readme, 'tika-readme.md')])
    expect(refused.kind).toBe('none')
    expect(refused.text).toContain('3.x')
    const answered = answer('when did tika 2.x reach end of life', [source(1, readme, 'tika-readme.md')])
    expect(answered.text).toContain('April 2025')
  })

  it('answers a version from the sentence that prints it, never from one of another release', () => {
    const readme = [
      'Tika 2.x and support for Java 8 reached End of Life (EOL) in April 2025.',
      'Upgrading from 3.x requires code and configuration changes.',
    ].join(' ')
    const refused = answer('when does tika 3.x reach end of life', [source(1, readme, 'tika-readme.md')])
    expect(refused.kind).toBe('none')
    expect(refused.text).not.toContain('April 2025')
    const lifecycle = [
      'Python 3.7 reached end of life in June 2023.',
      'Python 3.8.20 was the last release; 3.8.x reached end of life in October 2024.',
    ].join(' ')
    const answered = answer('when does python 3.8.x reach end of life', [source(1, lifecycle, 'eol.md')])
    expect(answered.text).toContain('October 2024')
    expect(answered.text).not.toContain('June 2023')
  })

  it('answers who a person named is with the sentence naming them, their name read as a person’s or not', () => {
    const news = source(
      1,
      'Council approves repair of Old Quay Bridge\n\nThe bridge will close to traffic for nine months from March.\n\n' +
        'Councillor Rhiannon Price, cabinet member for transport, said: "Nobody wants to close a bridge."',
      'bridge-news.html',
      'Council approves repair of Old Quay Bridge',
    )
    expect(answer('who is rhiannon price', [news]).text).toMatch(
      /^Councillor Rhiannon Price, cabinet member for transport, said/u,
    )
    expect(answer('who is john smith', [news]).kind).toBe('none')
    expect(answer('who is the mayor', [news]).kind).toBe('none')
  })

  it('answers who does a deed with the role a sentence says it comes from, no name needed', () => {
    const deploys = source(
      1,
      'How we work\n\nWe deploy to production every weekday at 11:00 and 15:00. Hotfixes need approval from the on-call lead.',
      'onboarding.md',
      'Welcome to the team > How we work',
    )
    expect(answer('who approves hotfixes', [deploys]).text).toBe(
      'Hotfixes need approval from the on-call lead. [1]',
    )
    expect(answer('who deploys to staging', [deploys]).kind).toBe('none')
  })

  it('answers "how much is X" with the amount, not a length of time said of X', () => {
    const leaving = source(
      1,
      '6. Leaving the Co-operative\n\nThe share is refunded within 60 days of move-out, less any amounts owed.',
      'handbook.docx',
      'Member Handbook > 6. Leaving the Co-operative',
    )
    const joining = source(
      2,
      '2. Joining the Co-operative\n\nApplicants are interviewed by the Membership Committee. A share costs $500 and is refunded when the member moves out.',
      'handbook.docx',
      'Member Handbook > 2. Joining the Co-operative',
    )
    expect(answer('how much is a share', [leaving, joining]).text).toBe(
      'A share costs $500 and is refunded when the member moves out. [2]',
    )
  })

  it('refuses "how much is a X" where no passage prices one, a part\'s number in a title being no price', () => {
    const agenda = source(
      1,
      'Conference Roadmap\n\nWeb Server Cookbook (Training)\nBreak My Site\nWeb Server Tuning Part 2: Scaling Out',
      'web-server-tuning.pptx',
      'Conference Roadmap',
    )
    const venue = source(
      2,
      'Venue\n\nRoom 4, level 4 of the conference centre.',
      'web-server-tuning.pptx',
      'Venue',
    )
    const question = 'how much is a ticket to the web server conference'
    expect(answer(question, [agenda, venue]).kind).toBe('none')
    const priced = source(
      3,
      'Tickets\n\nA ticket to the Web Server Conference is $45, lunch included.',
      'web-server-tuning.pptx',
      'Tickets',
    )
    expect(answer(question, [agenda, venue, priced]).text).toBe(
      'A ticket to the Web Server Conference is $45, lunch included. [3]',
    )
  })

  it('answers "what port" with a number, and refuses a code line that only passes a port along', () => {
    const readme = source(
      1,
      'Usage\n\nOn the worker side, expose an object:\n\nRelay.expose(api, port);\n\nOn the main thread, wrap the port you were given.',
      'relay-README.md',
      'Usage',
    )
    expect(answer('what port does relay listen on', [readme]).kind).toBe('none')
    const server = source(
      2,
      'Server\n\nThe relay server listens on port 7070 unless RELAY_PORT says otherwise.',
      'relay-README.md',
      'Server',
    )
    expect(answer('what port does relay listen on', [readme, server]).text).toBe(
      'The relay server listens on port 7070 unless RELAY_PORT says otherwise. [2]',
    )
  })

  it('answers "what\'s the X fee" with the sentence pricing it, and refuses one no sentence names whole', () => {
    const changes = source(
      1,
      'Proposed Changes\n\nThe draft proposes a minimum engagement of 3 hours for casual employees.\nBudget for the split shift allowance from 1 July 2023.\nA split shift allowance of $5.20 per shift would be introduced.\nThe Sunday penalty rate would remain at 150 per cent.',
      'award-review.pptx',
      'Proposed Changes',
    )
    expect(answer("what's the split shift allowance", [changes]).text).toBe(
      'A split shift allowance of $5.20 per shift would be introduced. [1]',
    )
    expect(answer("what's the sunday penalty rate", [changes]).text).toContain('150 per cent')
    const motions = source(
      2,
      "Motions\n\nMotion 1: that the annual membership fee rise from $20 to $25 per household.\nMotion 2: that the association join the city's Adopt-a-Park scheme.",
      'agm.pptx',
      'Motions',
    )
    expect(answer('what is the parking fee', [motions]).kind).toBe('none')
    expect(answer('what is the membership fee', [motions]).text).toContain('$25 per household')
    expect(answer("what's the minimum wage under the award", [changes]).kind).toBe('none')
  })

  it('refuses money, hours, lengths of time and counts the passages do not state', () => {
    const rule = [
      'The FAA reviewed the horizontal stabilizer trim wiring of the 737 MAX in 2019.',
      'This design standard was promulgated in 2007 and is part of the certification basis of the 737 MAX.',
    ].join('\n')
    expect(answer('how much was Boeing fined over the 737 MAX', [source(1, rule, 'faa.pdf')]).kind).toBe(
      'none',
    )
    const notice =
      'Performance Rehab Associates is committed to protecting the privacy of your health information.'
    expect(answer("what are performance rehab's office hours", [source(1, notice, 'notice.docx')]).kind).toBe(
      'none',
    )
    const form =
      'Programs are only available during the classroom season between January 19 and April 10, 2009.'
    expect(answer('how long does a classroom program last', [source(1, form, 'form.pdf')]).kind).toBe('none')
    const plague = 'Plague lasted in the Ottoman Empire until the second quarter of the 19th century.'
    expect(
      answer('How long did plague last in the Ottoman Empire?', [source(1, plague, 'plague.md')]).kind,
    ).toBe('answer')
    const agm = [
      'Create a leadership role for CNIA by NI2012',
      'CNA membership fees = $226 (2010, 2011)',
    ].join('\n')
    expect(answer('how many members did CNIA have in 2011', [source(1, agm, 'agm.pptx')]).kind).toBe('none')
  })

  it('answers "when did X come out" with the dated sentence: a phrasal verb\'s "come out" says nothing of X', () => {
    const essay = [
      'On August 3, 2006, I uploaded the first version of pandoc to my website.',
      'Pandoc 0.1 consisted of about 3000 lines of Haskell code.',
      'Indeed, a time may come when models can produce more reliable conversions than pandoc.',
      'It turned out that writing a Typst reader for pandoc meant writing an interpreter.',
    ].join(' ')
    const { kind, text } = answer('when did pandoc first come out', [source(1, essay, 'pandoc-20yrs.md')])
    expect(kind).toBe('answer')
    expect(text).toContain('August 3, 2006')
    expect(text).not.toContain('a time may come')
  })

  it('refuses "what dose of X" where no passage names a dose though they name X, and answers one that does', () => {
    const guideline = [
      'The panel recommended that patients at high risk of recurrence may be offered two years of ribociclib plus endocrine therapy.',
      'Ribociclib was approved for this use in 2023.',
    ].join(' ')
    const refused = answer('what dose of ribociclib is recommended', [source(1, guideline, 'guideline.pdf')])
    expect(refused.kind).toBe('none')
    const dosed = answer('what dose of ribociclib is recommended', [
      source(1, `${guideline} The recommended dose of ribociclib is 400 mg once daily.`, 'guideline.pdf'),
    ])
    expect(dosed.kind).toBe('answer')
    expect(dosed.text).toContain('400 mg')
    // A common word after "of" asks for a category, whose instance answers without naming it.
    const band = 'Fogwater are a folk-rock group with a strong Tyneside connection.'
    const genre = answer('What genre of music is Fogwater classified as?', [source(1, band, 'music.md')])
    expect(genre.kind).toBe('answer')
    expect(genre.text).toContain('folk-rock')
  })

  it('answers "how often" with the frequency said two sentences after the one naming the subject, in fewer of its words', () => {
    const design = [
      'The scheduler stores the next timestamp at which the Queue Reader should poll a given job.',
      'Jobs ready to run are periodically polled by the Queue Reader, and this period controls the delivery delay.',
      'Polling more often shortens the delay, and the other way round.',
      'Today we have set it to poll for ready jobs once every five seconds.',
    ].join(' ')
    const { kind, text } = answer('how often does the queue reader poll', [
      source(1, design, 'scheduler-blog.html'),
    ])
    expect(kind).toBe('answer')
    expect(text).toContain('once every five seconds')
  })

  it('answers a list named inside a sentence ("many products such as …") with that sentence, where it names what is asked', () => {
    const page = [
      'Acme',
      'Industry | Tools',
      'Products | Acme Suite',
      'Founded | 1990',
      'Acme is a community of toolmakers, founded in 1990.',
      'Acme produces many products such as the Quill editor, Lantern log viewer, Tidy linter, Bolt task runner and other projects.',
      'Acme supports searching files in encodings other than UTF-8, such as UTF-16, latin-1, GBK and Shift_JIS.',
      'By default, Acme will skip hidden files and binary files.',
    ].join('\n')
    const sources = [source(1, page, 'acme-wiki.html', 'Acme')]
    // The sentence naming them is quoted whole: the items read in its words.
    expect(answer('what products does acme make', sources).text).toBe(
      'Acme produces many products such as the Quill editor, Lantern log viewer, Tidy linter, Bolt task runner and other projects. [1]',
    )
    // A series whose sentence leaves two of the ask's words unsaid is no answer to it.
    expect(answer('what files does acme skip by default', sources).text).toContain(
      'By default, Acme will skip hidden files and binary files.',
    )
  })

  it('answers a list said in sentences each opening with an ordinal and the same noun, in order, with those sentences', () => {
    const guide = [
      'The compiler uses three rules to figure out the lifetimes of references. These rules apply to functions as well as methods.',
      "The first rule is that the compiler assigns a lifetime parameter to each parameter that's a reference. In other words, a function with two parameters gets two.",
      'The second rule is that, if there is exactly one input lifetime parameter, that lifetime is assigned to all output lifetime parameters.',
      'The third rule is that the lifetime of self is assigned to all output lifetime parameters in a method.',
    ].join('\n')
    const { text } = answer('what are the lifetime elision rules', [source(1, guide, 'lifetimes.md')])
    const lines = text.split('\n')
    expect(lines[0]).toBe('These rules apply to functions as well as methods. [1]')
    expect(lines.slice(1).map((line) => line.slice(0, 24))).toEqual([
      '- The first rule is that',
      '- The second rule is tha',
      '- The third rule is that',
    ])
    expect(text).not.toContain('In other words')
  })

  it('answers "define X" with the sentence defining X in the plural, not only one naming X in passing', () => {
    const notice = [
      'We are a covered entity under HIPAA and must protect your health information.',
      'Covered entities are health plans, health care clearinghouses, and health care providers that transmit health information electronically.',
    ].join('\n')
    const { text } = answer('define covered entity', [source(1, notice, 'privacy-notice.docx')])
    expect(text).toContain('Covered entities are health plans, health care clearinghouses')
  })

  it("answers a size asked of a thing from the item of the list its standards introduce, items lettered 'A.'", () => {
    const ordinance = [
      'Section 17.12.040 Development standards.',
      'An accessory dwelling unit shall comply with the following standards:',
      'A. The unit shall not exceed 800 square feet of floor area.',
      'B. One off-street parking space shall be provided for the unit.',
      'Section 17.12.050 Permits.',
      'The director shall approve or deny an application within sixty (60) days.',
      // A Word file's paragraphs, a blank line between them as a chunk keeps them.
    ].join('\n\n')
    const sources = [source(1, ordinance, 'adu-ordinance.docx')]
    // "big" is no word a size is stated with; the item is read under its introduction's words.
    expect(answer('how big can an accessory dwelling unit be', sources).text).toContain(
      'The unit shall not exceed 800 square feet of floor area.',
    )
    // The lettered items end where the next section begins.
    expect(answer('what are the standards for an accessory dwelling unit', sources).text).toBe(
      'An accessory dwelling unit shall comply with the following standards: [1]\n- The unit shall not exceed 800 square feet of floor area.\n- One off-street parking space shall be provided for the unit.',
    )
  })

  it('answers "how heavy" and "how deep" from the spec line printing the weight or the depth', () => {
    const spec = [
      'Dimensions',
      'Max digging depth 2,790 mm',
      'Operating weight 5,600 kg',
      'Bucket capacity 0.16 m3',
    ].join('\n')
    const sources = [source(1, spec, 'excavator-spec.pdf')]
    expect(answer('how heavy is it', sources).text).toBe('Operating weight 5,600 kg [1]')
    expect(answer('how deep can it dig', sources).text).toBe('Max digging depth 2,790 mm [1]')
  })

  it("answers from a README's sections: the install command, a supported feature's short item, a release's heading", () => {
    const readme = [
      source(1, 'Mammoth is designed to convert .docx documents to HTML.', 'mammoth-readme.md', 'Mammoth'),
      source(2, 'Installation\n\nnpm install mammoth', 'mammoth-readme.md', 'Mammoth > Installation'),
      source(
        3,
        'Supported features\n\nHeadings.\nLists.\nFootnotes and endnotes.\nImages.',
        'mammoth-readme.md',
        'Mammoth > Supported features',
      ),
      source(
        4,
        'New Features\n\nAdd AES encryption support\nAdd page labels',
        'pypdf-history.md',
        'Changelog > Version 3.0.0, 2022-12-22 > New Features',
      ),
    ]
    // A package manager's command, no prompt or flag before it.
    expect(answer('how do i install mammoth', readme).text).toBe('`npm install mammoth` [2]')
    // An item of a few words, quoted under its heading.
    expect(answer('does mammoth support footnotes', readme).text).toBe(
      'Supported features: Footnotes and endnotes. [3]',
    )
    // The release is named by the heading the change is listed under.
    expect(answer('which version added aes encryption', readme).text).toBe(
      'Version 3.0.0, 2022-12-22: Add AES encryption support [4]',
    )
  })

  it('answers "max sq ft" from a bound the text sets ("shall not exceed"), not refusing for "max"', () => {
    const ordinance = [
      source(
        1,
        'Development Standards\n\nAn ADU shall not exceed 1,200 square feet.',
        'adu-ordinance.docx',
        'Ordinance > Development Standards',
      ),
    ]
    expect(answer('whats the max sq ft for an adu', ordinance).text).toBe(
      'An ADU shall not exceed 1,200 square feet. [1]',
    )
  })

  it('says plainly that no author is named where no byline or sentence names one, and quotes no JSON', () => {
    const draft = [
      source(
        1,
        'Storage first\n\nThe draft describes a protocol for per-user storage on the web. Clients discover the storage root of a user through WebFinger.',
        'remotestorage-draft.html',
        'remoteStorage > Storage first',
      ),
      source(
        2,
        'Example\n\n{ "links":[{ "href": "https://example.com/inbox", "rel": "post-me-anything" }, { "href": "https://example.com/storage/michiel", "rel": "remotestorage" }]}',
        'remotestorage-draft.html',
        'remoteStorage > Example',
      ),
    ]
    const reply = answer('who wrote the remotestorage draft', draft)
    expect(reply.kind).toBe('none')
    expect(reply.text).toMatch(/^The documents do not say who wrote the remotestorage draft\./u)
    expect(reply.text).not.toContain('"links"')
    // A sentence saying who wrote it answers.
    const credited = [
      ...draft,
      source(3, 'This draft was written by Michiel de Jong in 2014.', 'remotestorage-draft.html'),
    ]
    expect(answer('who wrote the remotestorage draft', credited).text).toBe(
      'This draft was written by Michiel de Jong in 2014. [3]',
    )
  })

  it("answers a row's amount with no year asked from its latest year's column, not its largest amount", () => {
    const accounts = source(
      1,
      'Statement of Accounts\n\nItem | 2018 | 2019\nMembership dues | $12,400 | $13,150\nGrants | $10,000 | $7,500\nInsurance | $1,150 | $1,180',
      'treasurer-report.md',
      "Treasurer's Report > Statement of Accounts",
    )
    expect(answer('how much were grants', [accounts]).text).toMatch(/^Grants, 2019: \$7,500 \[1\]/u)
    expect(answer('grants in 2018', [accounts]).text).toMatch(/^Grants, 2018: \$10,000 \[1\]/u)
  })

  it('says an acronym is not spelled out where no passage gives its long form, though many name it', () => {
    const guide = source(
      1,
      'Related guides\n\n• Guide to OSCAL-based FedRAMP Security Assessment Plans (SAP) (rev4 | rev5)\n\nFedRAMP offers an OSCAL-based SSP shell file in both XML and JSON formats.',
      'fedramp-guide.pdf',
      'Guide > Related guides',
    )
    expect(answer('what does fedramp stand for', [guide]).kind).toBe('none')
    const spelled = source(
      2,
      'The Federal Risk and Authorization Management Program (FedRAMP) authorizes cloud services.',
      'fedramp-guide.pdf',
    )
    expect(answer('what does fedramp stand for', [guide, spelled]).text).toBe(
      'The Federal Risk and Authorization Management Program (FedRAMP) authorizes cloud services. [2]',
    )
  })

  it("answers 'the 4th postulate' with that item of the list of postulates, not a passage printing '4th'", () => {
    const sources = [
      source(
        1,
        'When To File\n\nFile the return by the 15th day of the 4th month after your tax year ends.',
        'tax-instructions.pdf',
        'When To File',
      ),
      source(
        2,
        "Euclid's 5 Postulates\n\n1- A line can be drawn from any point to another.\n2- A finite line can be extended indefinitely.\n3- A circle can be drawn at any point.\n4- All right angles are equal to one another.",
        'geometry.pptx',
        "Math 260 > Euclid's 5 Postulates",
      ),
    ]
    expect(answer("what's the 4th postulate", sources).text).toBe(
      "Euclid's 5 Postulates: 4- All right angles are equal to one another. [2]",
    )
  })

  it('quotes "This notice is effective…" alone: the document speaks of itself, not of the sentence before', () => {
    const notice = source(
      1,
      'Complaints\n\nYou may file a complaint with the clinic. You will not be penalized for filing a complaint.\n\nThis notice is effective as of April 14, 2003.',
      'privacy-notice.docx',
      'Notice of Privacy Practices > Complaints',
    )
    expect(answer('when is the privacy notice effective', [notice]).text).toBe(
      'This notice is effective as of April 14, 2003. [1]',
    )
  })

  it("defines a paper's method by what the paper says it is, not by its title printed above", () => {
    const title = 'SparseAdapt: Efficient Fine-Tuning with Sparse Adapters'
    const paper = [
      source(
        1,
        `${title}\n\nAbstract\n\nFine-tuning large models is costly. In this paper we propose SparseAdapt, a method that learns sparse masks over adapter weights.`,
        'sparseadapt.pdf',
        `${title} > Abstract`,
      ),
    ]
    expect(answer('what is sparseadapt', paper).text).toBe(
      'In this paper we propose SparseAdapt, a method that learns sparse masks over adapter weights. [1]',
    )
    // Its contributions, numbered in a sentence, are a list's items.
    const introduction = source(
      2,
      'Introduction\n\nAdapters are small layers. Our contributions are as follows: (1) we introduce sparse adapter masks; (2) we show a schedule that anneals the mask density; and (3) we release code.',
      'sparseadapt.pdf',
      `${title} > Introduction`,
    )
    expect(answer('what are the contributions of the sparseadapt paper', [...paper, introduction]).text).toBe(
      'Our contributions are as follows: [2]\n- we introduce sparse adapter masks\n- we show a schedule that anneals the mask density\n- we release code',
    )
  })

  it('answers what a release changed with the entries under its heading, by section, or the section asked', () => {
    const changelog = [
      source(
        1,
        '[2.1.0] - 2024-03-02\n\nAdded\n\n- CSV export\n- Dark mode',
        'CHANGELOG.md',
        'Changelog > [2.1.0] - 2024-03-02 > Added',
      ),
      source(
        2,
        'Fixed\n\n- Crash on empty files',
        'CHANGELOG.md',
        'Changelog > [2.1.0] - 2024-03-02 > Fixed',
      ),
      source(
        3,
        '[2.0.0] - 2024-01-10\n\nRemoved\n\n- The old sync API',
        'CHANGELOG.md',
        'Changelog > [2.0.0] - 2024-01-10 > Removed',
      ),
      source(
        4,
        '[1.9.2] - 2023-12-01\n\n- Faster start-up\n- Fewer retries',
        'CHANGELOG.md',
        'Changelog > [1.9.2] - 2023-12-01',
      ),
    ]
    // Every section of the release, each cited.
    expect(answer('what changed in 2.1.0', changelog).text).toBe(
      '[2.1.0] - 2024-03-02:\n- Added: CSV export; Dark mode [1]\n- Fixed: Crash on empty files [2]',
    )
    // The section asked; "2.1" is 2.1.0, "version 2" is 2.0.0.
    expect(answer('what was fixed in 2.1', changelog).text).toBe(
      '[2.1.0] - 2024-03-02, Fixed:\n- Crash on empty files [2]',
    )
    expect(answer('whats new in version 2', changelog).text).toBe(
      '[2.0.0] - 2024-01-10, Removed:\n- The old sync API [3]',
    )
    // The release before one named, by number.
    expect(answer('what changed in the release before 2.1.0', changelog).text).toBe(
      '[2.0.0] - 2024-01-10, Removed:\n- The old sync API [3]',
    )
    // A release without sections: its entries.
    expect(answer('what changed in 1.9.2', changelog).text).toBe(
      '[1.9.2] - 2023-12-01:\n- Faster start-up\n- Fewer retries [4]',
    )
    // A release the changelog does not name is not answered with another's, and is named whole.
    expect(answer('what changed in 3.0.0', changelog).kind).toBe('none')
    expect(answer('what changed in 3.0.0', changelog).text).toMatch(/none of them mentions “3\.0\.0”\.$/u)
    // Nor one typed in two parts, which could be a quantity elsewhere, whose numbers other releases print
    // (the program's name is its documents' own word, in `about`).
    const about = new Set(['changelog', 'notable', 'changes', 'csvkitten', 'documented', 'file'])
    const csv = (number: number, text: string, heading: string) => ({
      ...source(number, text, 'CHANGELOG.md', heading),
      about,
    })
    const releases = [
      csv(1, '3.2.0 (2025-02-03)\n\n- Add the csvk join command.', 'Changelog > 3.2.0 (2025-02-03)'),
      csv(2, 'Changelog\n\nAll notable changes to csvkitten are documented in this file.', 'Changelog'),
      csv(3, '4.0.0 (2025-09-02)\n\n- Drop support for Python 3.8.', 'Changelog > 4.0.0 (2025-09-02)'),
    ]
    expect(answer('what changed in csvkitten 2.0', releases).kind).toBe('none')
  })

  it('answers "what changed in X 1.1.0" from the changelog of X where another lists a 1.1.0 first', () => {
    const changelogs = [
      source(
        1,
        '1.1.0 / 2014-09-21\n\nAdd codes.json for universal support',
        'httpcodes__HISTORY.md',
        '1.1.0 / 2014-09-21',
      ),
      source(
        2,
        '1.1.0 / 2015-09-14\n\nEnable strict mode in more places',
        'warnlib__History.md',
        '1.1.0 / 2015-09-14',
      ),
    ]
    const reply = answer('what changed in warnlib 1.1.0', changelogs)
    expect(reply.kind).toBe('answer')
    expect(reply.text).toBe('1.1.0 / 2015-09-14:\n- Enable strict mode in more places [2]')
  })

  it("reads a release's entry of three words as one, and names its release", () => {
    const entries = [
      ['3.0.0', '2023-05-02', 'Drop Node.js 12\nRename HTTP_CODES export to messages'],
      ['2.6.0', '2022-01-20', 'Add HTTP_CODES export'],
      ['2.5.1', '2021-11-03', 'Add missing 308 to codes.js'],
    ].map(([version, date, lines], i) =>
      source(i + 1, `${version} / ${date}\n\n${lines}`, 'HISTORY.md', `${version} / ${date}`),
    )
    const reply = answer('which httpcodes version added the HTTP_CODES export', entries)
    expect(reply.kind).toBe('answer')
    expect(reply.text).toBe('2.6.0 / 2022-01-20: Add HTTP_CODES export [2]')
  })

  it("dates a release, and a change, by the release's heading; names the release of a change that prints an issue's number", () => {
    const changelog = [
      source(
        1,
        'Removed\n\n- Remove proxy settings (GH-150)',
        'CHANGELOG.md',
        'Changelog > [2.4.0] - 2024-10-15 > Removed',
      ),
      source(
        2,
        '[2.3.0] - 2024-09-26\n\nAdded\n\n- Add SAML sign-in (#653)\n- Add proxy settings (GH-673)',
        'CHANGELOG.md',
        'Changelog > [2.3.0] - 2024-09-26 > Added',
      ),
    ]
    expect(answer('when was 2.3.0 released', changelog).text).toBe('[2.3.0] - 2024-09-26 [2]')
    expect(answer('when was the release before 2.4.0 released', changelog).text).toBe(
      '[2.3.0] - 2024-09-26 [2]',
    )
    expect(answer('what is the version before 2.4.0', changelog).text).toBe('[2.3.0] - 2024-09-26 [2]')
    expect(answer('when was saml sign-in added', changelog).text).toBe(
      '[2.3.0] - 2024-09-26: Add SAML sign-in (#653) [2]',
    )
    expect(answer('which version removed proxy settings', changelog).text).toBe(
      '[2.4.0] - 2024-10-15: Remove proxy settings (GH-150) [1]',
    )
    // "Drop" as people type it for a removal, among entries that each name what was dropped.
    const entries = [
      ['1.0.4', '2016-01-17', 'Maintenance: leftpad update to 4.0.0.'],
      ['1.0.2', '2015-03-22', 'Relaxed leftpad version dependency.'],
      ['1.0.5', '2016-02-05', 'Removed leftpad dependency to reduce install size.'],
    ].map(([version, date, entry], i) =>
      source(
        i + 1,
        `${version} - ${date}\n\nChanged\n\n${entry}`,
        'CHANGELOG.md',
        `Changelog > ${version} - ${date} > Changed`,
      ),
    )
    expect(answer('when did they drop leftpad', entries).text).toBe(
      '1.0.5 - 2016-02-05: Removed leftpad dependency to reduce install size. [3]',
    )
    expect(answer("what's the latest version", changelog).text).toBe('[2.4.0] - 2024-10-15 [1]')
    const opening = source(
      3,
      'All notable changes to tidyframe are documented here.',
      'CHANGELOG.md',
      'Changelog',
    )
    expect(answer('whats the latest version of tidyframe', [...changelog, opening]).text).toBe(
      '[2.4.0] - 2024-10-15 [1]',
    )
  })

  it('answers "how many people" with the count of persons named otherwise, not a sentence dated by its years', () => {
    const survey = [
      source(
        1,
        'Methodology\n\nThe survey was conducted online between November 2017 and January 2018.',
        'dev-survey.md',
        'Report > Methodology',
      ),
      source(
        2,
        'Our survey of more than 5,000 software professionals shows that developers are more involved in security than ever.',
        'dev-survey.md',
        'Report',
      ),
    ]
    expect(answer('how many people took the survey', survey).text).toContain(
      'more than 5,000 software professionals',
    )
    // Where a sentence says "people", it counts them.
    const study = [
      source(1, 'To answer this, the scientists asked five people to perform a task in 2019.', 'study.html'),
    ]
    expect(answer('how many people took part in the study', study).text).toContain('asked five people')
  })

  it("answers a phone number asked for with the entry's number, not its e-mail address", () => {
    const directory = [
      fileSource(
        1,
        [
          'Okafor, Daniel',
          '12 Elm Street',
          'Marcellus NY 13108',
          '(315) 555-0142',
          'dokafor@example.org',
          'Mr. Okafor is a retired member of the board.',
        ].join('\n\n'),
        'supply-list.docx',
      ),
    ]
    const reply = answer("what is daniel okafor's phone number", directory).text
    expect(reply).toContain('(315) 555-0142')
    expect(reply).not.toContain('dokafor@example.org')
    expect(answer("what is daniel okafor's email", directory).text).toContain('dokafor@example.org')
  })

  it('answers "how often" with the sentence saying how often, not one using the word "often"', () => {
    const deck = [
      fileSource(
        1,
        'Reviews are often seen as a black box by the teams that take part in them.',
        'review-guide.docx',
      ),
      fileSource(2, 'We hold a review for each team once a year, in the spring.', 'review-guide.docx'),
      fileSource(3, 'Each review ends with written feedback for the team.', 'review-guide.docx'),
      fileSource(4, 'The review form has four parts, one for each goal of the team.', 'review-guide.docx'),
    ]
    expect(answer('how often is a review done', deck).text).toMatch(
      /^We hold a review for each team once a year/u,
    )
  })

  it('takes no capitalised word opening what follows a colon for a name', () => {
    const story = [
      fileSource(
        1,
        'The story of chaos is usually told like this: Using the LGP-30, Lorenz made his discoveries.',
        'chaos.html',
      ),
      fileSource(
        2,
        'When Margaret Hamilton arrived at MIT, Lorenz had just bought the LGP-30.',
        'chaos.html',
      ),
    ]
    expect(answer('who programmed the lgp-30 for lorenz', story).text).toMatch(
      /^When Margaret Hamilton arrived/u,
    )
  })

  it('answers "how often" with the sentence saying how often, not one holding as many of its words first', () => {
    const deck = [
      source(
        1,
        'Leading board reviews\n\nRigour and clear feedback - board review sessions give a deep dive into this area',
        'governance.pptx',
        'Leading board reviews',
      ),
      source(
        2,
        'What we do\n\nWe hold a board review for each trustee once a year.',
        'governance.pptx',
        'What we do',
      ),
    ]
    expect(answer('how often is a board review done', deck).text).toBe(
      'We hold a board review for each trustee once a year. [2]',
    )
  })
})
