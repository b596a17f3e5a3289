import { documentScope } from './documentScope'
import { originAsk } from './nameOrigin'
import { holdsPhrase } from './holdsPhrase'
import { tokenize } from './index/tokenize'
import { type QuestionPeriod, questionPeriods } from './questionPeriods'
import { AUXILIARY_VERBS, MEASURE_ADJECTIVES, SIZE_ADJECTIVES, WH_WORDS } from './questionWords'

/**
 * What a question asks and how, read once and shared by search, the extractive answerer and a model's
 * prompt (DESIGN.md section 12). The ask is what must be answered; instructions (a role to play, a unit,
 * rounding, "using the cash flow statement", "give a response by relying on...") shape the answer but
 * are never words the answer must contain.
 */
export interface QuestionUnderstanding {
  question: string
  /** The question without its instructions: what the answer must answer. */
  ask: string
  /** The clauses taken for instructions, as written. */
  instructions: string[]
  /** "USD millions", "percent", "billions": the unit the person wants the answer in, if said. */
  unit: string | null
  /** Decimal places asked for ("round to one decimal place": 1), if said. */
  decimals: number | null
  /**
   * Parts of a document the question names ("cash flow statement", "balance sheet", "risk factors
   * section"): evidence for passages under such a heading.
   */
  sections: string[]
  /** The periods the ask names, in one grammar for search and answers. */
  periods: QuestionPeriod[]
  /**
   * The ask's search terms (the search tokenizer's), period words replaced by their year ("fy2022" by
   * "2022"), without the words of a named section.
   */
  terms: string[]
  /**
   * Terms that name a thing (a capitalised word past the first, an acronym, a number): where a passage
   * mentions none of its forms, the documents are not about it.
   */
  names: string[]
  /**
   * Names written in capitals ("CEO", "EPS"): besides their own spelling, a passage names one by
   * words whose initials spell it ("Chief Executive Officer"), defined in the documents or not.
   */
  acronyms: string[]
  /**
   * Terms a follow-up's rewrite carried over from an earlier question ("and in dogs?" asked as "oral
   * bioavailability in dogs": oral, bioavailability), set by chat; the message's own words are what it
   * asks anew. Empty for a question that stands alone.
   */
  carried: string[]
  /**
   * Terms of the words that point at a document by its kind ("in the dmca summary": dmca, summary;
   * `documentScope`): they say where to look, and an answer need not repeat them.
   */
  scope: string[]
  /** The kind of answer asked for, from the question's shape. */
  wants: AnswerKind
  /** The ask is for a total ("total revenue", "in all", "overall"). */
  total: boolean
  /**
   * Terms of the ask that a defined term of the documents names another way: a passage holding every
   * word of one of `forms` holds `terms` ("ceo" for chief, executive, officer, and back).
   */
  aliases: TermAlias[]
}

/** Words of the question and the other forms the documents define for them. */
export interface TermAlias {
  terms: string[]
  forms: string[][]
  /**
   * Longer terms the documents define that hold a form ("junior accessory dwelling unit", "JADU", for
   * "accessory dwelling unit", "ADU"): the form inside one of them names the other term.
   */
  within?: string[][]
}

/**
 * The longer terms the documents define that hold a term's other form (`TermAlias.within`): "junior
 * accessory dwelling unit" for "adu".
 */
export function longerTerms(understanding: Pick<QuestionUnderstanding, 'aliases'>, term: string): string[][] {
  return understanding.aliases
    .filter(({ terms }) => terms.includes(term))
    .flatMap(({ within }) => within ?? [])
}

/** A defined term of a collection: a short form and the long form it stands for. */
export interface DefinedTerm {
  short: string
  long: string
}

export type AnswerKind = 'figure' | 'date' | 'person' | 'place' | 'other'

/**
 * "who is the fedramp guide for", "who is this course aimed at", "who is the intended audience": whom a
 * document is written for.
 */
export const AUDIENCE_ASK =
  /^\s*who\s+(?:is|are|was|were)\s+(?:.+\s+(?:for|aimed\s+at|meant\s+for|intended\s+for|written\s+for)|(?:the\s+)?(?:intended\s+|target\s+)?(?:audience|readers?|readership))\s*[?.!]*\s*$/iu

/**
 * "who should not take ibuprofen", "who can work remotely", "who is eligible for a grant", "who does the
 * policy apply to": the kinds of people a rule is for ("Office staff may…", "Do not take ibuprofen if you:" over its cases), not a name.
 */
export const RULE_PEOPLE_ASK =
  /^\s*who\s+(?:(?:should|can|must|may|could)(?:\s*n['’]?o?t)?|cannot|(?:is|are)\s+(?:not\s+)?(?:eligible|allowed|entitled|exempt|covered|permitted)|(?:does|do|will)\s+.+?\s+apply\s+to\s*[?.!]*$)/iu

/**
 * Openings of an instruction clause: an imperative about the answer or a role to take, never an ask.
 * A grammar of instructions, not of any subject: it knows nothing of finance or of any document.
 */
const INSTRUCTION =
  /^(?:please\s+)?(?:assume|imagine|suppose|pretend|act\s+as|you\s+are|as\s+an?\b|answer|respond|reply|give|provide|round|express|report|state|show|present|format|use|using|rely|relying|base|based\s+on|according\s+to|refer|consider|note|keep|be\s+(?:brief|concise|precise)|if\s+.+?\bthen\b|do\s+not|don't|only|make\s+sure|focus)\b/iu
/** Leading phrases that point at a source and then go on with the ask ("Using the balance sheet, what..."). */
const SOURCE_LEAD =
  /^(?:please\s+)?(?:(?:by\s+)?(?:primarily\s+)?(?:using|relying\s+on|based\s+on|according\s+to|referring\s+to|from|per|in|looking\s+at)\s+(?:the\s+)?(?:(?:information|details|data|figures)\s+(?:shown|given|presented|reported)\s+in\s+(?:the\s+)?)?[^,?]{1,60},\s*)/iu
/** Words that name a part of a document: "the X statement", "the Y section", "note 7". */
const PART =
  '(?:statements?|sheets?|sections?|chapters?|tables?|notes?|appendix|appendices|schedules?|exhibits?|parts?|reports?)'
/**
 * A part named after a preposition and "the": up to four words before the part's word ("the cash flow
 * statement"), none of them a joining word, so that "the balance sheet and the statement of income"
 * names two parts; and what a statement "of" is ("the statement of cash flows", "the statement of
 * financial position"), its words up to a joining word or the clause's end.
 */
const SECTION = new RegExp(
  `\\b(?:in|from|using|on|of|under|to|by|per|within|with|and|or|referencing)\\s+(?:(?:information|details|data|figures)\\s+(?:shown|given|presented|reported)\\s+in\\s+)?the\\s+((?:(?!(?:and|or|the|of)\\s)[\\p{L}&'’-]+\\s+){0,4}${PART}(?:\\s+of\\s+(?:the\\s+)?(?:(?!(?:and|or|the|to|in|for|as)\\b)[\\p{L}&'’-]+)(?:\\s+(?!(?:and|or|the|to|in|for|as)\\b)[\\p{L}&'’-]+){0,2})?)\\b`,
  'giu',
)
const UNIT =
  /\b(?:in|as|into)\s+((?:usd|us\s+dollars?|dollars?|eur|euros?|gbp|\$)?\s*(?:thousands?|millions?|billions?|trillions?|percent(?:age)?|%|basis\s+points|bps|dollars?|usd|eur|euros?)(?:\s+(?:of\s+)?(?:usd|dollars?|eur|euros?))?)\b/iu
/**
 * A unit of measure asked for at the end of the question ("…of a steam turbine, in degrees Celsius?"):
 * units are a closed class, as months are; the answer prints "565 °C", not the unit's name.
 */
const MEASURE =
  /,?\s+(?:in|as)\s+((?:degrees\s+)?(?:celsius|fahrenheit|kelvin)|kilomet(?:er|re)s|km|miles|met(?:er|re)s|feet|kilograms|kg|pounds|lbs|tonnes|tons|lit(?:er|re)s|gallons|hours|minutes|seconds|days|weeks|months)\s*([?.!]*)\s*$/iu
const DECIMALS =
  /\b(?:round(?:ed)?|to)\s+(?:(?:your|the)\s+answer\s+)?(?:to\s+)?(\w+)\s+decimal(?:\s+places?|s)?\b/iu
const NUMBER_WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, a: 1 }
const TOTAL = /\b(?:total|overall|in\s+all|altogether|combined|aggregate|consolidated)\b/iu

/**
 * "which profilers does the deck list", "what does the article say about…": the document asked about,
 * named by its kind alone. Kinds that are seldom a question's subject ("the policy", "the study" are
 * often what is asked about); a named one ("in the hbcu deck") is `documentScope`'s.
 */
const POINTER =
  /\b(?:the|this|that|your)\s+(deck|slides|article|paper|doc|document|pdf|file|piece|post|chapter|readme|presentation|writeup|transcript)\b/iu

/** Words that carry the shape of a question rather than its subject; the answer rarely repeats them. */
const HOW_MEASURE = new RegExp(String.raw`\bhow\s+(?:${MEASURE_ADJECTIVES})\b`, 'u')
const HOW_SIZE = new RegExp(String.raw`\bhow\s+(${SIZE_ADJECTIVES})\b`, 'iu')

export const QUESTION_SHAPE = new Set(
  (
    'many much long often far old year years name names named called type kind kinds example ' +
    'can could would should will may might must also one some according mentioned described say said ' +
    // "who shouldn't take it": an auxiliary's negation, as the tokenizer leaves it ("shouldn" and "t").
    'doesn didn isn aren wasn weren hasn hadn shouldn couldn wouldn mustn needn ' +
    'use used give given get make made become became happen happened take took amount value figure ' +
    // "how often is a talent review done": the passive's verb stands for any deed ("once a year").
    'done doing ' +
    // "when did pandoc first come out": a phrasal verb's particle is said of the asking, as its verb is.
    'come came out ' +
    // "which profilers does the deck list", "does it mention": what a document does, not its words.
    'number numbers list lists listed mention mentions ' +
    // "air cargo stuff leadership has to know about": words for anything at all, and what a question is about.
    'thing things stuff about ' +
    // "and the just 'good' option?", "what does it actually say": a hedge, said of the asking.
    'just actually really basically exactly'
  ).split(' '),
)

/** A question word typed without its apostrophe or misspelt ("whats", "wat", "hows"): no word of the ask. */
const TYPED_QUESTION_WORD = /^(?:whats|wats|wat|whos|wheres|whens|hows|whys)$/u

/**
 * Reads a question once: its ask, instructions, unit, rounding, named sections, periods and names;
 * `definedTerms` (the collection's, `definedTerms.ts`) give the ask's words their other forms.
 */
export function understandQuestion(
  question: string,
  definedTerms: readonly DefinedTerm[] = [],
): QuestionUnderstanding {
  const text = question.normalize('NFKC').replace(/\s+/gu, ' ').trim()
  const instructions: string[] = []
  const asks: string[] = []
  for (const clause of clauses(text)) {
    const lead = SOURCE_LEAD.exec(clause)
    const rest = lead ? clause.slice(lead[0].length) : clause
    if (lead && rest.trim() !== '') {
      instructions.push(lead[0].trim().replace(/,$/u, ''))
      asks.push(rest)
    } else if (INSTRUCTION.test(clause) && !/\?\s*$/u.test(clause)) {
      instructions.push(clause)
    } else {
      asks.push(clause)
    }
  }
  // Nothing but instructions ("Give the revenue for 2022."): the whole text is the ask.
  let ask = (asks.length > 0 ? asks.join(' ') : text).trim()
  const unitIn = (part: string) => UNIT.exec(part)?.[1]?.trim() ?? null
  // "(in USD millions)" inside the ask is an instruction too.
  const parenthesised = [...ask.matchAll(/\(([^()]*)\)/gu)].filter(
    ([, inner]) => inner && unitIn(` ${inner}`),
  )
  for (const [whole, inner] of parenthesised) {
    instructions.push(inner!)
    ask = ask.replace(whole, ' ')
  }
  // ", in degrees Celsius?" at the end says how to give the answer, not what it is about.
  const measure = MEASURE.exec(ask)
  if (measure && measure.index > 0) {
    instructions.push(`in ${measure[1]!}`)
    ask = `${ask.slice(0, measure.index)}${measure[2] ?? ''}`
  }
  ask = ask
    .replace(/\s+/gu, ' ')
    .replace(/\s+([?.,])/gu, '$1')
    .trim()
  const said = instructions.join('. ')
  const unit = unitIn(said) ?? null
  const decimalsWord = DECIMALS.exec(said)?.[1]?.toLowerCase()
  const decimals =
    decimalsWord === undefined
      ? null
      : /^\d+$/u.test(decimalsWord)
        ? Number(decimalsWord)
        : (NUMBER_WORDS[decimalsWord] ?? null)
  const sections = [
    ...new Set([...`${said} ${ask}`.matchAll(SECTION)].map((match) => match[1]!.toLowerCase())),
  ]
  const periods = questionPeriods(ask)
  const sectionTerms = new Set(sections.flatMap((section) => tokenize(section)))
  const periodWords = new Set(periods.flatMap((period) => period.words))
  // "…, per the guardian article": the document's name is searched for, the word pointing at it is not.
  const scoped = documentScope(ask, () => false)
  const terms = [
    ...new Set(
      tokenize(scoped ? `${scoped.rest} ${scoped.phrase}` : ask).flatMap((term) => {
        if (periodWords.has(term) || TYPED_QUESTION_WORD.test(term)) return []
        if (sectionTerms.has(term) && !/^\d/u.test(term)) return []
        return [term]
      }),
    ),
  ]
  for (const { year } of periods) if (year !== null && !terms.includes(year)) terms.push(year)
  // "how big can an ADU be": the adjective asks for a size, which a passage states without it.
  const sized = HOW_SIZE.exec(ask)?.[1]?.toLowerCase()
  if (sized !== undefined && terms.includes(sized)) terms.splice(terms.indexOf(sized), 1)
  // "R&D", "SG&A", "J&J": one acronym ("rd", "sga", "jj"), not single letters that match anything.
  const ampersands = [...ask.matchAll(/\b(\p{Lu}{1,3})&(\p{Lu}{1,3})\b/gu)].map(([, a, b]) =>
    `${a}${b}`.toLowerCase(),
  )
  for (const acronym of ampersands) {
    for (const letter of acronym) {
      const at = terms.indexOf(letter)
      if (at >= 0) terms.splice(at, 1)
    }
    if (!terms.includes(acronym)) terms.push(acronym)
  }
  return {
    question,
    ask,
    instructions,
    unit,
    decimals,
    sections,
    periods,
    terms,
    names: [
      ...nameTerms(ask, terms),
      ...ampersands.filter((acronym) => !nameTerms(ask, terms).includes(acronym)),
    ],
    acronyms: [
      ...new Set([
        ...[...ask.matchAll(/\b\p{Lu}{2,5}\b/gu)]
          .map(([word]) => word.toLowerCase())
          .filter((word) => terms.includes(word)),
        ...ampersands,
        // Typed in lower case ("pfizer's ceo"), an acronym the documents define in capitals.
        ...definedTerms
          .filter(({ short }) => /^\p{Lu}{2,5}$/u.test(short) && terms.includes(short.toLowerCase()))
          .map(({ short }) => short.toLowerCase()),
      ]),
    ],
    carried: [],
    scope: tokenize(scoped?.phrase ?? POINTER.exec(ask)?.[1] ?? ''),
    wants: answerKind(ask, periods.length > 0),
    total: TOTAL.test(ask),
    aliases: termAliases(terms, definedTerms),
  }
}

/**
 * The words of a frozen defined term's two forms, kept with it: a collection's terms are the same frozen
 * objects from search to search (`collectionTerms`), and tokenizing its 600 distinct terms again for every
 * question was about 2 ms of a page's search.
 */
const termWords = new WeakMap<DefinedTerm, { short: string[]; long: string[] }>()

function wordsOf(term: DefinedTerm): { short: string[]; long: string[] } {
  const known = termWords.get(term)
  if (known) return known
  const words = { short: tokenize(term.short), long: tokenize(term.long) }
  if (Object.isFrozen(term)) termWords.set(term, words)
  return words
}

/** The defined terms whose short or long form the ask uses, each with the other form as an alias. */
function termAliases(terms: readonly string[], definedTerms: readonly DefinedTerm[]): TermAlias[] {
  const aliases: TermAlias[] = []
  const has = (words: readonly string[]) => words.length > 0 && words.every((word) => terms.includes(word))
  for (const term of definedTerms) {
    const { short, long } = wordsOf(term)
    if (has(short)) {
      const within = definedTerms
        .map((other) => wordsOf(other).long)
        .filter((other) => other.length > long.length && holdsPhrase(other, long))
      aliases.push({ terms: [...short], forms: [[...long]], ...(within.length > 0 ? { within } : {}) })
    } else if (has(long)) aliases.push({ terms: [...long], forms: [[...short]] })
  }
  return aliases
}

/**
 * Sentences, and the parts of a sentence around a colon that introduces the ask ("Answer the
 * following question...: What is..."). Decimal points and "U.S." do not split.
 */
function clauses(text: string): string[] {
  return text
    .split(/(?<=[?!])\s+|(?<=[^\s.]{3}\.)\s+(?=\p{Lu})/u)
    .flatMap((sentence) => {
      const colon = sentence.indexOf(': ')
      const lead = colon > 0 ? sentence.slice(0, colon + 1) : ''
      return lead !== '' && INSTRUCTION.test(lead) ? [lead, sentence.slice(colon + 2)] : [sentence]
    })
    .map((part) => part.trim())
    .filter((part) => part !== '')
}

/**
 * A question word or an imperative that opens a request ("Describe…", "List…"): where the ask has one,
 * its first word is capitalised as a sentence's first word is; where it has none ("Tesla deliveries
 * 2021", "Nike revenue FY21"), the ask is typed as keywords and a capitalised first word is a name.
 */
const SENTENCE_ASK = new RegExp(
  String.raw`^(?:\S+\s+)*?(?:${WH_WORDS}|${AUXILIARY_VERBS})\b|^(?:describe|explain|list|give|define|tell|show|summari[sz]e|compare|name|find|provide|calculate|compute|identify|state)\b`,
  'iu',
)

/**
 * Terms the ask uses as names: capitalised past its first word (or the first word of a keyword
 * query), written in capitals, or numbers.
 */
function nameTerms(ask: string, terms: readonly string[]): string[] {
  const names = new Set<string>()
  const words = [...ask.matchAll(/[\p{L}\p{N}&'’.-]+/gu)].map((match) => match[0])
  const keywords = !SENTENCE_ASK.test(ask)
  words.forEach((word, i) => {
    const bare = word.replace(/^['’.-]+|['’.-]+$/gu, '')
    const capitalised = /^\p{Lu}/u.test(bare) && (i > 0 || keywords || /^\p{Lu}{2,}/u.test(bare))
    const numeric = /^\d/u.test(bare) && !/^\d$/u.test(bare)
    if (!capitalised && !numeric) return
    for (const term of tokenize(bare)) if (terms.includes(term) && !QUESTION_SHAPE.has(term)) names.add(term)
  })
  return [...names]
}

/** "which firefox version…", "what release of X…", "min python version": a question asking for a version. */
export const VERSION_ASK =
  /\b(?:which|what|min(?:imum)?|max(?:imum)?|latest|required|oldest|newest)\s+(?:[\p{L}\p{N}.+#-]+\s+){0,2}(?:version|release)s?\b/iu

function answerKind(ask: string, namesPeriod: boolean): AnswerKind {
  const lower = ask.toLowerCase()
  if (
    /^(?:when|what\s+(?:year|date|day|month|time)|in\s+what\s+year|which\s+(?:year|date|day|month))\b/u.test(
      lower,
    )
  )
    return 'date'
  // "who is the fedramp guide for": its readers, said as a kind of people ("tool developers"), not a name.
  if (AUDIENCE_ASK.test(lower) || RULE_PEOPLE_ASK.test(lower)) return 'other'
  // "where does the name mozilla come from": what the name is made of or after, no place.
  if (originAsk(lower)) return 'other'
  if (
    /^(?:who|whom|whose|which\s+(?:person|people|company|firm|auditor))\b|\bwho\s+(?:is|was|are)\b/u.test(
      lower,
    )
  )
    return 'person'
  if (
    /^(?:where|in\s+what\s+(?:city|country|state|place)|which\s+(?:city|country|state|place))\b/u.test(
      lower,
    ) ||
    // Typed as keywords, the last word names the kind: "Netflix headquarters city".
    (!/^(?:what|which|who|how|why|when|is|are|was|were|do|does|did)\b/u.test(lower) &&
      /\b(?:city|country|state|town|location)\s*\??$/u.test(lower))
  )
    return 'place'
  if (
    /\b(?:how\s+(?:much|many)|what\s+(?:was|is|were|are)\s+(?:the\s+)?(?:total\s+)?(?:amount|number|value|percentage|share|ratio|rate|size|price|cost))\b/u.test(
      lower,
    ) ||
    // "how big can an ADU be", "how deep can it dig": a measure is a figure.
    HOW_MEASURE.test(lower)
  )
    return 'figure'
  // "min python version needed", "which node version": a version is a number.
  if (VERSION_ASK.test(lower)) return 'figure'
  // "Nike revenue fiscal 2021", "What was Boeing's total revenue in 2022?": a quantity in a period.
  if (namesPeriod && !/^(?:why|how\s+(?:did|does|do|is|was|can|could|would))\b/u.test(lower)) return 'figure'
  return 'other'
}
