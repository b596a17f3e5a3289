import { describe, expect, it } from 'vitest'
import { definitionQuestion } from './definitionQuestion'

const defines = (question: string, sentence: string) => definitionQuestion(question)!.defines(sentence)

describe('definitionQuestion', () => {
  it('recognises "what is X?" questions and their subject', () => {
    expect(definitionQuestion('What is a trace tree?')?.subject).toEqual(['trace', 'tree'])
    expect(definitionQuestion('what are Ctenophores')?.subject).toEqual(['ctenophores'])
    expect(definitionQuestion('Define packet switching.')?.subject).toEqual(['packet', 'switching'])
    expect(definitionQuestion('What does JIT mean?')?.subject).toEqual(['jit'])
    // What a thing does is what it is: "Photon is a desktop photo organiser".
    const does = definitionQuestion('what does photon do')
    expect(does?.subject).toEqual(['photon'])
    expect(does?.defines('Photon is a desktop photo organiser for Windows, macOS and Linux.')).toBe(true)
    expect(definitionQuestion('How many points did the Panthers score?')).toBeNull()
    expect(
      definitionQuestion('What is the name of the quarterback who was 38 in Super Bowl XXXIII?'),
    ).toBeNull()
    expect(definitionQuestion('FastAPI 是什么？')).toBeNull()
  })

  it('reads a participle and the part it is said of as no term: "what\'s covered in the first week"', () => {
    expect(definitionQuestion("what's covered in the first week")).toBeNull()
    expect(definitionQuestion('what is included in the kit')).toBeNull()
    expect(definitionQuestion('what is embedded linux')?.subject).toEqual(['embedded', 'linux'])
    expect(definitionQuestion('what is caching in python')?.subject).toEqual(['caching'])
  })

  it('matches sentences that define the subject', () => {
    expect(
      defines(
        'What is a trace?',
        'A trace is simply a program path, which may cross function call boundaries.',
      ),
    ).toBe(true)
    expect(defines('What are ctenophores?', 'Ctenophores are marine invertebrates.')).toBe(true)
    expect(
      defines(
        'What is the Amazon rainforest?',
        'The Amazon rainforest (Portuguese: Floresta Amazônica), also known in English as Amazonia, is a moist broadleaf forest.',
      ),
    ).toBe(true)
    expect(
      defines(
        'What is a problem instance?',
        'When considering computational problems, a problem instance is a string.',
      ),
    ).toBe(true)
    expect(defines('What is a trace tree?', 'Such a structure is called a trace tree.')).toBe(true)
  })

  it('takes a term glossed where it is used ("X, i.e., …", "X (that is, …)") for its definition', () => {
    const sentence =
      'Second, each cluster is aligned by meta-clustering, i.e., clustering the clusters by pattern.'
    expect(defines('define meta-clustering', sentence)).toBe(true)
    expect(
      defines('what is recall', 'We report the recall (that is, the share of relevant passages found).'),
    ).toBe(true)
    // Used without a gloss, it is not defined.
    expect(defines('define meta-clustering', 'Meta-clustering merged them into 212 event types.')).toBe(false)
    // The other name of what opens the sentence, glossed by it.
    const lora =
      'Low-rank adaptation, i.e., LoRA, freezes the pretrained weights and trains two small matrices.'
    expect(defines('what is lora', lora)).toBe(true)
    expect(defines('what is lora', 'On the benchmark, LoRA with r = 16 matched full fine-tuning.')).toBe(
      false,
    )
  })

  it('takes a name given its everyday one between commas ("X, or Y,") for its definition', () => {
    const sentence = 'Botrytis cinerea, or gray mold, thrives when relative humidity stays above 85%.'
    expect(defines('what is botrytis', sentence)).toBe(true)
    expect(defines('what is gray mold', sentence)).toBe(true)
    // A choice between two things names neither.
    expect(defines('what is tea', 'Guests may have tea, or coffee if they prefer.')).toBe(false)
  })

  it('does not take passive verbs or modified subjects for definitions', () => {
    expect(defines('What is a trace tree?', 'Usually, a trace tree is rooted at that point.')).toBe(false)
    expect(
      defines('What is a trace?', 'The trunk trace contains a guard to which a branch trace was attached.'),
    ).toBe(false)
    expect(defines('What is a trace?', 'Then, the trace is called like a normal C function pointer.')).toBe(
      false,
    )
    expect(defines('What is a trace?', 'A trace tree is a tree of traces.')).toBe(false)
  })

  it('does not take a quality said of X ("X is important to…") for what X is', () => {
    expect(defines('define communication', 'Communication is important to our clients.')).toBe(false)
    expect(defines('define communication', 'Communication is complex.')).toBe(false)
    expect(defines('define communication', 'Communication is not simply transferred')).toBe(false)
    expect(defines('define communication', 'Communication is the process of sharing meaning.')).toBe(true)
    expect(defines('what is swap', 'Swap is disk-based extension of RAM')).toBe(true)
    // A quality going on with a participle and its object ("available using…") names no kind.
    expect(
      defines('what is fzf', "If you're on Fedora, fzf is available using the same package name as Arch:"),
    ).toBe(false)
    expect(defines('what is fzf', 'fzf is a general-purpose command-line fuzzy finder.')).toBe(true)
  })

  it('does not take X after a verb or a preposition for the subject of "is"', () => {
    expect(
      defines('what is a PIN', 'Binding – is the person entering the PIN the person it was issued to?'),
    ).toBe(false)
    expect(defines('what is a PIN', 'How sure is it that the person holding the PIN is the owner?')).toBe(
      false,
    )
  })

  it('reads questions typed with context, a contraction or a typo', () => {
    expect(definitionQuestion("in the ATF post what's a 'lambda'")?.subject).toEqual(['lambda'])
    expect(definitionQuestion("what does 'tofu' mean in the mupdf book")?.subject).toEqual(['tofu'])
    expect(definitionQuestion('whats a process in the deployment docs')?.subject).toEqual(['process'])
    expect(definitionQuestion('wat is a pecten')?.subject).toEqual(['pecten'])
  })

  it('takes glossary lines, spelled-out abbreviations and other namings for definitions', () => {
    expect(defines("what's a 'lambda'", 'Lambda: A callback implementing business logic.')).toBe(true)
    expect(
      defines(
        'what does IKWG stand for',
        'The International Ki67 in Breast Cancer Working Group (IKWG) identified multiple factors.',
      ),
    ).toBe(true)
    expect(defines("what does 'tofu' mean", 'Such boxes are known informally as Tofu.')).toBe(true)
    expect(
      defines(
        "what's 'bounded evidence accumulation'",
        'This process bears the name of "bounded evidence accumulation."',
      ),
    ).toBe(true)
    expect(defines("what's a 'lambda'", 'Each lambda: one owner.')).toBe(false)
    expect(defines('what does IKWG stand for', 'The IKWG performed a study.')).toBe(false)
    expect(defines('what does IKWG stand for', 'The IKWG is available to assist with scoring.')).toBe(false)
    // Its letters in order, but not the initials of the words before it: a table's cells.
    expect(defines('what does SSP stand for', 'Security Sensitivity Level XPath Query (SSP) Level:')).toBe(
      false,
    )
    expect(defines('what does SSP stand for', 'Guide to FedRAMP System Security Plans (SSP).')).toBe(true)
    // A key's line going on after the long form.
    expect(defines('what does ARR mean', 'ARR: annual recurring revenue from active contracts')).toBe(true)
    // Spelled out in the plural: the small "s" after the capitals.
    expect(
      defines(
        'what does NSAID stand for',
        'Ibuprofen belongs to a group of medicines called non-steroidal anti-inflammatory drugs (NSAIDs).',
      ),
    ).toBe(true)
    // A figure asked of a short form is not a question about what it stands for.
    expect(
      defines(
        'What was the EBITDA?',
        'Reconciliation of adjusted Earnings before interest, tax, depreciation and amortization (EBITDA)',
      ),
    ).toBe(false)
  })
})

describe('definitionQuestion on how documents define', () => {
  it('reads "X in Y" as X where Y is said, and a clause set off by ", which is" as defining X', () => {
    const sentence =
      'Every reference in Rust has a lifetime, which is the scope for which that reference is valid.'
    expect(defines('what is a lifetime in rust', sentence)).toBe(true)
    expect(defines('what is a lifetime', sentence)).toBe(true)
    expect(defines('what is a lifetime', 'Lifetimes are another kind of generic.')).toBe(true)
    // A restrictive clause says which, not what: "a lifetime that is too short" defines nothing.
    expect(defines('what is a lifetime', 'It has a lifetime that is too short.')).toBe(false)
  })

  it('takes "defines X as" and "X is defined as" for definitions, and "X under Y" as X', () => {
    const statute = 'The statute defines parental involvement as the participation of parents in school.'
    expect(defines('what is parental involvement', statute)).toBe(true)
    expect(defines('what is parental involvement under nclb', statute)).toBe(true)
    expect(defines('what is a dwelling unit', 'A dwelling unit is defined as a home for one family.')).toBe(
      true,
    )
    expect(defines('what is involvement', 'This defines parental involvement as a duty.')).toBe(false)
    expect(definitionQuestion('what is parental involvement under nclb')).toMatchObject({
      subject: ['parental', 'involvement'],
      scope: ['under', 'nclb'],
    })
  })

  it('reads "how does Y define X" as what X is in Y, and a glossary table\'s row as defining X', () => {
    const item = definitionQuestion('how does the counter code of practice define an item')!
    expect(item.subject).toEqual(['item'])
    expect(item.scope).toEqual(['counter', 'code', 'practice'])
    const row = '3.1.2.1 | Item | Full text article, TOC | A uniquely identifiable piece of published work.'
    expect(item.defines(row)).toBe(true)
    // A row of figures under the term defines nothing; nor does a row of another term naming it.
    expect(item.defines('Item | 2003 | 45')).toBe(false)
    expect(item.defines('3.1.2.2 | Article | | An item of original written work.')).toBe(false)
    // "in which" opens a relative clause: no place, and no term of a few words before it.
    expect(definitionQuestion('What is one way in which graphs can be encoded?')).toBeNull()
  })

  it('reads "according to the X piece" as where, and "later popularized as X" as naming X', () => {
    const effect = definitionQuestion('wat is the butterfly effect according to the quanta piece')!
    expect(effect.subject).toEqual(['butterfly', 'effect'])
    expect(
      effect.defines(
        'This sensitivity to initial conditions, later popularized as the butterfly effect, made it hard.',
      ),
    ).toBe(true)
    expect(effect.defines('Many accounts date the discovery of this butterfly effect to 1961.')).toBe(false)
  })

  it('takes "called X" as naming X only where the name ends at X', () => {
    const rules = 'These patterns are called the lifetime elision rules.'
    expect(defines('what is a lifetime', rules)).toBe(false)
    expect(defines('what are lifetime elision rules', rules)).toBe(true)
    expect(
      defines('what is a trace tree', 'This structure is called a trace tree because it branches.'),
    ).toBe(true)
    expect(defines('what is tofu', 'Such boxes are known informally as tofu in Japan.')).toBe(true)
  })
})

describe('definitionQuestion on an abbreviation introduced', () => {
  it('takes "Long Form (NSS) comprises…" as defining NSS, and the long form named in passing as not', () => {
    const introduced =
      'Network Security Services (NSS) comprises a set of libraries designed to support security-enabled applications.'
    expect(defines('what is nss', introduced)).toBe(true)
    expect(defines('what is nss', 'Firefox uses Network Security Services (NSS) for its crypto.')).toBe(false)
    // A code's entry: the term and its abbreviation, then a sentence of what it is.
    const entry =
      'Accessory Dwelling Unit (ADU). An attached or detached residential dwelling unit located on the same lot.'
    expect(defines('what is an adu', entry)).toBe(true)
  })
})

describe('definitionQuestion on a defined term of a law or a contract', () => {
  it('takes "“X” means…", "“X” shall mean…" and "“Long” or “SHORT” means…" as defining X', () => {
    const ordinance =
      '“Accessory dwelling unit” or “ADU” means an attached or detached residential dwelling unit.'
    expect(defines('what is an accessory dwelling unit', ordinance)).toBe(true)
    expect(defines('what is an adu', ordinance)).toBe(true)
    expect(
      defines('what is a dwelling', '"Dwelling" shall mean a building designed for residential use.'),
    ).toBe(true)
    expect(
      defines(
        'what is the amount of your deduction',
        'For this purpose, the “amount of your deduction” means your deduction before applying any income limits.',
      ),
    ).toBe(true)
  })

  it('takes a quoted term used in passing as no definition', () => {
    expect(defines('what is an adu', 'An “ADU” is allowed in every zone of the city.')).toBe(false)
    expect(defines('what is phi', 'We protect your “PHI” and share it rarely.')).toBe(false)
    expect(defines('what is an adu', 'The “ADU” rules mean less parking.')).toBe(false)
  })
  it('reads "at the firm" after the term as where it is asked about, as "in rust" is', () => {
    // Without an article, "at" is no place a term is asked about: "what was produced at X" asks no meaning.
    expect(definitionQuestion("what was produced at acme's plant")?.scope ?? []).toEqual([])
    const pool = definitionQuestion('whats a talent pool at northwind')
    expect([pool?.subject, pool?.scope]).toEqual([['talent', 'pool'], ['northwind']])
  })

  it('reads "what counts as X", "what is meant by X" and a label before the question', () => {
    expect(definitionQuestion('irs instructions: what counts as a frivolous return?')?.subject).toEqual([
      'frivolous',
      'return',
    ])
    const rust = definitionQuestion('rust: what is a lifetime?')
    expect([rust?.subject, rust?.scope]).toEqual([['lifetime'], ['rust']])
    expect(definitionQuestion('what is meant by parental involvement')?.subject).toEqual([
      'parental',
      'involvement',
    ])
    expect(definitionQuestion('what qualifies as a dependent?')?.subject).toEqual(['dependent'])
    expect(
      defines(
        'what counts as a frivolous return',
        'A frivolous return is one that does not contain information needed.',
      ),
    ).toBe(true)
  })

  it('takes "you meet this test if…" as defining a test, and using the test as not', () => {
    const presence = "what's the substantial presence test"
    expect(defines(presence, 'You meet this test if you were physically present for at least:')).toBe(true)
    expect(defines(presence, 'You satisfy the substantial presence test only if you stayed 183 days.')).toBe(
      true,
    )
    expect(
      defines(presence, 'You are considered a U.S. resident if you meet the substantial presence test.'),
    ).toBe(false)
    expect(defines(presence, 'You meet this requirement if you file on time.')).toBe(false)
  })

  it('reads "what does X mean in Y" as asking of X, defined by "the long form (or X) is…"', () => {
    const asked = definitionQuestion('what does AOA mean in the 737 max AD')
    expect(asked?.subject).toEqual(['aoa'])
    expect(asked?.defines('The angle of attack (or AOA) is the angle at which the wing meets the air.')).toBe(
      true,
    )
    expect(asked?.defines('Boeing describes procedures for an AOA sensor system test.')).toBe(false)
  })

  it('takes a word given in another tongue or in short ("X, which is Spanish for Y") as defined', () => {
    const asked = definitionQuestion('what does pollo asado mean')
    expect(asked?.defines('They ordered pollo asado, which is Spanish for roast chicken.')).toBe(true)
    expect(asked?.defines('Pollo asado is Spanish for roast chicken.')).toBe(true)
    expect(asked?.defines('Pollo asado is responsible for half of the orders.')).toBe(false)
  })

  it('takes a line glossing the word asked in brackets after its gloss, a question or not', () => {
    const asked = definitionQuestion('what does acrophobia mean in the psychology handout')
    expect(asked?.keyLine('Are you afraid of high places (acrophobia)?')).toBe(true)
    expect(asked?.defines('People with a fear of heights (acrophobia) avoid ladders.')).toBe(true)
    // The word in brackets after one or two words, or another word glossed, is no gloss of it.
    expect(asked?.keyLine('See (acrophobia)')).toBe(false)
    expect(asked?.keyLine('Are you afraid of open spaces (agoraphobia)?')).toBe(false)
  })

  it("takes a glossary table's row spelling out the acronym asked, and saying what it is after", () => {
    const asked = definitionQuestion('what does SLA stand for')
    const row =
      'SLA | Service level agreement: the measurable standards of service a supplier commits to. (Term, Meaning)'
    expect(asked?.keyLine(row)).toBe(true)
    expect(asked?.defines(row)).toBe(true)
    expect(asked?.keyLine('SLA | See the contract: it sets the levels. (Term, Meaning)')).toBe(false)
  })

  it('takes a key\'s line spelling out the acronym asked ("RI = Reading for Information"), asked where or not', () => {
    for (const question of [
      'what does RI stand for',
      "what does RI stand for in ohio's ELA standards codes",
    ]) {
      const asked = definitionQuestion(question)
      expect(asked?.keyLine('RI = Reading for Information')).toBe(true)
      expect(asked?.keyLine('RI – Reading for Information')).toBe(true)
      expect(asked?.defines('RI = Reading for Information')).toBe(true)
      // Another key's line, and words that do not spell it.
      expect(asked?.keyLine('RL = Reading for Literature')).toBe(false)
      expect(asked?.keyLine('RI: see the appendix')).toBe(false)
    }
    // Asked where, the long form before the acronym defines it too.
    expect(
      definitionQuestion('what does AOA stand for in the 737 max AD')?.defines(
        'The angle of attack (AOA) sensor.',
      ),
    ).toBe(true)
  })

  it('takes "the term X is used to refer to…" and "the term X refers to…" as defining X', () => {
    const asked = definitionQuestion("whats 'shift work' mean in the shift work / family conflict paper")
    expect(asked?.subject).toEqual(['shift', 'work'])
    expect(
      asked?.defines(
        'The term “shift work” is used to refer to a way of organising the daily working hours.',
      ),
    ).toBe(true)
    expect(asked?.defines('The term shift work refers to hours worked in succession.')).toBe(true)
    expect(asked?.defines('The term of the shift work study was six months.')).toBe(false)
  })

  it('takes "A X verifies…", what any one X does, opening a sentence or after a glossary term, as defining X', () => {
    const what = "what is a reftest in mozilla's test frameworks"
    expect(defines(what, 'A reftest verifies that two web pages are rendered identically.')).toBe(true)
    expect(defines(what, 'reftest (R) A reftest verifies that two web pages are rendered identically.')).toBe(
      true,
    )
    expect(defines('what is a chunker', 'A chunker returns a stream of chunks.')).toBe(true)
    // A noun after X, not a verb: "A chunker results table", "A reftest suites runs".
    expect(defines('what is a chunker', 'A chunker results table follows.')).toBe(false)
    // X used in passing, or not opening its sentence.
    expect(defines(what, 'The browser has a reftest that verifies this.')).toBe(false)
    expect(defines(what, 'A reftest has two pages.')).toBe(false)
  })

  it('takes a definition in the plural for a term asked in the singular, and in the singular for a plural', () => {
    expect(
      defines('define covered entity', 'Covered entities are health plans and health care providers.'),
    ).toBe(true)
    expect(defines('what are covered entities', 'A covered entity is a health plan or a provider.')).toBe(
      true,
    )
    expect(defines('what is a lymph node', 'Lymph nodes are small glands that filter lymph.')).toBe(true)
    expect(defines('what are lymph nodes', 'A lymph node is a small gland.')).toBe(true)
    // Another word that only begins like it is not the term.
    expect(defines('what is an entity', 'Entitlements are benefits paid by law.')).toBe(false)
  })

  it('reads "the definition of X" and "X definition" as what is X, and a paper\'s "we call … the X" as defining it', () => {
    expect(definitionQuestion("what's the definition of density in the paper")?.subject).toEqual(['density'])
    expect(definitionQuestion('adu definition')?.subject).toEqual(['adu'])
    expect(definitionQuestion('phi meaning')?.subject).toEqual(['phi'])
    // Typed as keywords the other way round, or asked of what someone means.
    expect(definitionQuestion('meaning of root cause')?.subject).toEqual(['root', 'cause'])
    expect(definitionQuestion('definition of a root cause')?.subject).toEqual(['root', 'cause'])
    expect(definitionQuestion('what do they mean by saturation')?.subject).toEqual(['saturation'])
    expect(definitionQuestion('what does the author mean by hot loop')?.subject).toEqual(['hot', 'loop'])
    // A question about a definition's place is no keyword ask.
    expect(definitionQuestion('where is the definition')).toBeNull()
    const sentence = 'We call the fraction of non-zero adapter weights the density of an adapter.'
    expect(defines('what is density', sentence)).toBe(true)
    expect(defines('what is a fraction', sentence)).toBe(false)
    expect(defines('what is the core', 'We refer to this set of servers as the core.')).toBe(true)
    expect(
      defines('what is a trace tree', 'If LO has a compiled trace tree, we call LO as a nested trace tree.'),
    ).toBe(false)
  })
})
