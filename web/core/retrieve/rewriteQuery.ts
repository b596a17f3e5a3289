import { type QueryWord, queryWords } from './queryWords'
import { namesIn, subjectOf } from './subjectOf'

/** A turn of the conversation so far, oldest first (a `ChatTurn` fits). */
export interface RewriteTurn {
  role: 'user' | 'assistant' | 'system'
  content: string
}

/** Pronouns that point back at something named earlier; "personal" ones at a person. */
const PERSONAL = new Set(['he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself'])
/** After a "who" question, "they" are the people its answer named. */
const PLURAL_PERSONAL = new Set(['they', 'them', 'their', 'theirs'])
const ANAPHORS = new Set([
  ...PERSONAL,
  'it',
  'its',
  "it's",
  'itself',
  'they',
  'them',
  'their',
  'theirs',
  'themselves',
  'this',
  'these',
  'those',
  'that',
  'there',
])
/** After these, "that" is a pronoun or determiner ("what is that", "about that treaty"), not "the X that Y". */
const BEFORE_DEICTIC_THAT = new Set(
  'is was are were be about of in on at does do did with for like to from by after before than into through during'.split(
    ' ',
  ),
)
/** "there" after or before these is existential ("are there", "there were"), not a place. */
const EXISTENTIAL = new Set(['is', 'are', 'was', 'were', 'be', 'been', "'s", 'will'])
/** Openings that make a message lean on the one before ("what about ...", "and ..."). */
const MARKER =
  /^(?:(?:and|but|so|ok|okay|also|then)[\s,]+)*(?:what about|how about|what of|and what about|same for|same with|tell me more about|more about|what else about)?\s*/iu
const STARTS_WITH_MARKER =
  /^(and|but|so|also|then|what about|how about|what of|same for|same with|tell me more|more|go on|continue|what else|why not)\b/iu
/** "give me an example", "for instance?", "like what?": an example of what the question before asked of. */
export const EXAMPLE_ASKED =
  /^(?:(?:ok|okay|so|can you|could you)\s+)?(?:(?:give|show)\s+(?:me\s+)?(?:an?|some|another)\s+examples?|examples?|any examples?|for (?:example|instance)|like what|such as)(?:\s+please)?[\s?.!]*$/iu
/** Words a fragment starts with ("the second one?", "in 2010?", "for Chrome?"). */
const FRAGMENT_START = new Set(
  'the a an in on at for during after before with from by since until first second third last next previous other another only'.split(
    ' ',
  ),
)
const WH = /^(what|who|whom|whose|when|where|why|how|which)\b/iu
/** A follow-up that is a condition alone ("and if I didn't have wages?"), and a question's own. */
const CONDITION = /^(?:if|unless)\s/iu
const TRAILING_CONDITION = /,?\s+(?:if|unless)\s.*$/iu
/** A follow-up that is a phrase naming a group or a case alone: "and for the ones not using ai?". */
const GROUP = /^(?:for|among|with|without)\s/iu
const FRAGMENT_MAX_WORDS = 4
/** Earlier user turns read to follow the subject: enough for any conversation a person follows. */
const MAX_USER_TURNS = 8
const MAX_QUERIES = 3

/**
 * The queries to search for `question` in a conversation, the one that best stands alone first.
 *
 * A self-contained question comes back alone and unchanged. A follow-up is rewritten with the
 * subject carried over, and the question as asked is searched too (it may already be enough, and a
 * wrong guess then costs nothing). A follow-up is a message that
 * - points back: it, its, they, their, this, those, he, she, there (not "is there"), "that" used
 *   as a pronoun ("what is that", not "the king that signed"),
 * - leans on the one before: "what about ...", "and ...", "tell me more", "why?",
 * - or is a fragment: no content words at all, or at most four words starting with an article,
 *   preposition or ordinal ("the second one?", "in 2010?").
 *
 * The subject comes from the user's own earlier questions, latest first, each resolved against the
 * ones before it (so "its second version" then "when was it released?" stays on the second
 * version); `subjectOf` reads names, else content words. The assistant's last answer is only a
 * weaker source: used when the user never named anything, or for he/she after a "who" question,
 * where the person is the answer ("Who founded X?" "When was he born?"); that rewrite then comes
 * first and the user-subject one second.
 *
 * How it rewrites: a pronoun is replaced by the subject ("When was it released?" -> "When was
 * Firefox released?"); a bare "why?"/"when?" takes over the previous question ("Where was Tesla
 * born?" "When?" -> "When was Tesla born?"); "what about Chrome?" after "What is the market share of
 * Firefox?" asks the same of the new name ("Chrome market share"); anything else is prefixed with
 * the subject ("the second version?" -> "Firefox the second version?"); a condition alone ("and if I
 * had no wages?") replaces the previous question's ("when is it due if I got wages?" -> "when is it
 * due if I had no wages?"). Rules, no model: a pronoun
 * that points at something other than the last subject gets the wrong one, and the original
 * question is searched too for that reason.
 */
export function rewriteQuery(question: string, history: readonly RewriteTurn[]): string[] {
  const asked = question.normalize('NFKC').replace(/\s+/gu, ' ').trim()
  if (asked === '') return [question]
  const turns = history.filter((turn) => turn.role !== 'system' && turn.content.trim() !== '')
  // A host may pass the history with the question already in it.
  const last = turns.at(-1)
  if (last?.role === 'user' && last.content.normalize('NFKC').replace(/\s+/gu, ' ').trim() === asked)
    turns.pop()
  if (turns.length === 0 || !isFollowUp(asked)) return [asked]

  const { subject, previous } = conversationSubject(turns)
  const answer = turns.findLast((turn) => turn.role === 'assistant')
  const opening = answer ? firstSentences(answer.content) : ''
  const answerSubject = opening ? subjectOf(opening) : ''
  const queries: string[] = []
  const pronoun = firstAnaphor(queryWords(asked))
  // "who programmed it before Ellen Fetter took over?": the answer names Fetter too, but she is not who was asked for.
  const askedWords = new Set(queryWords(previous).map((word) => word.lower))
  const person = namesIn(opening).find(
    (name) => !queryWords(name).every((word) => askedWords.has(word.lower)),
  )
  // "who gave the talk?" "what university are they from?": they are the people the answer named.
  const personal = pronoun && (PERSONAL.has(pronoun.lower) || PLURAL_PERSONAL.has(pronoun.lower))
  if (person && personal && WH.exec(previous)?.[1]?.toLowerCase() === 'who') {
    queries.push(resolve(asked, person, previous))
  }
  if (subject) queries.push(resolve(asked, subject, previous))
  else if (answerSubject) queries.push(resolve(asked, answerSubject, ''))
  queries.push(asked)
  return dedupe(queries).slice(0, MAX_QUERIES)
}

/** Whether the message needs the conversation before it to make sense (see `rewriteQuery`). */
export function isFollowUp(message: string): boolean {
  const text = message.normalize('NFKC').trim()
  const words = queryWords(text)
  if (words.length === 0) return false
  if (firstAnaphor(words)) return true
  if (STARTS_WITH_MARKER.test(text) || EXAMPLE_ASKED.test(text)) return true
  // Nothing named: "why?", "how many?", "explain please".
  if (subjectOf(text) === '') return true
  const first = words[0]!.lower
  return words.length <= FRAGMENT_MAX_WORDS && FRAGMENT_START.has(first)
}

/**
 * The subject of the conversation after the user's turns, and the last user question resolved
 * against the ones before it (what a bare "why?" re-asks).
 */
function conversationSubject(turns: readonly RewriteTurn[]): { subject: string; previous: string } {
  let subject = ''
  let previous = ''
  const userTurns = turns.filter((turn) => turn.role === 'user').slice(-MAX_USER_TURNS)
  for (const turn of userTurns) {
    const text = turn.content.normalize('NFKC').replace(/\s+/gu, ' ').trim()
    const resolved = subject && isFollowUp(text) ? resolve(text, subject, previous) : text
    const named = subjectOf(resolved)
    // A greeting or "tell me more" names nothing: the subject stays what it was.
    if (named) {
      subject = named
      previous = resolved
    }
  }
  return { subject, previous }
}

/** The follow-up `text` made to stand alone with `subject` (see `rewriteQuery` for the cases). */
function resolve(text: string, subject: string, previous: string): string {
  const rest = text.replace(MARKER, '').trim()
  if (mentionsAll(text, subject)) {
    // "what share of people using AI wanted…?" "and for the ones not using ai?": it names the subject,
    // but asks the question before of another group, a phrase the question before goes on with.
    if (previous && rest !== text && GROUP.test(rest))
      return tidy(`${previous.replace(/[?!.]+$/u, '')} ${rest}`)
    return text
  }
  // "when is it due if I got wages?" "and if I didn't?": the same question on the new condition (whose
  // pronouns stay: the previous question names the subject).
  if (previous && CONDITION.test(rest)) {
    const asked = previous.replace(/[?!.]+$/u, '').replace(TRAILING_CONDITION, '')
    return tidy(`${asked} ${rest}`)
  }
  const words = queryWords(rest)
  if (firstAnaphor(words)) return tidy(replaceAnaphors(rest, words, subject))
  const named = subjectOf(rest)
  if (!named) {
    // "why?", "when?", "tell me more": the previous question again, asked the new way.
    if (!previous) return tidy(`${rest} ${subject}`)
    const wh = WH.exec(rest)?.[1]
    return tidy(wh ? `${wh} ${previous.replace(WH, '').trim()}` : previous)
  }
  if (rest !== text && words.some((word) => word.capitalised) && !mentionsAll(subject, named)) {
    // "what about Chrome?": the same question about a new name, so keep what the last one asked.
    const asked = queryWords(previous)
      .filter((word) => word.content && !mentionsAll(subject, word.text) && !WH.test(word.text))
      .map((word) => word.text)
    return tidy([rest.replace(/[?!.]+$/u, ''), ...asked].join(' '))
  }
  // "and who's the project director?": a whole question keeps its shape (who asks for a person), the
  // subject after it; a fragment ("the second version?") gets the subject before it.
  if (WH.test(rest)) return tidy(`${rest.replace(/[?!.]+$/u, '')} ${subject}`)
  return tidy(`${subject} ${rest}`)
}

/** The first word pointing back, with "that" and "there" only where they do (see `ANAPHORS`). */
function firstAnaphor(words: readonly QueryWord[]): QueryWord | undefined {
  return words.find((word, i) => isAnaphor(words, i))
}

function isAnaphor(words: readonly QueryWord[], i: number): boolean {
  const word = words[i]!
  if (!ANAPHORS.has(word.lower)) return false
  const before = words[i - 1]?.lower
  const after = words[i + 1]?.lower
  if (word.lower === 'that') return i === 0 || after === undefined || BEFORE_DEICTIC_THAT.has(before ?? '')
  if (word.lower === 'there') return !EXISTENTIAL.has(before ?? '') && !EXISTENTIAL.has(after ?? '')
  return true
}

/** The first anaphor becomes the subject, later ones go (the subject is named once). */
function replaceAnaphors(text: string, words: readonly QueryWord[], subject: string): string {
  let result = ''
  let cursor = 0
  let replaced = false
  words.forEach((word, i) => {
    if (!isAnaphor(words, i)) return
    // "this treaty" -> "Edict of Nantes treaty", "its version" -> "Firefox version".
    result += text.slice(cursor, word.start) + (replaced ? '' : subject)
    replaced = true
    cursor = word.end
  })
  return result + text.slice(cursor)
}

function mentionsAll(text: string, phrase: string): boolean {
  const present = new Set(queryWords(text).map((word) => word.lower))
  const wanted = queryWords(phrase).filter((word) => word.content)
  return wanted.length > 0 && wanted.every((word) => present.has(word.lower))
}

/** An answer's opening: where an answer names what it is about (citations like [1] removed). */
function firstSentences(answer: string): string {
  return answer
    .normalize('NFKC')
    .replace(/\[\d+(?:\s*,\s*\d+)*\]/gu, ' ')
    .split(/(?<=[.!?])\s+/u)
    .slice(0, 2)
    .join(' ')
}

function tidy(text: string): string {
  return text
    .replace(/\s+([,?!.])/gu, '$1')
    .replace(/\s+/gu, ' ')
    .trim()
}

function dedupe(queries: readonly string[]): string[] {
  const seen = new Set<string>()
  return queries.filter((query) => {
    const key = query.toLowerCase()
    if (query === '' || seen.has(key)) return false
    seen.add(key)
    return true
  })
}
