import { DOCUMENT_KIND } from '../../retrieve/documentScope'
import { definedAfterQuote } from './definedAfterQuote'
import { OPENING_PRONOUN } from './openingPronoun'
import type { ScoredSentence } from './scoreSentences'

const MAX_SENTENCES = 3
/** A further sentence must score nearly as well as the best one: supporting, not merely related. */
const FOLLOWER_RATIO = 0.8
/** A sentence holding the kind of answer asked may score this much less than the best one and go with it. */
const KIND_FOLLOWER_RATIO = 0.6
/** Total length of the quoted sentences; the first is always quoted, clipped if it alone is longer. */
const MAX_CHARS = 600
/** Sentences sharing this much of their vocabulary say the same thing (chunk overlap repeats text). */
const DUPLICATE_OVERLAP = 0.6

/**
 * The sentences to quote: the best one if it covers `minCoverage` of the question, then up to two more
 * that score nearly as well, contain a question term (or a better form of one) that the sentences
 * already taken lack, are no repeat of one and fit the length budget. A sentence that refers back to
 * the best one goes with it: the one before when the best opens with a pronoun, the one after when it
 * goes on about what the best one names and the best lacks the kind of answer asked. A further
 * sentence that only says the same words again adds length, not answer: "What is a side exit?" gets one sentence. Returned
 * in reading order: grouped by source (the source of the best sentence first), each group in
 * document order. Empty when nothing answers the question.
 */
export function pickAnswer(
  ranked: readonly ScoredSentence[],
  minCoverage: number,
  /** Whether a sentence going on from the best may join it; not for "what is X?", whose definition is whole. */
  goOn = true,
  /** The ask is how something works (`howItWorks`): the sentences after the best explain it. */
  explain = false,
): ScoredSentence[] {
  // "how often is a talent review done": of the sentences that hold as much of the question, the one
  // holding the kind of answer asked ("… once a year") answers; the others only say more of its words.
  // A command ("DELETE /api/delete") is a how-to's answer as it stands.
  const top = ranked[0]
  const best =
    top && !top.holdsKind && !top.sentence.command
      ? (ranked.find((item) => item.holdsKind && item.coverage >= top.coverage) ?? top)
      : top
  if (!best || best.coverage < minCoverage) return []
  const chosen = [best]
  let length = Math.min(best.sentence.text.length, MAX_CHARS)
  const fits = (candidate: ScoredSentence) => length + candidate.sentence.text.length <= MAX_CHARS
  const take = (candidate: ScoredSentence | undefined) => {
    if (!candidate || chosen.includes(candidate) || !fits(candidate)) return
    chosen.push(candidate)
    length += candidate.sentence.text.length
  }
  if (!best.holdsKind) {
    // The best match repeats the question's words without what it asks for (a number for "how
    // many", a name for "who"): the sentence that holds it, if it nearly matches, goes with it. In the
    // best match's own passage it may share fewer of the question's words: a form's next field ("6.
    // Estimated amount payable to the contractor: $3,148,800.00" under the field naming the machines).
    const holder = ranked.find(
      (candidate) =>
        candidate.holdsKind &&
        (candidate.coverage >= minCoverage || candidate.sentence.source === best.sentence.source) &&
        candidate.score >= best.score * KIND_FOLLOWER_RATIO &&
        !repeats(best, candidate) &&
        fits(candidate),
    )
    // Or it is said a sentence or two after one nearly as good, in its passage, in fewer of the
    // question's words: "Tasks ready for execution are periodically polled by the Store Consumer… Currently,
    // we have calibrated ATF to poll for ready tasks once every two seconds."
    take(holder ?? heldNearby(ranked, best, fits))
  }
  take(referredTo(ranked, best))
  // A sentence is shown with the command after it that does what it says ("You can ask OCRmyPDF to
  // only OCR certain pages." / "ocrmypdf --pages 2,3 in.pdf out.pdf"), and a command with the ones
  // beside it: the examples of one how-to.
  for (const command of commandsBeside(ranked, best)) take(command)
  // The sentence after it may go on about what it names ("…a company in Tesla's name, Tesla Electric
  // Light & Manufacturing. The company installed…"): where the best match lacks the kind of answer
  // asked, that is where the answer usually is.
  if (goOn && !best.holdsKind) take(continuedBy(ranked, best))
  // A mechanism is explained in the sentences after the one that names it best, whatever their words.
  if (explain) for (const follower of followers(ranked, best)) take(follower)
  // A term introduced in quotes at a sentence's end is defined by the next one ('an exemption for making
  // "ephemeral recordings." These are recordings made to facilitate a transmission.'): they go together.
  const next = beside(ranked, best, 1)
  if (next && definedAfterQuote(best.sentence.text, next.sentence.text)) take(next)
  for (const candidate of ranked.slice(1)) {
    if (chosen.includes(candidate)) continue
    if (chosen.length === MAX_SENTENCES || candidate.score < best.score * FOLLOWER_RATIO) break
    if (candidate.coverage < minCoverage) continue
    if (!addsTerm(chosen, candidate)) continue
    if (chosen.some((taken) => repeats(taken, candidate))) continue
    if (!fits(candidate)) continue
    take(candidate)
  }
  const groupOrder = [...new Set(chosen.map((item) => item.sentence.source))]
  return chosen.sort(
    (a, b) =>
      groupOrder.indexOf(a.sentence.source) - groupOrder.indexOf(b.sentence.source) ||
      a.sentence.position - b.sentence.position,
  )
}

/** Clip a sentence longer than the whole budget at a word boundary. */
export function clipSentence(text: string): string {
  if (text.length <= MAX_CHARS) return text
  const cut = text.lastIndexOf(' ', MAX_CHARS)
  return `${text.slice(0, cut > MAX_CHARS / 2 ? cut : MAX_CHARS)}…`
}

function addsTerm(chosen: readonly ScoredSentence[], candidate: ScoredSentence): boolean {
  return candidate.matches.some((quality, t) => chosen.every((taken) => (taken.matches[t] ?? 0) < quality))
}

function repeats(a: ScoredSentence, b: ScoredSentence): boolean {
  if (a.sentence.text === b.sentence.text) return true
  const small = a.sentence.terms.size <= b.sentence.terms.size ? a.sentence.terms : b.sentence.terms
  const large = small === a.sentence.terms ? b.sentence.terms : a.sentence.terms
  let shared = 0
  for (const term of small) if (large.has(term)) shared++
  return shared / Math.max(1, small.size) >= DUPLICATE_OVERLAP
}

/** "This notice is effective…", "This guide is for…": the document speaking of itself, no one named before. */
const SELF_NAMED = new RegExp(`^this\\s+${DOCUMENT_KIND}\\b`, 'iu')

/**
 * The sentence before `best` in its source when `best` opens with a pronoun ("He is also the oldest
 * quarterback…"): who "he" is was said there, and without it the answer names nobody. English
 * pronouns only, a closed class; elsewhere the sentence is quoted alone, as before.
 */
function referredTo(ranked: readonly ScoredSentence[], best: ScoredSentence): ScoredSentence | undefined {
  if (!OPENING_PRONOUN.test(best.sentence.text) || SELF_NAMED.test(best.sentence.text)) return undefined
  return beside(ranked, best, -1)
}

/**
 * The sentence right after `best` in its source when it refers back to it: it opens with a pronoun or
 * "most of them", or with "the" and a noun `best` uses ("The company" after "an electric lighting
 * company"). English only, closed classes of words, as `referredTo`.
 */
function continuedBy(ranked: readonly ScoredSentence[], best: ScoredSentence): ScoredSentence | undefined {
  const next = beside(ranked, best, 1)
  if (!next) return undefined
  const { text } = next.sentence
  return OPENING_PRONOUN.test(text) ||
    OPENING_SHARE_OF_THEM.test(text) ||
    namedAgain(text, best.sentence.terms)
    ? next
    : undefined
}

/** The sentences right after `best` in its source, as many as may go with it. */
function followers(ranked: readonly ScoredSentence[], best: ScoredSentence): ScoredSentence[] {
  const after: ScoredSentence[] = []
  for (let offset = 1; after.length < MAX_SENTENCES - 1; offset++) {
    const next = beside(ranked, best, offset)
    // The explanation ends where its section does.
    if (!next || next.sentence.section.join(' ') !== best.sentence.section.join(' ')) break
    after.push(next)
  }
  return after
}

/** The command lines right after `best` in its source, and the one right before it. */
function commandsBeside(ranked: readonly ScoredSentence[], best: ScoredSentence): ScoredSentence[] {
  const at = (offset: number) => {
    const found = beside(ranked, best, offset)
    return found?.sentence.command === true ? found : undefined
  }
  const commands: ScoredSentence[] = []
  for (let offset = 1; ; offset++) {
    const next = at(offset)
    if (!next || commands.length >= MAX_COMMANDS) break
    commands.push(next)
  }
  // A command goes with the line after it that says what it does ("GET /api/tags" / "List models that
  // are available locally."), as a command line goes with the one before it.
  const before = at(-1)
  if (before) commands.unshift(before)
  return commands
}

/**
 * A sentence holding the kind of answer asked, up to NEARBY sentences after one that scores nearly as
 * well as `best` (FOLLOWER_RATIO) in its passage and shares some of the ask: the value said of what
 * that sentence names.
 */
function heldNearby(
  ranked: readonly ScoredSentence[],
  best: ScoredSentence,
  fits: (candidate: ScoredSentence) => boolean,
): ScoredSentence | undefined {
  for (const near of ranked) {
    if (near.score < best.score * FOLLOWER_RATIO) break
    for (let offset = 1; offset <= NEARBY; offset++) {
      const next = beside(ranked, near, offset)
      if (next?.holdsKind && next.coverage > 0 && !repeats(best, next) && fits(next)) return next
    }
  }
  return undefined
}

/** How many sentences after a near-best one its value may be said. */
const NEARBY = 3

/** The sentence `offset` places after `best` (before, where negative) in its passage, if it is a candidate. */
function beside(
  ranked: readonly ScoredSentence[],
  best: ScoredSentence,
  offset: number,
): ScoredSentence | undefined {
  return ranked.find(
    ({ sentence }) =>
      sentence.source === best.sentence.source && sentence.position === best.sentence.position + offset,
  )
}

/** At most this many commands go with a sentence. */
const MAX_COMMANDS = 2

const OPENING_SHARE_OF_THEM = /^(?:most|many|some|all|both|each|none|one) of (?:them|these|those)\b/iu

/** The sentence opens with "the" and a noun the sentence before used: the same thing, named again. */
function namedAgain(text: string, before: ReadonlySet<string>): boolean {
  const noun = /^the\s+(\p{L}+)/iu.exec(text)?.[1]
  return noun !== undefined && before.has(noun.toLowerCase())
}
