import type { ChatTurn } from '../generate/ChatModel'
import { textValues } from '../generate/extractive/textValues'
import { ORDINAL_WORDS, ordinalWord } from '../generate/extractive/nthItem'
import { EXAMPLE_ASKED, isFollowUp } from '../retrieve/rewriteQuery'
import { AUXILIARY_VERBS } from '../retrieve/questionWords'
import { knownWord } from '../retrieve/englishReader'
import { HONORIFICS } from '../retrieve/honorifics'
import { DOCUMENT_KIND } from '../retrieve/documentScope'

/** Openings that make a message lean on the question before: what follows is what changes. */
const MARKER =
  /^(?:(?:and|but|so|ok|okay|also|then)[\s,]+)*(?:what about|how about|what of|same for|same with)?\s*/iu
const PREPOSITION = /^(for|in|on|at|of|with|from|by|during|under|about|to)\s+/iu
const ARTICLE = /^(?:a|an|the)\s+/iu
/** Do-support: "did jaws get", the subject between the auxiliary and the verb. */
const DO = /\b(?:do|does|did)\s+/giu
const PRONOUN = /\b(?:it|they|this|that|these|those|he|she)\b/iu
const YEAR = /\b(?:19|20)\d\d\b/u
const STOP = /^(?:the|a|an|of|in|on|for|to|and|or)$/iu
/** What "how" asks of ("much", "long") and the verb after it, opening the rest of a "how" question. */
const MEASURE_AND_VERB = new RegExp(
  String.raw`^(?:much|many|long|old|far|often|big|large|tall|high)\s+(?:${AUXILIARY_VERBS})\s+`,
  'iu',
)

/**
 * What is left of "how many members does the club have" after its shared opening ("how many"): the thing
 * counted, its auxiliary, the subject, and the verb ending it.
 */
const COUNTED_THEN_SUBJECT = new RegExp(
  String.raw`^((?:[\p{L}\p{N}'’-]+\s+){0,3}?[\p{L}\p{N}'’-]+)\s+(?:${AUXILIARY_VERBS})\s+(.+?)\s+[\p{L}'’-]+$`,
  'iu',
)

/** An auxiliary opening what is left of a question after its shared opening ("is quickcache"). */
const LEADING_AUXILIARY = new RegExp(String.raw`^(?:${AUXILIARY_VERBS})\s+`, 'iu')

/** A pronoun for one person: "she", "him", "his". */
const PERSONAL = /\b(?:he|she|him|her|his)\b/iu
const THEY = /\b(?:they|them|their)\b/iu
/** A follow-up that is a question of its own, opening with its question word ("where does she work?"). */
const WHOLE_QUESTION = /^(?:what|who|whom|whose|when|where|why|how|which)\b/iu
/** A question word typed alone, asking of the thing the question before named: "when?", "where?", "why?". */
const BARE_WH = /^(when|where|why)(?:\s+(?:exactly|then))?$/iu
/** A verb agreeing with "they", as it agrees with one person named in their place. */
const SINGULAR: Record<string, string> = { are: 'is', were: 'was', do: 'does', have: 'has' }
/** A person's name as an answer opens with it: two to four capitalised words ("Maria Lopez", "Ana B. Ruiz"). */
const OPENING_NAME =
  /^((?:\p{Lu}[\p{L}'’-]+|\p{Lu}\.)(?:\s+(?:\p{Lu}[\p{L}'’-]+|\p{Lu}\.)){1,3})(?=\s*(?:,|\[|\(|$))/u

/** A title before a name: "Dr.", "Prof.", "Mr.", "Ms.". */
const TITLE = new RegExp(String.raw`^${HONORIFICS}\.?\s+(?=\p{Lu})`, 'u')

/** "…led by Michael Shadlen", "…written by Ana B. Ruiz": the name after "by", two to four capitalised words. */
const NAMED_BY = /\bby\s+((?:\p{Lu}[\p{L}'’-]+|\p{Lu}\.)(?:\s+(?:\p{Lu}[\p{L}'’-]+|\p{Lu}\.)){1,3})/u

/** Two to four capitalised words: a person's name inside a sentence. */
const NAME = String.raw`(?:\p{Lu}[\p{L}'’-]+|\p{Lu}\.)(?:\s+(?:\p{Lu}[\p{L}'’-]+|\p{Lu}\.)){1,3}`

/**
 * The person a reply names first ("Maria Lopez, Ph.D. [1]": Maria Lopez); null for any other reply.
 * `verb` is what the question asked of ("proposed" in "who proposed the plan"): the name that does it
 * ("…said council member Dana Whitfield, who proposed the plan", "Dana Whitfield proposed…").
 */
function answeredPerson(reply: string | null, verb: string | null): string | null {
  // "Treasurer: Priya Nair [1]": the role's label before the name.
  // "Dr. Lena Ortiz (Center for Digital Equity)": the title is no part of the name.
  const named = (reply ?? '')
    .trim()
    .replace(/^[\p{L}’' ]{1,30}:\s+/u, '')
    .replace(TITLE, '')
  // "The scientists were led by Michael Shadlen, Ph.D., of…": the name after "by".
  const doer =
    verb === null
      ? null
      : new RegExp(String.raw`(${NAME}),?\s+(?:who\s+)?(?:(?:has|had|first)\s+)?${verb}\b`, 'u').exec(named)
  return OPENING_NAME.exec(named)?.[1] ?? NAMED_BY.exec(named)?.[1] ?? doer?.[1] ?? null
}

/** The last reply in `history`: what the question before a follow-up was answered. */
function lastAnswer(history: readonly ChatTurn[]): string | null {
  return history.filter((turn) => turn.role === 'assistant').at(-1)?.content ?? null
}

/**
 * A follow-up as the question it stands for: the previous question with only what the follow-up
 * changes changed, so that it keeps its kind and subject (DESIGN.md section 12). "And the year
 * before?" after "what was revenue in 2022" asks "what was revenue in 2021"; "what about for jbig2
 * images" after "what does mupdf use for icc colour management?" asks "what does mupdf use for jbig2
 * images"; "and nvda?" after "how many responses did jaws get…" puts NVDA where JAWS stood; "when
 * was it first argued" after "when was brown v board decided" asks "when was brown v board first
 * argued"; "and 2011?" and "and 2.0?" change the year or the version; "what about expenses?" after
 * "what was the income in 2012" the thing asked of, "and london?" after "…of paris" the name it ended
 * on; "and with the long arm?" adds the condition. Null when the message stands alone or no such change
 * reads (search's rewrite then answers). English word order: rules of the grammar, not of any subject.
 */
export function followUpQuestion(message: string, history: readonly ChatTurn[], depth = 0): string | null {
  const asked = message.normalize('NFKC').replace(/\s+/gu, ' ').trim()
  const at = history.findLastIndex((turn) => turn.role === 'user' && turn.content.trim() !== asked)
  const typed = at < 0 ? undefined : history[at]!.content
  // "and long guns?" after "and in arizona?" after "how many handgun checks in alabama": the question
  // before is what that follow-up stood for ("how many handgun checks in arizona").
  const previous =
    typed !== undefined && depth < MAX_CHAIN
      ? (followUpQuestion(typed, history.slice(0, at), depth + 1) ?? typed)
      : typed
  const rewritten = rewrittenFollowUp(asked, previous, history)
  return rewritten && previous ? nounFilledIn(rewritten, previous) : rewritten
}

/** A year said as the one spoken of: "that year", "in the same year". */
const THAT_YEAR = /\b(?:in\s+)?(?:that|the\s+same)\s+year\b/iu

/** An ordinal in a question, in words or in digits ("the first guiding principle", "the 4th postulate"). */
const PLACE_IN_LIST = new RegExp(String.raw`\b(?:${ORDINAL_WORDS.join('|')}|\d{1,2}(?:st|nd|rd|th))\b`, 'iu')

/** What "how" asks of, where no verb follows it ("how many participants in each arm"). */
const MEASURE_ALONE = /^\s*(?:much|many|long|old|far|often)\s+/iu

/** Follow-ups of follow-ups read back to the question they stand for, at most this many turns. */
const MAX_CHAIN = 3

/** A count or a place in order typed for a thing: "a third", "the second". */
const ORDINAL = new RegExp(`^(?:${ORDINAL_WORDS.join('|')}|next|last|other)$`, 'iu')

/**
 * "and for a third?" after "what is the fine for a second violation", "and the large one?" after "how much
 * does the small plan cost": the noun the follow-up leaves out, or says as "one", is the one the
 * question before put after its own modifier ("violation", "plan"). By wink-nlp's tags; as rewritten
 * where the question before has no modifier before a noun.
 */
function nounFilledIn(rewritten: string, previous: string): string {
  const { words, tags } = textValues(previous)
  const at = tags.findLastIndex(
    (tag, i) => (tag === 'ADJ' || ORDINAL.test(words[i] ?? '')) && tags[i + 1] === 'NOUN',
  )
  const noun = at < 0 ? undefined : words[at + 1]
  if (!noun || !previous.toLowerCase().includes(noun)) return rewritten
  // "the large one", "a second one": the noun for "one"; "the secondary ones": for "ones", its plural.
  const one = /\b((?:a|an|the)\s+[\p{L}-]+)\s+one\b/iu
  if (one.test(rewritten)) return rewritten.replace(one, `$1 ${noun}`)
  const ones = /\b((?:the|some|any)\s+[\p{L}-]+)\s+ones\b/iu
  if (ones.test(rewritten)) return rewritten.replace(ones, `$1 ${pluralOf(noun)}`)
  // "… for a third": an ordinal ending the question, its noun left out.
  const trailing = /\b(?:a|an|the)\s+([\p{L}-]+)$/iu.exec(rewritten)
  return trailing && ORDINAL.test(trailing[1]!) ? `${rewritten} ${noun}` : rewritten
}

/** `asked` (the follow-up, spaces normalised) rewritten from `questionBefore`, the question asked before it. */
function rewrittenFollowUp(
  asked: string,
  questionBefore: string | undefined,
  history: readonly ChatTurn[],
): string | null {
  // "how many died" after "what happened in the halifax explosion": a question naming nothing (no noun,
  // by wink-nlp's tags) asks about what the question before named.
  if (asked === '') return null
  const pointed = documentNamedBefore(asked, history)
  if (pointed) return pointed
  const previous = questionBefore
    ?.normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[?.!]+$/u, '')
  // "give me an example" after "what is a succession pool": an example of what it asked about.
  if (previous && EXAMPLE_ASKED.test(asked)) {
    const referent = referentOf(previous)
    return referent ? `what is an example of ${referent}` : null
  }
  // "how many left that year?" after "how many were enrolled in 2022": the year the question before named.
  const yearBefore = previous === undefined ? undefined : YEAR.exec(previous)?.[0]
  if (yearBefore && THAT_YEAR.test(asked))
    return asked.replace(/[?.!]+$/u, '').replace(THAT_YEAR, `in ${yearBefore}`)
  const followUp = isFollowUp(asked)
  const nounless = !followUp && namesNothing(asked)
  if (!followUp && !nounless) return null
  if (!previous) return null
  const change = asked
    .replace(MARKER, '')
    .replace(/[?.!]+$/u, '')
    .trim()
  if (change === '') return null
  // "when?" after "who gave the water finance talk": the same thing asked of by another question word
  // ("when was water finance talk").
  const bare = BARE_WH.exec(change)?.[1]
  if (nounless || bare !== undefined) {
    const named = textValues(previous).nouns
    // "what was added?" after "when was readability 0.4.0 released": the release or the year it named too.
    const when = [VERSION.exec(previous)?.[0], YEAR.exec(previous)?.[0]].filter(
      (value) => value !== undefined,
    )
    // "why?" asks for a reason, not of a time or place: no "was" after it.
    const wh = bare?.toLowerCase()
    const asking = wh === undefined ? change : wh === 'why' ? wh : `${wh} was`
    return named.length === 0 ? null : [asking, ...named, ...new Set(when)].join(' ')
  }

  // "the year before" / "the year after": the previous question's year moved by one.
  const shift =
    /^(?:(?:in|for)\s+)?the (?:year|one) (before|after)(?: (?:that|it|this))?$|^(?:the )?(previous|prior|next|following) year$/iu.exec(
      change,
    )
  const year = YEAR.exec(previous)?.[0]
  // "and what was it the previous year": the same shift inside a question of its own.
  const shiftedInside = change.split(' ').length <= MAX_SHIFTED_WORDS && SHIFT_INSIDE.test(change)
  if (shift || shiftedInside) {
    const step = /before|previous|prior/iu.test(change) ? -1 : 1
    if (year) return previous.replace(YEAR, String(Number(year) + step))
    // "what was the club's balance at year end", then "and the year before?": the question named no
    // year, its answer did ("Balance at year end, 2018: $3,460"); the year before is the one before that.
    // With no year in either, there is nothing to move: no rewrite ("what was the year before at year end").
    const reply = lastAnswer(history) ?? ''
    // "and the one before that?" after "what is the latest version of statuses", answered "2.0.2 /
    // 2025-06-06": the release next to the one the answer named, not a year.
    const answeredRelease = VERSION.exec(reply)?.[0]
    const releaseAsked = RELEASE_ASKED.exec(previous)
    if (!VERSION.test(previous) && answeredRelease && releaseAsked)
      return previous.replace(
        releaseAsked[0],
        `the ${releaseAsked[1]!.toLowerCase()} ${step < 0 ? 'before' : 'after'} ${answeredRelease}`,
      )
    const answered = YEAR.exec(reply)?.[0]
    if (!VERSION.test(previous)) return answered ? `${previous} in ${Number(answered) + step}` : null
  }
  // "and after?" after "how long did CI take before", "and the lowest?" after "which state had the
  // highest…": the opposite word in the previous question's place.
  const opposite = OPPOSITES.get(change.replace(ARTICLE, '').toLowerCase())
  if (opposite) {
    const at = new RegExp(String.raw`\b${opposite}\b`, 'iu')
    if (at.test(previous)) return previous.replace(at, change.replace(ARTICLE, ''))
  }
  // "and the release before?" after "what changed in 2.2.1": the release next to the previous question's.
  const releaseShift = RELEASE_SHIFT.exec(change)
  const release = VERSION.exec(previous)?.[0]
  if (release && (releaseShift || (shift && !year))) {
    const side = /before|previous|prior/iu.test(change) ? 'before' : 'after'
    return previous.replace(VERSION, `the release ${side} ${release}`)
  }
  // "2011", "for 2011", "fy2011": another year for the previous question's.
  const period = PERIOD_ALONE.exec(change)?.[1]
  if (period && year) return previous.replace(YEAR, period)
  // "2.0" after "what does pypdf 3.0 change": another version for the previous question's.
  const version = VERSION.exec(previous)?.[0]
  if (VERSION_ALONE.test(change) && version) return previous.replace(VERSION, change.replace(/^v/iu, ''))
  // "and in v4?" after "what changed in tesseract.js v5": the version in the previous question's place,
  // the program it is a version of kept.
  const typedVersion = TYPED_VERSION.exec(change)?.[1]
  if (typedVersion && NAMED_VERSION.test(previous)) return previous.replace(NAMED_VERSION, typedVersion)
  // "and to delete one?" after "which ollama endpoint lists local models": the new verb in the place of the
  // previous question's, what that verb was done to kept.
  const swappedVerb = verbSwapped(change, previous)
  if (swappedVerb) return swappedVerb
  // "for jbig2 images": the previous question's last phrase under the same preposition.
  const preposition = PREPOSITION.exec(change)?.[1]?.toLowerCase()
  if (preposition) {
    const at = previous.toLowerCase().lastIndexOf(` ${preposition} `)
    if (at >= 0) return `${previous.slice(0, at)} ${change}`
    // "with the long arm" after "what is the max dig depth of the cx57c": a condition the previous
    // question had not, added to it.
    return `${previous} ${change}`
  }
  // "where does she work?" after "who gave the broadband talk", answered "Maria Lopez, Ph.D.": the
  // pronoun is the person the answer named.
  const person = /^who\b/iu.test(previous)
    ? answeredPerson(
        lastAnswer(history),
        /^who\s+(\p{Ll}{3,}ed)\b/u.exec(previous.toLowerCase())?.[1] ?? null,
      )
    : null
  if (person && PERSONAL.test(change) && WHOLE_QUESTION.test(change))
    return change.replace(PERSONAL, (pronoun) => (/^(?:his|her)$/iu.test(pronoun) ? `${person}'s` : person))
  // "where are they from?" after "who wrote it?", answered "Amira Haddad, Lucas Ferreira": asked of the
  // first one named, the verb made to agree ("where is Amira Haddad from").
  if (person && THEY.test(change) && WHOLE_QUESTION.test(change))
    return change
      .replace(
        /\b(are|were|do|have)\s+they\b/iu,
        (_, verb: string) => `${SINGULAR[verb.toLowerCase()]} ${person}`,
      )
      .replace(/\b(?:they|them)\b/iu, person)
      .replace(/\btheir\b/iu, `${person}'s`)
  // A whole question with a pronoun ("when was it first argued"): the pronoun stands for what the
  // previous question asked about, without the previous question's own last word (its verb).
  if (WHOLE_QUESTION.test(change) && standsAlone(change)) {
    const frame = sharedOpening(previous, change)
    // "when was it written?" after "who wrote the capstone report", "what did it fix?" after "when was
    // tidyframe 2.2.0 released": asked in another shape, the pronoun stands for what the question before
    // was about (`referentOf`).
    if (frame === '') {
      const referent = referentOf(previous)
      return referent ? change.replace(PRONOUN, (pronoun) => ownerOfPlural(referent, pronoun)) : null
    }
    // "how much is the contract worth" then "how long does it run for": the previous question's own
    // measure and verb ("much is") are no part of what it asked about.
    // "what is quickcache" then "what license is it under?": the shared opening is the question word
    // alone, and what the previous question asked about follows its auxiliary, with no verb after it.
    // "how many members does the club have" then "how many did it have before": the thing counted goes
    // with the question word again, and the pronoun stands for the subject after the auxiliary.
    const rest = change.slice(frame.length).trim()
    const counted = COUNTED_THEN_SUBJECT.exec(previous.slice(frame.length).trim())
    if (counted && LEADING_AUXILIARY.test(rest))
      return `${frame}${counted[1]} ${rest.replace(PRONOUN, counted[2]!)}`
    // "how many participants in each arm", no verb: the measure alone goes too.
    const subject = previous
      .slice(frame.length)
      .replace(MEASURE_AND_VERB, '')
      .replace(MEASURE_ALONE, '')
      .trim()
      .replace(LEADING_AUXILIARY, '')
      .split(' ')
    // Its last word is its verb or measure ("decided", "do", "worth"), unless it names a thing.
    const read = textValues(previous)
    const endsOnName = /^(?:NOUN|PROPN|NUM|X)$/u.test(read.tags.at(-1) ?? '')
    // "how do i use it?" after "how do i install readability": the shared opening's subject did the
    // previous question's deed ("install"), whose object the pronoun stands for.
    const deed = read.words.findIndex(
      (word, i) => read.tags[i] === 'VERB' && word.toLowerCase() === subject[0]?.toLowerCase(),
    )
    const object = deed >= 0 && endsOnName && subject.length > 1 ? subject.slice(1) : subject
    const named = endsOnName ? object : object.slice(0, -1)
    if (named.length === 0 || named[0] === '') return null
    return change.replace(PRONOUN, (pronoun) => ownerOfPlural(named.join(' '), pronoun))
  }
  if (change.split(' ').length > 4 || /^(?:what|who|when|where|why|how|which)\b/iu.test(change)) return null
  // "and urban?" after "what percent of rural residents lack broadband": an adjective alone in the place of
  // the one that qualified the previous question's noun.
  // "and the second?" after "what is the first guiding principle": another place in the same list.
  const place = change.replace(ARTICLE, '')
  const placed = ordinalWord(place) ? PLACE_IN_LIST.exec(previous) : null
  if (placed) return previous.replace(placed[0], place)
  const swapped = adjectiveSwapped(change, previous)
  if (swapped) return swapped
  // "and adult learners?" after "what percent of students are part-time": the share is of the same whole,
  // the follow-up names another part of it.
  const share = SHARE_OF_WHOLE.exec(previous)
  if (share && !PRONOUN.test(change)) return `${share[1]} ${change.replace(ARTICLE, '')}`
  // "a program" after "whats a process in…", "expenses" after "what was the income in 2012", "the reach"
  // after "what is the max dig depth of the cx57c": a thing named in common words takes the place of the
  // one the previous question asked of, its noun phrase after its article up to its preposition.
  const article = ARTICLE.exec(change)?.[0]?.trim().toLowerCase()
  const thing = change.replace(ARTICLE, '')
  // "and residents?" after "how much do non-residents pay for a card": the word the previous question
  // names with a prefix ("non-", "sub-", "co-") or without it, the other of the pair it makes.
  const paired = pairedWord(previous, thing)
  if (paired) return previous.replace(paired, thing)
  // "and the 300?" after "whats the weight of the trailblazer 500": a model's number for the one the
  // previous question named (a year's is above).
  const numbers = previous.match(MODEL_NUMBER) ?? []
  if (/^\d+$/u.test(thing) && numbers.length === 1 && !YEAR.test(thing))
    return previous.replace(MODEL_NUMBER, thing)
  // "and phase 3?" after "when is phase 2 of the migration": the same word with another number.
  const numbered = NUMBERED_THING.exec(thing)
  if (numbered && !YEAR.test(numbered[2]!)) {
    const same = new RegExp(String.raw`\b(${numbered[1]}\s+)\d+\b`, 'iu')
    if (same.test(previous)) return previous.replace(same, `$1${numbered[2]}`)
  }
  if (article !== undefined || thingNamed(thing)) {
    // "and expenses?" after "what was total income in 2018 for the club": a thing typed without an
    // article takes the place of the one asked without one, not of "the club".
    const bare = BARE_THING.exec(previous)
    if (bare && article === undefined) return previous.replace(bare[1]!, thing)
    const asked = askedThingOf(previous, article)
    if (asked) {
      // "and the secretary?" after "who is the pta treasurer": the name qualifying the old thing ("pta", no
      // English word, or capitalised as typed) qualifies the new one too: "the pta secretary". A model's
      // name ending on its number is the new thing's ("and the pro?" after "the aero 14": "the aero 14 pro").
      const old = asked.phrase.split(' ')
      const qualifiers = old
        .slice(1, /^\d/u.test(old.at(-1)!) ? undefined : -1)
        .filter((word) => /^[\p{Lu}\d]/u.test(word) || !knownWord(word.toLowerCase()))
        .filter((word) => !thing.toLowerCase().split(' ').includes(word.toLowerCase()))
      return previous.replace(asked.phrase, [asked.article, ...qualifiers, thing].join(' '))
    }
    // "the plant sale" after "what were membership dues in 2018": no article stood there.
    if (bare) return previous.replace(bare[1]!, thing)
  }
  // "nvda" after "how many responses did jaws get": the word after the question's verb "did".
  DO.lastIndex = 0
  const aux = DO.exec(previous)
  if (aux) {
    const words = previous.slice(aux.index + aux[0].length).split(' ')
    const count = change.split(' ').length
    // The subject is a bare word or name with its verb after it; a noun phrase ("the company") is left to search's rewrite.
    if (words.length > count && !words.slice(0, count).some((word) => STOP.test(word))) {
      words.splice(0, count, change)
      return `${previous.slice(0, aux.index + aux[0].length)}${words.join(' ')}`
    }
  }
  // "london" after "what is the population of paris": a name takes the place of the one the previous
  // question ended on, under its preposition. A name is capitalised as typed or no English word ("really?"
  // names nothing).
  const named = LAST_OBJECT.exec(previous)
  const name = thing.split(' ').some((word) => /^\p{Lu}/u.test(word) || !knownWord(word.toLowerCase()))
  // "and patrick?" after "how much will siobhan gain from the budget": the one name of the question
  // before, wherever it stands, is the one a name typed alone takes the place of.
  const names = previous.split(' ').filter(nameLike)
  if (name && names.length === 1 && nameLike(thing)) return previous.replace(names[0]!, thing)
  if (named && name) return `${previous.slice(0, named.index)} ${named[1]} ${thing}`
  // "and the STATUS_CODES export?" after "which statuses version added 103 Early Hints": a thing named takes
  // the place of the object of the previous question's last verb (by wink-nlp's tags).
  if (article !== undefined || name) {
    const { words, tags } = textValues(previous)
    const verbAt = tags.lastIndexOf('VERB')
    const verb = words[verbAt]
    const at = verb === undefined ? -1 : previous.toLowerCase().lastIndexOf(` ${verb} `)
    if (verbAt > 0 && verbAt < words.length - 1 && at >= 0)
      return `${previous.slice(0, at + verb!.length + 2)}${change}`
  }
  return null
}

/** "the paper", "this article": a document pointed at by its kind alone. */
const UNNAMED_DOCUMENT = new RegExp(String.raw`\b(?:the|this|that)\s+(${DOCUMENT_KIND})\b`, 'iu')
/** "the tracemonkey paper", "the medical news today article": a document named, then its kind. */
const NAMED_DOCUMENT = new RegExp(
  String.raw`\b(?:the|this|that)\s+((?:(?!(?:the|this|that|of|in|about)\s)[\p{L}\p{N}'’.&-]+\s+){1,5}?)${DOCUMENT_KIND}\b`,
  'iu',
)

/**
 * "who wrote the paper?" after "whats the tracemonkey paper about": the question with the document the
 * previous question named, by its name ("who wrote the tracemonkey paper"); null where the question names
 * its document or none, or no earlier question named one.
 */
function documentNamedBefore(asked: string, history: readonly ChatTurn[]): string | null {
  if (NAMED_DOCUMENT.test(asked)) return null
  const pointed = UNNAMED_DOCUMENT.test(asked)
  // "who are the authors?" after "whats the tracemonkey paper about": a part of the document (a thing
  // after "the", nothing after it naming whose) is of the document the question before named.
  const part = !pointed && DOCUMENT_PART_ASK.test(asked) && !OWNED.test(asked.replace(/^\S+/u, ''))
  if (!pointed && !part) return null
  for (const turn of [...history].reverse()) {
    if (turn.role !== 'user' || turn.content.trim() === asked) continue
    const named = NAMED_DOCUMENT.exec(turn.content.normalize('NFKC').replace(/\s+/gu, ' '))
    const name = named?.[1]?.trim()
    if (!name) continue
    const question = asked.replace(/[?.!]+$/u, '')
    if (part) return `${question} of ${named![0].replace(/^(?:this|that)\b/iu, 'the')}`
    return question.replace(UNNAMED_DOCUMENT, (phrase, kind: string) =>
      phrase.replace(kind, `${name} ${kind}`),
    )
  }
  return null
}

/** A whole question ending on "the" and a noun or two: "who are the authors?", "what's the main finding". */
const DOCUMENT_PART_ASK =
  /^(?:what|who|when|where|which)\b(?:['’]s)?(?:\s+[\p{L}'’]+){0,3}?\s+the(?:\s+[\p{L}-]+){1,2}\s*[?.!]*$/iu
/**
 * A word that says whose or which the thing is, or a pronoun standing for it, past the question word (whose
 * "'s" is "is"): no part of a document before.
 */
const OWNED =
  /\b(?:of|in|for|about|from|on|at|by|with|it|its|they|their|this|that)\b|['’]s\s+\p{L}+\s+\p{L}/iu

/**
 * The previous question with its one adjective before a noun ("rural residents") replaced by `change`,
 * where `change` is an adjective alone ("urban"), by wink-nlp's tags; null otherwise, or where the
 * previous question qualifies no noun or more than one with an adjective.
 */
function adjectiveSwapped(change: string, previous: string): string | null {
  const word = change.replace(ARTICLE, '')
  if (!/^\p{L}+$/u.test(word) || textValues(word).tags[0] !== 'ADJ') return null
  const { words, tags } = textValues(previous)
  const qualifying = words.filter((_, i) => tags[i] === 'ADJ' && tags[i + 1] === 'NOUN')
  if (qualifying.length !== 1 || qualifying[0] === word.toLowerCase()) return null
  const at = new RegExp(String.raw`\b${qualifying[0]}\b`, 'iu')
  return at.test(previous) ? previous.replace(at, word) : null
}

/** Words a follow-up puts in the place of their opposite: a closed class, as question words are. */
const OPPOSITES: ReadonlyMap<string, string> = new Map(
  [
    ['before', 'after'],
    ['earlier', 'later'],
    ['first', 'last'],
    ['highest', 'lowest'],
    ['largest', 'smallest'],
    ['biggest', 'smallest'],
    ['most', 'least'],
    ['best', 'worst'],
    ['oldest', 'newest'],
    ['minimum', 'maximum'],
    ['min', 'max'],
  ].flatMap(([a, b]): Array<[string, string]> => [
    [a!, b!],
    [b!, a!],
  ]),
)
/** A word and its number: "phase 3", "section 12", "table 4". */
/** "to delete one", "to copy it": a verb done to what the question before was about. */
const TO_VERB = /^to\s+(\p{Ll}{2,})(?:\s+(one|it|them|some|those|these|that|this))?$/u
/** "which ollama endpoint lists local models": a question asking which thing does something to something. */
const WHICH_DOES = /^(?:which|what)\s+/iu

/**
 * The question before with `change`'s verb ("to delete one") in the place of its own: "which ollama
 * endpoint lists local models" then "and to delete one?" asks "which ollama endpoint deletes models".
 * The verb replaced is the first after the thing asked for that the model tags a verb, or, where it tags
 * none (it reads "lists" as a noun), the first that reads as one, an English word with a third person's
 * "s". Null where the follow-up is of another shape, or the question before is no "which … does …".
 */
function verbSwapped(change: string, previous: string): string | null {
  const [, verb, pronoun] = TO_VERB.exec(change.toLowerCase()) ?? []
  if (verb === undefined || !WHICH_DOES.test(previous)) return null
  const words = previous.split(' ')
  const { tags, words: tokens } = textValues(previous)
  const tagged = words.findIndex(
    (word, i) => i >= 2 && i < words.length - 1 && tags[tokens.indexOf(word.toLowerCase())] === 'VERB',
  )
  const at =
    tagged >= 0
      ? tagged
      : words.findIndex(
          (word, i) =>
            i >= 2 && i < words.length - 1 && /^\p{Ll}{3,}s$/u.test(word) && knownWord(word.slice(0, -1)),
        )
  if (at < 0) return null
  const done = /s$/u.test(words[at]!) ? thirdPerson(verb) : verb
  // "one" is another of the same kind, not of the same description: "local models" is of models.
  const object = words.slice(at + 1)
  const kept =
    pronoun === 'one' && object.length > 1
      ? [...(ARTICLE.test(`${object[0]} `) ? [object[0]!] : []), object.at(-1)!]
      : object
  return [...words.slice(0, at), done, ...kept].join(' ')
}

/** A verb as "it" does it: "delete" "deletes", "push" "pushes", "copy" "copies". */
function thirdPerson(verb: string): string {
  if (/(?:s|sh|ch|x|z|o)$/u.test(verb)) return `${verb}es`
  if (/[^aeiou]y$/u.test(verb)) return `${verb.slice(0, -1)}ies`
  return `${verb}s`
}

const NUMBERED_THING = /^(\p{L}+)\s+(\d+)$/u
/** A number that names a model or an item ("500" in "trailblazer 500"), not a year or a figure with a separator. */
const MODEL_NUMBER = /(?<![\d.,$€£])\b(?!(?:19|20)\d\d\b)\d+\b(?![.,]\d)/gu
/** "what percent of students are part-time": the share's whole and its verb, then the part it is of. */
const SHARE_OF_WHOLE =
  /^((?:what|whats|what['’]s)\s+(?:is\s+)?(?:the\s+)?(?:percent|percentage|%|share|proportion|fraction)\s+of\s+.+?\s+(?:are|is|were|was))\s+[^?]+$/iu

/**
 * The thing a question asks of, with no article, right after "what was" or "how many": "total income" in
 * "what was total income in 2018", "handgun checks" in "how many handgun checks in arizona", up to its
 * preposition or the question's end.
 */
const BARE_THING = new RegExp(
  String.raw`^(?:what|whats|what's|how\s+many|how\s+much)\s+(?:(?:is|was|are|were)\s+)?((?!(?:the|an?|${AUXILIARY_VERBS})\s)(?:[\p{L}'’-]+\s+){0,2}[\p{L}'’-]+)(?=\s+(?:of|in|for|on|at|during|by)\s|$)`,
  'iu',
)
/** A year alone, under a preposition or not, "FY" before it or not: "2011", "in 2011", "fy2011". */
const PERIOD_ALONE = /^(?:(?:in|for|of|during)\s+)?(?:fy\s?)?((?:19|20)\d\d)$/iu
/** A version's number: "3.0", "2.7.1". */
const VERSION = /\b\d+(?:\.\d+)+\b/u
const VERSION_ALONE = /^v?\d+(?:\.\d+)+$/iu
/** A version as people type one: "v5", "v2.1", "3.0.0" (a bare "5" is a count or a day as often). */
const NAMED_VERSION = /\b(?:v\d+(?:\.\d+)*|\d+(?:\.\d+)+)\b/iu
/** A follow-up that is a version alone, after its preposition: "in v4", "for 2.0", "v3". */
const TYPED_VERSION = /^(?:(?:in|for|of|with)\s+)?((?:v\d+(?:\.\d+)*|\d+(?:\.\d+)+))$/iu
/** "the release before", "the previous version": the release next to the one asked about. */
const RELEASE_SHIFT =
  /^(?:(?:in|for)\s+)?the (?:release|version) (before|after)$|^(?:the )?(?:previous|prior|next|following|last) (?:release|version)$/iu
/** A release asked for by where it stands: "the latest version", "the first release". */
const RELEASE_ASKED =
  /\b(?:the\s+)?(?:(?:latest|newest|current|first|last|oldest|most\s+recent)\s+)?(version|release)\b/iu
/** A shift of the year inside a question ("and what was it the previous year"), of at most this many words. */
const SHIFT_INSIDE = /\bthe (?:year|one) (?:before|after)\b|\b(?:previous|prior|next|following) year\b/iu
const MAX_SHIFTED_WORDS = 8
/**
 * The thing a question asks of, with its article: "the income" in "what was the income in 2012", "the
 * max dig depth" before "of the cx57c", "a process" before "in…"; under the article given, else any. No
 * auxiliary verb is part of it ("the clinic do with…").
 */
function askedThingOf(question: string, article?: string): { phrase: string; article: string } | null {
  const pattern = new RegExp(
    String.raw`\b(${article ?? 'the|an?'})\s+(?:(?!(?:${AUXILIARY_VERBS})\s)[\p{L}\p{N}'’-]+\s+){0,3}?(?!(?:${AUXILIARY_VERBS})\b)[\p{L}\p{N}'’-]+(?=\s+(?:of|in|for|on|at|with|under|by|from|during|to)\s|$)`,
    'iu',
  )
  const match = pattern.exec(question)
  if (!match) return null
  // "how much did the disco raise": the question's verb ends it, and is no part of the thing.
  const words = match[0].split(' ')
  const { words: read, tags } = textValues(question)
  const last = words.at(-1)!.toLowerCase()
  // "how much does the aero 14 cost": after "does", the thing is the subject and its last word the verb.
  const supported = /\b(?:does|do|did)\s+$/iu.test(question.slice(0, match.index))
  const verbAtEnd = words.length > 2 && (supported || tags[read.lastIndexOf(last)] === 'VERB')
  return { phrase: verbAtEnd ? words.slice(0, -1).join(' ') : match[0], article: match[1]! }
}

/** Whether a follow-up names a thing in common words only ("expenses", "net income"): nouns, no verb or pronoun. */
function thingNamed(text: string): boolean {
  const words = text.split(' ')
  if (words.length > 3 || !words.every((word) => knownWord(word.toLowerCase()) && !STOP.test(word)))
    return false
  const { tags } = textValues(text)
  return tags.length > 0 && tags.every((tag) => tag === 'NOUN' || tag === 'ADJ') && tags.includes('NOUN')
}
/** A word that names someone or something: capitalised as typed, or no English word ("siobhan"). */
function nameLike(word: string): boolean {
  return /^\p{L}[\p{L}'’-]+$/u.test(word) && (/^\p{Lu}/u.test(word) || !knownWord(word.toLowerCase()))
}

/** The name a question ends on, after its preposition: "of paris", "at the hbcu". */
const LAST_OBJECT =
  /\s(of|in|for|at|by|from|about)\s+(?:the\s+)?[\p{L}\p{N}'’&.-]+(?:\s+[\p{L}\p{N}'’&.-]+){0,2}$/iu

/**
 * The word of `previous` that `thing` (one word) is the other of by a hyphened prefix: "non-residents"
 * for "residents", "members" for "non-members"; null where there is none.
 */
function pairedWord(previous: string, thing: string): string | null {
  if (!/^[\p{L}-]+$/u.test(thing)) return null
  const other = thing.toLowerCase()
  for (const word of previous.split(/\s+/u)) {
    const lower = word.toLowerCase()
    if (lower === other) return null
    if (lower.endsWith(`-${other}`) || other.endsWith(`-${lower}`)) return word
  }
  return null
}

/**
 * What "it" stands for in a phrase whose head is plural: what they are of. "what did it cost?" after
 * "what are the main findings of the greenhouse study" asks of the study; "they" would be the findings.
 */
function ownerOfPlural(phrase: string, pronoun: string): string {
  if (pronoun.toLowerCase() !== 'it') return phrase
  const owned = PLURAL_OF.exec(phrase)
  return owned ? owned[1]! : phrase
}
/** "… findings of the study": a plural noun (not "analysis", "status", "class") before "of". */
const PLURAL_OF = /^(?:[\p{L}\p{N}'-]+\s+){0,3}?\p{L}+(?<![sui])s\s+of\s+(.+)$/u

/**
 * What a question was about, as a pronoun after it stands for it: the noun phrase it ends on ("who wrote
 * THE CAPSTONE REPORT", "what is THE MONTHLY RENT"), or, where it ends on its verb, the subject between
 * its auxiliary and that verb ("when was TIDYFRAME 2.2.0 released"). By wink-nlp's tags; null where neither
 * reads, or the phrase is not as typed.
 */
function referentOf(previous: string): string | null {
  const { words, tags } = textValues(previous)
  if (tags.length < 2 || words.length !== tags.length) return null
  // "what is THE TRACEMONKEY PAPER about", "who is the letter from": the phrase before a closing preposition.
  let last = tags.length - 1
  while (last > 1 && tags[last] === 'ADP') last--
  let phrase: string[] = []
  // "where does Emerson Murphy-Hill work": after do-support and its subject, the last word is the verb,
  // however the tagger reads it ("work" as a noun).
  const done = words.findIndex((word) => DO_SUPPORT.test(word))
  if (
    done >= 0 &&
    last > done + 1 &&
    NOMINAL.test(tags[last]!) &&
    /^(?:NOUN|PROPN|NUM|X|DET)$/u.test(tags[done + 1] ?? '')
  ) {
    phrase = words.slice(done + 1, last)
  } else if (NOMINAL.test(tags[last]!)) {
    let start = last
    while (start > 0 && (NOMINAL.test(tags[start - 1]!) || tags[start - 1] === 'ADJ')) start--
    if (start > 0 && tags[start - 1] === 'DET') start--
    phrase = words.slice(start, last + 1)
  } else if (/^(?:VERB|AUX)$/u.test(tags[last]!)) {
    const auxiliary = tags.lastIndexOf('AUX', last - 1)
    // "who is jerald shave": after "who is", a bare word the tagger reads as a verb is the name's.
    const named =
      /^who$/iu.test(words[0] ?? '') &&
      COPULA.test(words[auxiliary] ?? '') &&
      !VERB_FORM.test(words[last] ?? '')
    if (auxiliary >= 0) phrase = words.slice(auxiliary + 1, named ? last + 1 : last)
  }
  // "murphy - hill": a name the tokenizer split at its hyphen is one word again.
  const referent = phrase.join(' ').replace(/ - /gu, '-')
  // A question word is no referent ("who"), nor a phrase the tokenizer split ("part - time").
  if (phrase.length === 0 || WHOLE_QUESTION.test(referent)) return null
  return previous.toLowerCase().includes(referent.toLowerCase()) ? referent : null
}
const NOMINAL = /^(?:NOUN|PROPN|NUM|X)$/u
/** The auxiliary of do-support ("where does she work"). */
const DO_SUPPORT = /^(?:do|does|did)$/u

/** A form of "be", after which a bare word is what is asked of, whatever its tag. */
const COPULA = /^(?:is|are|was|were|'s|’s)$/u
/** Endings of a verb's own forms ("died", "closing"): a word with one after "is" is a verb still. */
const VERB_FORM = /(?:ed|ing)$/u

/**
 * Whether the question names no noun by wink-nlp's tags ("how many died"). A base-form "verb" right after
 * "is" is a noun the tagger misread ("how much is rent"): English puts no bare verb there.
 */
function namesNothing(question: string): boolean {
  const { words, tags, nouns } = textValues(question)
  if (nouns.length > 0) return false
  return !tags.some(
    (tag, i) => tag === 'VERB' && COPULA.test(words[i - 1] ?? '') && !VERB_FORM.test(words[i] ?? ''),
  )
}

/**
 * Whether the message's pronoun stands for something on its own: "when was that decided", not "what is
 * that pattern called", where "that" points at a noun of its own (a determiner, by wink-nlp's tags) that
 * the previous question need not hold.
 */
function standsAlone(message: string): boolean {
  const pronoun = PRONOUN.exec(message)
  if (!pronoun) return false
  if (!/^(?:this|that|these|those)$/iu.test(pronoun[0])) return true
  const { words, tags } = textValues(message)
  const at = words.indexOf(pronoun[0].toLowerCase())
  return at < 0 || tags[at] !== 'DET'
}

/** The words two questions open with alike ("when was"), with the space after them. */
function sharedOpening(a: string, b: string): string {
  const left = a.split(' ')
  const right = b.split(' ')
  let i = 0
  while (i < left.length && i < right.length && left[i]!.toLowerCase() === right[i]!.toLowerCase()) i++
  return i === 0 ? '' : `${left.slice(0, i).join(' ')} `
}

/** "objective" -> "objectives", "study" -> "studies", "class" -> "classes": English plurals by their ending. */
function pluralOf(noun: string): string {
  if (/(?:s|x|z|ch|sh)$/iu.test(noun)) return `${noun}es`
  if (/[^aeiou]y$/iu.test(noun)) return `${noun.slice(0, -1)}ies`
  return `${noun}s`
}
