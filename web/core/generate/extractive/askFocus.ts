import { tokenize } from '../../retrieve/index/tokenize'
import { QUESTION_SHAPE } from '../../retrieve/understandQuestion'
import { AUXILIARY_VERBS } from '../../retrieve/questionWords'
import { knownWord } from '../../retrieve/englishReader'
import { isDocumentKind } from '../../retrieve/documentScope'

/**
 * What a question asks for, named as a noun between its question word and its verb: "how many
 * EMPLOYEES does Dropbox have", "what python VERSION do I need", "what DOSE of abemaciclib is
 * recommended", "which aws REGION does…". The search term of that noun (the last word of the phrase,
 * or the word before its "of" or "to"), or null when the question names none ("how do I…", "what does X
 * use…") or names only a word of a question's shape ("what year", "what type of"). Where no passage
 * names it in any form, the documents do not hold the answer, however many of the other words they
 * share (DESIGN.md section 12: a candidate of the asked kind). English word order only.
 */
export function askFocus(ask: string): string | null {
  const match = FOCUS.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())
  const phrase = match?.[1]?.trim()
  if (!phrase) return null
  const words = phrase.split(' ')
  // "what dose OF abemaciclib", "what ways TO customize firefox": the noun before its modifier.
  const of = words.findIndex((word) => word === 'of' || word === 'to')
  if (of === 0) return null
  const head = of > 0 ? words[of - 1]! : words.at(-1)!
  const term = tokenize(head)[0]
  return term !== undefined && !QUESTION_SHAPE.has(term) && !/^\d/u.test(term) ? term : null
}

/**
 * The word that qualifies a list's general noun ("what are the ELIGIBILITY requirements for remote work",
 * "list the SECURITY rules"): the requirements, rules or steps are of the thing it names, which a section's
 * heading names ("4. Eligibility", "7. Security") where its items never repeat the general noun. Its
 * search term, or null when the ask is of no such shape. English word order only.
 */
export function listedFocus(ask: string): string | null {
  const qualifier = LISTED.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())?.[1]
  const term = qualifier === undefined ? undefined : tokenize(qualifier)[0]
  return term !== undefined && !QUESTION_SHAPE.has(term) ? term : null
}

/** Nouns that name a list of any matter: what the list is of is the word before. A closed class. */
const LIST_NOUNS =
  'requirements|rules|criteria|conditions|guidelines|steps|procedures|responsibilities|obligations|duties|limits|restrictions|terms'

/**
 * Whether a focus (`askFocus`) is a noun for a list of any matter ("what CRITERIA does the review
 * score"): a document lists them without the word ("The review scores delivery, quality, price…").
 */
export function generalListNoun(term: string): boolean {
  return GENERAL_LIST_NOUN.test(term)
}
const GENERAL_LIST_NOUN = new RegExp(`^(?:${LIST_NOUNS})$`, 'u')
const LISTED = new RegExp(
  String.raw`^(?:what\s+(?:are|were)\s+the|list\s+(?:all\s+)?the|name\s+the|tell\s+me\s+the)\s+([\p{L}-]+)\s+(?:${LIST_NOUNS})\b`,
  'u',
)

/**
 * The focus (`askFocus`) when the question asks it of a thing it names after "of" ("what DOSE of
 * abemaciclib is recommended", "how many EMPLOYEES of Diageo…"): a measure or a part of that thing, which
 * a passage answering names. A common word after "of" makes the phrase a category whose instances answer
 * ("what genre of music": "folk-rock"), so the thing must be a name: capitalised as typed, or a word the
 * English lexicon does not list. Null otherwise.
 */
export function focusOfThing(ask: string): string | null {
  const typed = ask.replace(/\s+/gu, ' ').trim()
  const match = FOCUS.exec(typed.toLowerCase())
  if (!match?.[1]) return null
  // The phrase as typed, for its capitals.
  const start = match[0].indexOf(match[1])
  const words = typed
    .slice(start, start + match[1].length)
    .trim()
    .split(' ')
  const of = words.findIndex((word) => word.toLowerCase() === 'of')
  const thing = words[of + 1]
  if (of <= 0 || thing === undefined) return null
  const named = /^\p{Lu}/u.test(thing) || !knownWord(thing.toLowerCase())
  return named ? askFocus(ask) : null
}

const FOCUS = new RegExp(
  String.raw`^(?:what|which|how\s+many|how\s+much)\s+((?:(?!(?:${AUXILIARY_VERBS})\b)[\p{L}\p{N}'’-]+\s+){1,4}?)(?:${AUXILIARY_VERBS})\b`,
  'u',
)

/**
 * What a question asks of something it names, as a noun before the preposition that names it: "what's
 * the average TUITION at HBCUs", "what is the DOSE of abemaciclib", "what was the REVENUE in 2021".
 * The search term of that noun, or null when the question has no such shape or names only a word of a
 * question's shape ("what is the name of", "what was the number of"). English word order only.
 */
export function askedAttribute(ask: string): string | null {
  return attributeOf(ask)?.attribute ?? null
}

/**
 * The noun a question asks of something (`askedAttribute`) and the search terms of that something,
 * the words after its preposition: "what is the TUITION for MATH 260" -> tuition, [math, 260].
 */
export function attributeOf(ask: string): { attribute: string; of: string[] } | null {
  const match = ATTRIBUTE.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())
  // "the LOAN period for books": a span's noun names no attribute of its own (`GENERIC_THING`).
  const head = match?.[1]
    ?.split(' ')
    .filter((word) => !GENERIC_THING.has(word))
    .at(-1)
  const term = head === undefined ? undefined : tokenize(head)[0]
  if (term === undefined || QUESTION_SHAPE.has(term) || /^\d/u.test(term)) return null
  return { attribute: term, of: tokenize(match?.[2] ?? '').filter((word) => !QUESTION_SHAPE.has(word)) }
}

const ATTRIBUTE =
  /^(?:what|whats|what['’]s)\s+(?:(?:is|are|was|were)\s+)?(?:the|an?)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:of|at|in|for|on)\s(.*)$/u

/**
 * The role a "who" question asks of something and that something's search terms: "who is the PRESIDENT
 * of the GREENWATCH TEAM" -> president, [greenwatch, team]. Null for any other shape.
 */
export function roleOf(ask: string): { attribute: string; of: string[] } | null {
  return attributeOf(ask.replace(WHO, 'what '))
}

const WHO = /^(?:who|whos|who['’]s)\s+/iu

/**
 * What a "who did it" question asks was done and the search terms of what it was done to: "who FUNDED the
 * BROADBAND SUMMIT" -> funded, [broadband, summit]; the words for a document ("the talk") left out. Null
 * for any other shape. English past tenses in "-ed" only.
 */
export function deedOf(ask: string): { attribute: string; of: string[] } | null {
  const match = DEED.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())
  const verb = match?.[1] === undefined ? undefined : tokenize(match[1])[0]
  if (verb === undefined) return null
  const of = tokenize(match![2]!).filter((word) => !QUESTION_SHAPE.has(word) && !isDocumentKind(word))
  return of.length > 0 ? { attribute: verb, of } : null
}

const DEED = /^who\s+(\p{L}{3,}ed)\s+(?:the\s+|an?\s+|this\s+|that\s+)?(.+?)\s*[?.!]*$/u

/**
 * The means or setting a question ends on ("how do i run ocrmypdf IN DOCKER", "install it ON WINDOWS",
 * "parse it WITH PYTHON"): the search term of the last word, after its preposition. Where no passage
 * names it, the documents say nothing of doing it that way. Null when the ask ends otherwise, or on a
 * number or a word of a question's shape. English word order only.
 */
export function askedMeans(ask: string): string | null {
  const match = MEANS.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())
  const term = match?.[1] === undefined ? undefined : tokenize(match[1])[0]
  return term !== undefined && !QUESTION_SHAPE.has(term) && !/^\d/u.test(term) ? term : null
}

const MEANS =
  /^(?:how|can|could|is|does|do)\b.*\s(?:in|on|with|using|via|inside)\s+(?:an?\s+|the\s+)?(\p{L}[\p{L}\p{N}-]*)\s*[?.!]*$/u

/**
 * The words of the thing a question asks of something, its modifiers with its noun: "what is the
 * CORPORATION TAX RATE", "what is diageo's SHARE PRICE", "who is the CEO of diageo", "what is the SIDE
 * EFFECT of sitagliptin", "when is the SUBMISSION DEADLINE for the journal", "how many PARKING SPACES does the
 * apartment have". Search terms, shape words
 * left out; null when the question has none of these
 * shapes. Where a passage names none of one of these words, the documents do not say it: "share" alone
 * (in "share feedback") is no share price.
 */
export function askedThing(ask: string): string[] | null {
  const text = ask
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/[?.!]+$/u, '')
    .trim()
  const phrase =
    THING_OF.exec(text)?.[1] ??
    THING_OWNED.exec(text)?.[1] ??
    THING.exec(text)?.[1] ??
    THING_CLAUSE.exec(text)?.[1] ??
    THING_WHEN.exec(text)?.[1] ??
    THING_PRICE.exec(text)?.[1] ??
    THING_COUNTED.exec(text)?.[1] ??
    THING_MANY.exec(text)?.[1] ??
    THING_HAD.exec(text)?.[1]
  if (!phrase) return null
  const words = tokenize(phrase).filter(
    (word) =>
      !QUESTION_SHAPE.has(word) && !GENERIC_THING.has(word) && !EMPHASIS.has(word) && !/^\d/u.test(word),
  )
  return words.length > 0 ? words : null
}

/**
 * Words that stress the thing asked rather than name it: "the main use case for minisearch" is asked of a
 * README's "A prominent use-case is…", which need not print "main".
 */
const EMPHASIS = new Set(['main'])

/**
 * Nouns that name no thing of their own ("the term for…", "the way in which…"): the rest of the question
 * does. So do a span's ("the loan period", "the notice period": "lent for three weeks", "four weeks' notice"),
 * and a group's members ("the team members": a deck's "Team 7: Alice Chen, …"), and a plan's phases.
 */
const GENERIC_THING = new Set([
  'member',
  'members',
  'period',
  'duration',
  // "the design phase": a plan's "Design: March to April".
  'phase',
  'phases',
  'stage',
  'stages',
  'term',
  'terms',
  'way',
  'ways',
  'thing',
  'things',
  'part',
  'parts',
  'word',
  'words',
])
const THING_OF =
  /^(?:what|whats|what['’]s|who|whos|who['’]s|when|where)\s+(?:(?:is|are|was|were)\s+)?(?:the|an?)\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:of|at|in|for|on|under)\s/u
const THING_OWNED =
  /^(?:what|whats|what['’]s|who|whos|who['’]s)\s+(?:(?:is|are|was|were)\s+)?(?:[\p{L}\p{N}-]+\s+){0,2}[\p{L}\p{N}-]+(?:['’]s|s['’])\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)$/u
const THING =
  /^(?:what|whats|what['’]s)\s+(?:(?:is|are|was|were)\s+)?the\s+((?:[\p{L}-]+\s+){1,2}[\p{L}-]+)$/u
/** "how many days of ANNUAL LEAVE do employees get": the thing a count is of. */
const THING_COUNTED =
  /^how\s+many\s+[\p{L}-]+\s+of\s+((?:[\p{L}-]+\s+){0,2}?[\p{L}-]+)\s+(?:do|does|did|is|are|was|were|can|could|will|would|should|have|has|had)\s/u
/**
 * "how many PARKING SPACES does the apartment have": a count of a thing named in two or three words (one
 * alone, "how many employees", is `askFocus`'s).
 */
const THING_MANY =
  /^how\s+many\s+((?:(?!of\s)[\p{L}-]+\s+){1,2}[\p{L}-]+)\s+(?:do|does|did|is|are|was|were|can|could|will|would|should|have|has|had)\s/u
/** "does the aero 14 have a TOUCHSCREEN", "does it come with a CASE": what a yes or no asks a thing has. */
const THING_HAD =
  /^(?:does|do|did|will|can)\s+(?:the\s+|this\s+|it\s+)?(?:[\p{L}\p{N}-]+\s+){0,3}?(?:have|has|come\s+with|include|offer)\s+(?:an?\s+|any\s+|the\s+)?((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)$/u
/** "how much is the LEASE RENEWAL FEE", "how much does the PET DEPOSIT cost": what a thing of its words costs. */
const THING_PRICE =
  /^how\s+much\s+(?:is|was|are|were|does|do|did|will)\s+(?:the|an?)\s+((?:[\p{L}-]+\s+){1,2}?[\p{L}-]+?)(?:\s+(?:cost|costs|be))?$/u
/** "when is the PTA CHRISTMAS FAIR", "where is the ANNUAL MEETING": when or where a thing of its words is. */
const THING_WHEN =
  /^(?:when|where)\s+(?:is|was|are|were|will)\s+(?:the\s+)?((?:[\p{L}-]+\s+){1,3}[\p{L}-]+)$/u
/** "what's the MAX FILE SIZE markitdown can handle": the thing, then a clause of what is said of it. */
const THING_CLAUSE =
  /^(?:what|whats|what['’]s)\s+(?:(?:is|are|was|were)\s+)?the\s+((?:[\p{L}-]+\s+){1,2}[\p{L}-]+)\s+(?:that\s+|which\s+)?[\p{L}\p{N}-]+\s+(?:can|could|will|would|should|may|might|must|does|do|did|has|have|had)\s/u
