import { directoryEntry } from './directoryEntry'
import { meaningsListed } from './meaningsListed'
import { exampleGiven } from './exampleGiven'
import { splitSentences } from '../../ingest/chunk/splitSentences'
import { endpointWord, printsRequestLine } from './requestLine'
import { periodYears } from '../../retrieve/questionPeriods'
import {
  QUESTION_SHAPE,
  type QuestionUnderstanding,
  RULE_PEOPLE_ASK,
  understandQuestion,
  VERSION_ASK,
} from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { NEGATED } from './negated'
import { holdsMoney } from './holdsMoney'
import { holdsShare } from './holdsShare'
import {
  figureText,
  laterThanReportedText,
  noAnswerText,
  noSourcesText,
  notFoundWithClosest,
} from './answerWording'
import { askedNames } from './askedFor'
import { askedValueKinds } from './askedValueKinds'
import { authorshipQuestion, bylineOf } from './authorshipQuestion'
import {
  askedMeans,
  askedThing,
  askFocus,
  attributeOf,
  deedOf,
  focusOfThing,
  generalListNoun,
  roleOf,
} from './askFocus'
import { DECK_FILE } from './deckFile'
import { candidateSentences } from './candidateSentences'
import { chooseFigure } from './chooseFigure'
import { closingBrackets } from './closingBrackets'
import { comparedTerms } from './comparedTerms'
import { definitionQuestion } from './definitionQuestion'
import { documentGistText } from './documentGistText'
import { documentNamed } from './documentNamed'
import { howItWorks } from './howItWorks'
import { speakerOf } from './speakerOf'
import { nameBesideRole, roleHolderLine } from './nameBesideRole'
import { documentDate } from './documentDate'
import { affiliationOf } from './affiliationOf'
import { askedCell } from './askedCell'
import { documentNumber } from './documentNumber'
import { eventPlace } from './eventPlace'
import { otherQuestionAnswered } from './otherQuestionAnswered'
import { clipSentence, pickAnswer } from './pickAnswer'
import { listAnswer, listQuestion, slideAsked } from './listAnswer'
import { spelledOutLine } from './spelledOutLine'
import { statesVersion, VERSION_WORDS } from './versionNumber'
import { clipItem, listItems } from './listItems'
import { listedLines } from './listedLines'
import { deedFromRole, deedObject } from './deedFromRole'
import { looseForm, looseWords } from './looseWords'
import { matchWord, wordForm } from './matchWord'
import { mayStateYear } from './mayStateYear'
import { pointedSources } from './pointedSources'
import { documentOwnWords } from './documentOwnWords'
import { askedAddress, saidByValue } from './saidByValue'
import { personLines } from './personLines'
import { monthsUnprinted } from './monthsUnprinted'
import { numberedUnprinted } from './numberedUnprinted'
import { holdsDuration, timeUnit, withoutDurations } from './holdsDuration'
import { holdsQuantity, quantityAsk } from './quantityAsk'
import { sameTerms, scoreSentences, type ScoredSentence, type SentenceScores } from './scoreSentences'
import type { ChatTurn } from '../ChatModel'
import { searchTerms, tokenize } from '../../retrieve/index/tokenize'
import { sourceMentions } from './sourceMentions'
import { summaryQuestion } from './summaryQuestion'
import { tableFigures } from './tableFigures'
import { textValues } from './textValues'
import { printsVersion, typedVersions } from './typedVersions'
import { askedRelease, releaseAsk, releaseLevel } from './releaseAsk'
import { releaseNotes, releasesIn } from './releaseNotes'
import { datedRelease, releaseHeadingAnswer } from './releaseWhen'
import { valueLine } from './valueLine'
import { labelledLine } from './labelledLine'
import { namedKindLine } from './namedKindLine'
import { nthItem } from './nthItem'
import { withoutItemNumbers } from './withoutItemNumbers'
import { passageLines } from './passageLines'

/**
 * What the extractive answerer says, and which kind of answer it is: `answer` (a figure or sentences
 * that answer), `none` (the documents do not hold it: said plainly in the question's terms, the
 * passages searched named, and the closest sentences shown under their own label when there are any).
 */
export interface ComposedAnswer {
  kind: 'answer' | 'none'
  /** The answer in pieces to stream, in order: the first is ready as soon as it is chosen. */
  pieces: string[]
}

export interface ComposeRequest {
  question: string
  sources: readonly AnswerSource[]
  /** The question as search read it (with the collection's defined terms); read here when absent. */
  understanding?: QuestionUnderstanding
  /** Earlier turns of the session, oldest first: what was answered before a follow-up. */
  history?: readonly ChatTurn[]
}

/**
 * Best sentence coverage (the share of the ask's weighted words it holds) from which further sentences
 * must match as well to join it (ANSWER_COVERAGE), and below which the documents do not hold the answer
 * (CLOSEST_COVERAGE). An ask that names nothing the passages name must be matched from ANSWER_FLOOR;
 * below it the documents do not say, and the closest sentences are shown under their own label as
 * evidence. Chosen on the tuning halves of `npm run bench -- answers` (docs/decisions/0014): 0.25 kept
 * xquad-en's false "not in the documents" within 0.05 and answers to its questions asked of another
 * article's passages at 2.4% (`extractiveGenerator.test.ts`), where applying it to every ask (0.25, 0.2,
 * 0.15) pushed false abstention to 0.05 to 0.07.
 */
export const ANSWER_COVERAGE = 0.45
export const ANSWER_FLOOR = 0.25
/**
 * Below this coverage, an ask that names nothing the passages name is not answered when the thing it
 * asks for (`askFocus`) is in no passage, or a quantity it asks for is in no sentence quoted.
 */
/**
 * A weekday's or a month's name as search reads it, any case, plural or not ("sundays", "july"); not
 * "may", "march" or "august", which are words of their own.
 */
const CALENDAR_TERM =
  /^(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|january|february|april|june|july|september|october|november|december)$/u
export const SUPPORTED_COVERAGE = 0.5
/** A word asking what someone does for a living, and how a sentence says it. */
const JOB_WORD = /^(?:job|occupation|profession)s?$/u
const EMPLOYED_AS = /\b(?:employed|works?|working|worked|serves?|served|job)\s+as\b/iu
/** A word asking for a part of a whole. */
const SHARE_WORD = /^(?:share|proportion|percentage|fraction)s?$/u

/**
 * A word of the ask that a sentence quoted says without printing it: a share by a percentage or a fraction
 * ("65% of commits were…" for "what share of commits"), a job by what someone is employed as.
 */
function saidInOtherWords(word: string, chosen: readonly ScoredSentence[]): boolean {
  const says = (pattern: (text: string) => boolean) => chosen.some(({ sentence }) => pattern(sentence.text))
  if (SHARE_WORD.test(word)) return says(holdsShare)
  if (JOB_WORD.test(word)) return says((text) => EMPLOYED_AS.test(text))
  return false
}
/** "who is rhiannon price", "who was ada lovelace": a person asked about by name (not "who is the CEO", "who is he"). */
const NAMED_PERSON_ASK =
  /^who\s+(?:is|was|['’]s)\s+(?!(?:the|a|an|our|your|my|their|his|her|its|this|that|he|she|they|it|there)\b)((?:[\p{L}.'’-]+\s+){0,3}[\p{L}.'’-]+)\s*[?.!]*$/u
/** "What is Dean Hachamovitch's job", "what does Jade Maloney do": the lines under the name say it too. */
const NAMED_PERSON_ROLE_ASK =
  /^(?:what\s+(?:is|was|['’]s)\s+((?:[\p{L}.'’-]+\s+){1,3}?[\p{L}.-]+)['’]s?\s+(?:job(?:\s+title)?|role|title|position|occupation)|what\s+(?:does|did)\s+((?:[\p{L}.'’-]+\s+){1,3}?[\p{L}.-]+)\s+do)\s*[?.!]*$/u
export const CLOSEST_COVERAGE = 0.05
/** A line printing an address, read whole as a candidate: a name and the address, a label and it. */
const ADDRESS_LINE_WORDS = 8

/**
 * The extractive answer (DESIGN.md section 12). Decided on the question as a whole, never on one
 * missing word: the documents do not hold the answer when a name the ask uses (a capitalised word, an
 * acronym, a number or year) is in none of the passages searched, or when no sentence matches even
 * CLOSEST_COVERAGE of the ask. A quantity in a period is answered with its table cell, stated first;
 * anything else with the sentences that answer best.
 */
export function composeAnswer(request: ComposeRequest): ComposedAnswer {
  const { sources } = request
  if (sources.length === 0) return { kind: 'none', pieces: [noSourcesText()] }
  const understanding = request.understanding ?? understandQuestion(request.question)
  const mentions = sourceMentions(sources, understanding)
  // "What is X about?": the document's own gist, whatever words it shares with the question.
  if (summaryQuestion(understanding.ask, files(sources))) {
    // "What were the key findings": a deck's slide titled so lists them.
    const slide = slideAsked(understanding.ask, sources)
    if (slide) return { kind: 'answer', pieces: slide }
    // "Summarize the onboarding deck" where no passage, file name or opening names onboarding: the document
    // asked for is none of these, and another's gist would answer as if it were.
    const named = documentNamed(understanding.ask)
    if (named.length > 0 && !named.some((term) => sources.some((source) => mentions(source.number, term))))
      return { kind: 'none', pieces: [noAnswerText(sources, named, understanding.ask)] }
    const gist = documentGistText(sources)
    if (gist.length > 0) return { kind: 'answer', pieces: gist }
  }
  // "Where does jerald shave live": the street and town under his name in a directory.
  const listed = directoryEntry(understanding.ask, sources)
  if (listed) return { kind: 'answer', pieces: [listed] }
  // "Who is Peter Alterman": what a slide or a letter prints under the name, on a line of its own.
  const lowerAsk = understanding.ask.toLowerCase()
  const roleAsked = NAMED_PERSON_ROLE_ASK.exec(lowerAsk)
  const personAsked = NAMED_PERSON_ASK.exec(lowerAsk)?.[1] ?? roleAsked?.[1] ?? roleAsked?.[2]
  const person = personAsked === undefined ? null : personLines(personAsked, sources)
  if (person) return { kind: 'answer', pieces: [`${person.name}: ${person.role} [${person.source}]`] }
  // "Who wrote the tracemonkey paper": the names under its title, which share no word with the question.
  if (authorshipQuestion(understanding.ask)) {
    for (const source of sources) {
      const byline = (source.page ?? 1) <= 1 ? bylineOf(source.text, DECK_FILE.test(source.filename)) : null
      if (byline) return { kind: 'answer', pieces: [`${byline} [${source.number}]`] }
    }
  }
  // "When was the broadband talk": the date its title slide prints, which shares no word with the question.
  const dated = documentDate(understanding.ask, sources)
  if (dated) return { kind: 'answer', pieces: [dated] }
  // "What's the noise ordinance number": the number its title prints.
  const documentNo = documentNumber(understanding.ask, sources)
  if (documentNo) return { kind: 'answer', pieces: [documentNo] }
  // "Where was the broadband talk given": the gathering its title slide names.
  const venue = eventPlace(understanding.ask, sources)
  if (venue) return { kind: 'answer', pieces: [venue] }
  // "Where does Maria Lopez work": the line under her name on a title slide or a byline.
  const affiliation = affiliationOf(understanding.ask, sources)
  if (affiliation) return { kind: 'answer', pieces: [affiliation] }
  // "What does tika mean": the senses a line lists it has ("Tika can be:").
  const senses = meaningsListed(understanding.ask, sources)
  if (senses) return { kind: 'answer', pieces: senses }
  // "What is an example of a succession pool": a sentence giving one, in a passage naming it.
  const example = exampleGiven(understanding.ask, sources)
  if (example) return { kind: 'answer', pieces: [example] }
  // "What does R2 mean", "what is the purpose of the session": the line a slide or a form prints under
  // that label, or after it.
  const definition = definitionQuestion(understanding.ask)
  // A term defined is all the ask names; a thing asked of something names that too ("of the session").
  // A list asked for is answered with its items (`listAnswer`), not a label's first lines.
  const listAsked = listQuestion(understanding.ask)
  const thingAsked = askedThing(understanding.ask)
  const labelled =
    !listAsked &&
    ((definition && labelledLine(definition.subject, [], sources)) ??
      (thingAsked &&
        labelledLine(
          thingAsked,
          understanding.terms.filter((term) => !thingAsked.includes(term)),
          sources,
        )))
  if (labelled) return { kind: 'answer', pieces: [labelled] }
  // "diff between a program and a process": what each of them is, in the passages' words.
  const compared = comparedTerms(understanding.ask)
  if (compared) {
    const parts = compared.map((term) => {
      const question = `what is ${term}`
      return composeAnswer({ question, sources, understanding: understandQuestion(question) })
    })
    const [first, second] = parts.map((part) => part.pieces.join(''))
    // Both answered, and not by the same passage's words: else the question is answered as any other.
    if (parts.every((part) => part.kind === 'answer') && first !== second)
      return { kind: 'answer', pieces: [first!, `\n\n${second!}`] }
  }
  // "What's the 4th postulate": that item of the list of postulates ("4th" is its place, not a word to find).
  const nth = nthItem(understanding.ask, sources)
  if (nth) return { kind: 'answer', pieces: [nth] }
  // An acronym ("CEO", "AMZN") is no proof of absence: documents spell out what questions abbreviate.
  // Names typed in lower case ("how many employees does diageo have") count as the capitalised do.
  const names = [...new Set([...understanding.names, ...askedNames(understanding)])].filter(
    (name) => !understanding.acronyms.includes(name),
  )
  const absent = names.filter((name) => !sources.some((source) => mentions(source.number, name)))
  const ask = understanding.ask
  // A follow-up that is a whole question ("and who's the project director?") is refused in its own words,
  // not in its rewrite's, which carries the question before's; a fragment ("and in dogs?") in its rewrite's.
  const typedAsk = request.question.replace(FOLLOW_UP_LEAD, '').trim()
  const refused = understanding.carried.length > 0 && WHOLE_QUESTION.test(typedAsk) ? typedAsk : ask
  if (absent.length > 0) {
    // Named as the person typed them: a follow-up's rewriting adds the earlier question's words.
    const typed = looseWords(request.question)
    // A part of a version typed ("9" of "9.1.0", "x" of "3.x") is named as the whole version.
    const typedVersion = (name: string) =>
      typedVersions(request.question).find((version) => version.replace(/^v/u, '').split('.').includes(name))
    const shown = [
      ...new Set(absent.filter((name) => typed.has(name)).map((name) => typedVersion(name) ?? name)),
    ]
    return { kind: 'none', pieces: [noAnswerText(sources, shown, refused)] }
  }
  // "what about the nail?" after "what does a pecten do": the follow-up asks of a new thing, and where no
  // passage names it the answer is not the earlier thing's again.
  const anew = newThingTerms(request.question, understanding)
  if (anew.length > 0 && anew.every((term) => !sources.some((source) => mentions(source.number, term)))) {
    return { kind: 'none', pieces: [noAnswerText(sources, anew, refused)] }
  }
  // "What changed in 3.0.0", "whats new in 1.3": the entries under that release's heading in a changelog
  // ("[1.3.0] - 2024-03-02").
  const changes = releaseAsk(ask)
  // "What changed in depd 1.1.0" beside two changelogs with a 1.1.0: the one whose own words name depd.
  const notes =
    changes && releaseNotes(changes, namedFirst(sources, [...understanding.terms, ...understanding.carried]))
  if (notes) return { kind: 'answer', pieces: notes }
  // "What changed in csvkitten 2.0" beside a changelog of 3.1.0 to 4.0.0 (read whole by `releaseSection`):
  // a release it does not list, not its opening line.
  if (changes && changes.version !== 'latest') {
    const listed = releasesIn(sources).map((entry) => entry.release)
    if (listed.length > 0 && askedRelease(changes.version, listed, changes.shift) === null)
      return { kind: 'none', pieces: [noAnswerText(sources, [], refused)] }
  }
  // "When was 2.4.0 released", "what's the latest version": the release's heading ("[2.4.0] - 2024-10-15").
  const releaseHeading = releaseHeadingAnswer(ask, sources)
  if (releaseHeading) return { kind: 'answer', pieces: [releaseHeading] }
  // "When does tika 3.x reach end of life": a version no passage prints (they print "2.x") is a release
  // the documents do not cover.
  const askedVersions = typedVersions(ask)
  // "the v8 post" beside "v8-blog.html": a name its file is named by, not a version of anything.
  const versions = askedVersions.filter(
    (version) =>
      !sources.some(
        (source) =>
          printsVersion(`${source.heading ?? ''}\n${source.text}`, version) ||
          tokenize(source.filename.replace(/[_.-]+/gu, ' ')).includes(version.toLowerCase()),
      ),
  )
  if (versions.length > 0) return { kind: 'none', pieces: [noAnswerText(sources, versions, refused)] }
  // A month asked with its year that no passage prints with that year ("totals for december 2015"
  // beside a table of November 2015) is a period the documents do not cover.
  const months = monthsUnprinted(ask, sources)
  if (months.length > 0) return { kind: 'none', pieces: [noAnswerText(sources, months, refused)] }
  // "The 7 year fixed rate" beside a rate sheet of "2 Year" to "5 Year" rows is a term it does not offer.
  const unnumbered = numberedUnprinted(ask, sources)
  if (unnumbered.length > 0) return { kind: 'none', pieces: [noAnswerText(sources, unnumbered, refused)] }
  // The evidence is about what the question names: a passage naming "Tesla" and another naming 2021
  // do not answer "Tesla deliveries 2021" between them.
  // A deck names its subject on a slide or two, not on every one ("Diageo" on the opening slides, not on
  // "What do we mean by succession pools?"): another slide of it naming the name will do.
  // So does a document a name in the ask's closing brackets points at ("ambient reference conditions for
  // rating diesel engine power (bureau veritas)"): the brackets say where to look, printed on a cover or
  // a running footer, not what the answering passage says.
  const pointer = new Set(closingBrackets(request.question).terms)
  // Whether any passage of a document names the term: the test of what a document says of a thing.
  const inDocument = (documentId: string, term: string) =>
    sources.some((other) => other.document_id === documentId && mentions(other.number, term))
  const namedByDocument = (source: AnswerSource, name: string) =>
    (DECK_FILE.test(source.filename) || pointer.has(name)) && inDocument(source.document_id, name)
  const about = sources.filter((source) =>
    names.every((name) => mentions(source.number, name) || namedByDocument(source, name)),
  )
  if (about.length === 0) return { kind: 'none', pieces: [noAnswerText(sources, [], refused)] }

  // A follow-up stays on the subject it carries ("what is the fedayeen saddam" "who set it up?"): a passage
  // of a document naming none of the carried words is another document's, whatever else it shares ("set
  // to dock"). Another slide of the same deck is on the subject, though it does not repeat it.
  const carriedBy = new Set(
    sources
      .filter((source) => understanding.carried.some((term) => mentions(source.number, term)))
      .map((source) => source.document_id),
  )
  const onSubject = about.filter((source) => carriedBy.has(source.document_id))
  let quotable = onSubject.length > 0 ? onSubject : about
  // "… per the git demystified talk": the answer is that document's where its passages were found.
  const pointed = pointedSources(quotable, understanding)
  if (pointed.length > 0) quotable = pointed
  // "What is diageo's share price": the words of the thing asked of, and those no passage names in any form.
  const thing = askedThing(ask) ?? []
  const thingUnnamed = thing.filter((word) => !sources.some((source) => mentions(source.number, word)))
  if (understanding.wants === 'figure') {
    quotable = mayStateYear(understanding, quotable)
    if (quotable.length === 0)
      return { kind: 'none', pieces: [laterThanReportedText(sources, understanding)] }
    const chosen = chooseFigure(understanding, tableFigures(quotable), mentions)
    // "How much is the lease renewal fee" beside "Application fee | $50": a row naming part of the thing
    // asked, where no passage names the rest of it ("renewal"), gives the figure of another thing.
    if (chosen && chosen.labelCover < 1 && thingUnnamed.length > 0)
      return { kind: 'none', pieces: [noAnswerText(sources, thingUnnamed, refused)] }
    if (chosen && chosen.labelCover < 1) {
      // A row naming part of the quantity ("Basic earnings per share" for "dividend per share") gives
      // way to a sentence that names all of it with a figure ("the annual dividend for fiscal 2023 to
      // 49.0 cents per share").
      const whole = wholeQuantitySentence(understanding, quotable)
      if (whole.length > 0) return { kind: 'answer', pieces: quoted(whole) }
    }
    // "How many gpus did mixadapt use" beside MixAdapt's row of accuracy and memory: a cell matching the
    // ask only by what it is of names no count of the thing asked; the sentences say it ("All runs use 4
    // NVIDIA A100 GPUs").
    const counted = askFocus(ask)
    const ofOther =
      chosen !== null &&
      chosen.labelCover < 1 &&
      counted !== null &&
      ![...chosen.figure.labelTerms, ...chosen.figure.groupTerms, ...chosen.figure.headerTerms].some(
        (word) => matchWord(counted, word) > 0,
      )
    if (chosen && !ofOther) return { kind: 'answer', pieces: figureText(chosen.figure, understanding) }
    // A figure of a year is quoted from a passage that prints the year: that the document names it
    // elsewhere ("notes due 2022" in a 2018 filing) does not make another year's figures its answer.
    const years = periodYears(understanding.periods)
    if (years.length > 0) {
      quotable = quotable.filter((source) => years.some((year) => printsYear(source, year)))
      if (quotable.length === 0) return { kind: 'none', pieces: [noAnswerText(sources, years, refused)] }
    }
  }
  // "Which steps…", "what are the rules…": the items of the list that answers, as a list.
  const list = listAnswer(understanding, quotable)
  if (list) return { kind: 'answer', pieces: list }
  // For "who", a line naming someone beside the asked role is a candidate, title case or not; for a
  // value, a short line printing one of the kind asked ("126 Professionals"); for "what university", a
  // line printing such a name ("… University of Manchester").
  // "What does RI stand for": the key's line "RI = Reading for Information".
  // "what's his email": a line printing an address is one, however short ("Sander Temme <sander@temme.net>").
  const address = askedAddress(tokenize(ask))
  // A longer line is text, read sentence by sentence as any other.
  const addressLine =
    address === null
      ? undefined
      : (line: string) => line.split(' ').length <= ADDRESS_LINE_WORDS && saidByValue(address, line)
  const admit =
    understanding.wants === 'person'
      ? (line: string) => roleHolderLine(line, understanding)
      : (valueLine(ask) ?? addressLine ?? namedKindLine(ask) ?? definition?.keyLine)
  // "When does tika 3.x reach end of life": a sentence printing another release and not the one asked
  // ("Tika 2.x reached End of Life in April 2025") says it of that release.
  const ofAnotherRelease = (text: string) =>
    askedVersions.length > 0 &&
    typedVersions(text).length > 0 &&
    !askedVersions.some((version) => printsVersion(text, version))
  const candidates = candidateSentences(quotable, admit).filter(({ text }) => !ofAnotherRelease(text))
  const scores = scoreSentences(understanding, candidates)
  const best = scores.ranked[0]
  const missing = unsaid(scores.missing, sources, request.question).filter(
    // "chaired" is said where a passage prints "Chair": no refusal names a form of a word it shows.
    (term) => !sources.some((source) => mentions(source.number, term)),
  )
  if (!best || best.coverage < CLOSEST_COVERAGE) {
    return { kind: 'none', pieces: [noAnswerText(sources, missing, refused)] }
  }
  // "What is better-sqlite3": the tagline under the README's title, before any sentence naming it.
  const tagline = definition === null ? null : titleTaglineOf(definition.subject, sources)
  if (tagline) return { kind: 'answer', pieces: [tagline] }
  const goOn = definition === null
  const floor = best.coverage >= ANSWER_COVERAGE ? ANSWER_COVERAGE : CLOSEST_COVERAGE
  // A question that names something the passages name (a capitalised name or an acronym) is on their
  // topic: a category noun it asks for ("What entity…", "Which actress…") is
  // answered by an instance they name, and the best sentence answers. One that names nothing ("how
  // many employees does dropbox have", typed as people type) must be matched better, the thing it
  // asks for must be in a passage ("employees", "dose"), and a quantity asked must be in the answer.
  const anchored = understanding.names.some(
    (name) => /^\p{L}+$/u.test(name) && sources.some((source) => mentions(source.number, name)),
  )
  // "What criteria does the review score": a list's general noun need not be printed (`generalListNoun`).
  const asked = askFocus(ask)
  const focus = anchored || (asked !== null && generalListNoun(asked)) ? null : asked
  // "What did the headteacher say": the section's sentences after the best one are said by them too.
  // "How do I get a library card" under an FAQ's "How do I get a library card?": the paragraph under
  // the question answers it, from its first sentence.
  const ranked = notRepeated(scores, request, floor, understanding.wants)
  const section = questionSection(ranked, sources, understanding)
  const faq = section?.first ?? null
  const explain = howItWorks(ask) || speakerOf(ask) !== null
  // The first sentence right under the question heading answers it whatever words it shares with the ask
  // (the heading holds them all): "A “pool” of employees who we believe could do a specific type of role"
  // under "What do we mean by “succession pools”?". One further down the section (a slide's notes, "We
  // express potential by matching people into succession pools") that shares too little of the ask to be
  // quoted first leaves the best sentences to answer, not an empty reply.
  const fromSection = faq
    ? pickAnswer([faq, ...ranked.filter((item) => item !== faq)], section!.opens ? 0 : floor, goOn, true)
    : []
  const chosen = fromSection.length > 0 ? fromSection : pickAnswer(ranked, floor, goOn, explain)
  // A sentence that defines what "what is X" asks about answers it, however few of its other words
  // ("mean", "book") it holds: "Such boxes are known informally as Tofu."
  // So does one under a heading that is the term alone ("What is a Program"): the section defines it.
  const defined = chosen.some(
    ({ sentence }) =>
      definition !== null &&
      (definition.defines(sentence.text) || sameTerms(definition.subject, sentence.section)),
  )
  // "What is greenwatch" where no sentence quoted names it: the title "GreenWatch: An Autonomous Greenhouse
  // Monitor" says what it is, the name before its colon ("we propose SparseAdapt, a method that…" names it).
  const unnamedSubject =
    definition !== null &&
    !defined &&
    !chosen.some(({ sentence }) =>
      definition.subject.every((term) => [...sentence.terms].some((word) => matchWord(term, word) > 0)),
    )
  // So does a deck titled with it over a subtitle, where no sentence defines it ("what's greenloop": not
  // "Verified credits are sold on the GreenLoop marketplace", which names it).
  const titled = unnamedSubject
    ? titleGloss(definition.subject, sources)
    : definition !== null && !defined
      ? titleGloss(definition.subject, sources, true)
      : null
  if (titled) return { kind: 'answer', pieces: [titled] }
  // "What is an EIC" where no sentence quoted says: the line that spells it out says what it stands for.
  const spelledOut = definition !== null && !defined ? spelledOutLine(ask, definition.subject, sources) : null
  if (spelledOut) return { kind: 'answer', pieces: [spelledOut] }
  // "What is a savings plan" where its words are found apart, no document naming two of them (a grant's
  // "average bill savings", a news story's "plans to spend"): the documents do not define it. A word no
  // passage names may be said in other words ("the loan period for books": "Books are lent for…"), and
  // so may one quoted ("siobhan's job": "Siobhan is … employed as a shop assistant").
  const subjectWords = unnamedSubject
    ? definition.subject.filter((term) => !saidInOtherWords(term, chosen))
    : []
  const termUnnamed =
    subjectWords.length > 1 &&
    subjectWords.every((term) => sources.some((source) => mentions(source.number, term))) &&
    !sources.some((source) => subjectWords.filter((term) => inDocument(source.document_id, term)).length > 1)
  // What an ask asks of a thing ("the average TUITION at HBCUs") must be in a passage, unless a sentence
  // holds most of the ask (in other words: "the share of students" is "11 percent of all students"). Where
  // the documents do use the word, but only in documents that name nothing of the thing, they do not
  // say it of the thing, however much of the ask a title holds: "tuition" in tax instructions and "Math
  // 260" on a slide do not say what Math 260 costs.
  // So for a role: "who is the president of the greenwatch team", where only the club's slides say "president".
  // So for a deed: "who funded the broadband summit", where only a paper says what was "funded".
  const attributed =
    attributeOf(ask) ??
    (understanding.wants === 'person'
      ? (roleOf(ask) ?? (authorshipQuestion(ask) ? null : deedOf(ask)))
      : null)
  const sayingIt = attributed ? sources.filter((source) => mentions(source.number, attributed.attribute)) : []
  const named = attributed?.of.filter((term) => /^\p{L}/u.test(term)) ?? []
  const saidElsewhere =
    named.length > 0 &&
    sayingIt.length > 0 &&
    !sayingIt.some((source) => named.some((term) => inDocument(source.document_id, term)))
  // "How many employees…": where the sentences quoted name them, a number must count them in one of
  // those sentences ("40,000 active contributors" beside "paid employees" in the next counts no
  // employees). Where none names them, the text may count them in its own words ("ten times their
  // weight" for "how much food").
  // So for a question that names its subject: "how many employees does Diageo have" is not answered by
  // sentences about Diageo's employees that count none of them.
  const countedThing = focus ?? askFocus(ask)
  // A length of time counts no employees ("accrue 1.5 days of paid time off per month"), unless time is
  // what is counted ("how many days of pto").
  const timeCounted = countedThing !== null && timeUnit(countedThing)
  const counted =
    countedThing === null ||
    !quantityAsk(ask) ||
    !chosen.some(({ sentence }) => holdsForm(sentence.terms, countedThing)) ||
    chosen.some(
      ({ sentence }) =>
        holdsCount(timeCounted ? sentence.text : withoutDurations(sentence.text), timeCounted) &&
        holdsForm(sentence.terms, countedThing),
    )
  // A word of the thing asked that no passage names ("price") means the documents do not say it, though
  // they share its other words ("share feedback"). A thing of one word may be said in others ("the share
  // of students": "11 percent of all students") where a sentence holds most of the ask.
  // A version asked for is said by its number ("requires Python 3.10 or higher"), not by the word.
  const numbered = VERSION_ASK.test(ask) && chosen.some(({ sentence }) => statesVersion(sentence.text))
  const unnamed = thingUnnamed.filter(
    (word) => !(numbered && VERSION_WORDS.test(word)) && !saidInOtherWords(word, chosen),
  )
  const thingUnsaid = unnamed.length > 0 && (thing.length > 1 || best.coverage < SUPPORTED_COVERAGE)
  // "What is the tidewater license": each word of the thing is in a passage, but no document names
  // them all (a README's "License" is another project's): the documents do not say it of the thing.
  // Only where a word qualifying the thing is a document's own name (its file name or title): a modifier
  // in common words ("the final prime minister") may be said another way. Its name alone, not its opening
  // (`documentOwnWords`): an opening's words are any topic's.
  const namesDocument = (word: string) =>
    sources.some((source) =>
      [
        ...looseWords(source.filename.replace(/[_.-]+/gu, ' ')),
        ...tokenize(source.heading?.split(' > ')[0] ?? ''),
      ].some((named) => matchWord(word, named) > 0),
    )
  const thingSplit =
    thing.length > 1 &&
    unnamed.length === 0 &&
    thing.slice(0, -1).some(namesDocument) &&
    !sources.some((source) => thing.every((word) => inDocument(source.document_id, word)))
  // "How much does it cost": an amount of money, not a force or a depth beside the thing's name.
  const kinds = askedValueKinds(ask)
  const priceless =
    kinds.length === 1 &&
    kinds[0] === 'money' &&
    // A table's cells print amounts without their currency ("in millions" above them).
    !chosen.some(({ sentence }) => holdsMoney(sentence.text) || sentence.text.includes(' | '))
  // "What's the parking fee": a priced thing the answer names whole ("a late fee of $35" is no parking fee,
  // nor is "Adopt-a-Park" a price), in a sentence quoted.
  const priceUnnamed =
    kinds.length === 2 &&
    kinds.includes('money') &&
    kinds.includes('percent') &&
    thing.length > 1 &&
    // A table's row names its thing by its header, printed apart ("Two bedroom | $1,020").
    !chosen.some(
      ({ sentence }) =>
        sentence.text.includes(' | ') || thing.every((word) => holdsForm(sentence.terms, word)),
    )
  // "What % fee can a trustee charge": a share, as a percentage or a part ("half", "one in four").
  const shareless =
    kinds.length === 1 &&
    kinds[0] === 'percent' &&
    !chosen.some(({ sentence }) => holdsShare(sentence.text) || sentence.text.includes(' | '))
  // "Which firefox version added the panel": a version is numbered ("Firefox 29", "1.8.3").
  // A changelog says it under the release's heading ("Version 3.0.0, 2022-12-22" over "Add AES encryption").
  const releaseOf = (item: ScoredSentence) =>
    versionedHeading(sources.find(({ number }) => number === item.sentence.source)?.heading ?? null)
  const versionless =
    VERSION_ASK.test(ask) &&
    !chosen.some((item) => /\p{N}/u.test(item.sentence.text) || releaseOf(item) !== null)
  // "What port does the server listen on": a port is a number of its own ("port 8080", ":11434"), not a
  // code line that passes one along (`expose(obj, port)`) nor a draft's name ("draft-dejong-remotestorage-04").
  const portless = PORT_ASK.test(ask) && !chosen.some(({ sentence }) => PORT_NUMBER.test(sentence.text))
  // "How do I run ocrmypdf in docker": a way of doing it that no passage of the documents quoted names
  // is not one they describe (another document naming docker does not make this one say it).
  const means = askedMeans(ask)
  const quotedDocuments = new Set(
    chosen.map(({ sentence }) => sources.find(({ number }) => number === sentence.source)?.document_id),
  )
  // "What dose of abemaciclib is recommended": a measure asked of a thing the passages name, which none
  // of them names (a passage recommending two years of abemaciclib says no dose). Not a value of a kind
  // read by itself (a percentage, an amount, a version: their checks are above).
  const measured = focusOfThing(ask)
  const measureUnnamed =
    measured !== null &&
    kinds.length === 0 &&
    !VERSION_ASK.test(ask) &&
    !sources.some((source) => mentions(source.number, measured))
  // "How many neon signs are there in Las Vegas": a year ("in the summer of 1898") counts nothing, nor does
  // a share ("Sixty-two percent of respondents…" for "how many developers responded").
  const uncounted =
    /\bhow\s+many\b/iu.test(ask) &&
    !chosen.some(({ sentence }) =>
      holdsQuantity(
        sentence.text
          .replace(YEAR_NUMBER, ' ')
          .replace(CLOCK_TIME, ' ')
          .replace(NAMED_VERSION, ' ')
          .replace(MONEY_AMOUNT, ' ')
          .replace(CODE, ' ')
          .replace(PERCENTAGE, ' '),
      ),
    )
  // "How long does a session last": a length of time, or when it ended ("until the 19th century"), or the
  // span it ran ("ran from November 2 to December 4, 2020"), not a season's dates.
  const untimed =
    LASTING.test(ask) &&
    !chosen.some(
      ({ sentence }) =>
        holdsDuration(sentence.text) ||
        /\b(?:until|till|up\s+to)\b/iu.test(sentence.text) ||
        SPAN.test(sentence.text),
    )
  // "When did Ellen Fetter die": where a quoted sentence names her without a date and the one with a date
  // ("Lorenz, who died in 2008") names her not, the date is someone else's.
  const held = (item: ScoredSentence, name: string) => (item.matches[scores.terms.indexOf(name)] ?? 0) > 0
  const subjects = names.filter((name) => scores.terms.includes(name))
  // "When was SAML sign-in added": a changelog's entry is dated by the heading of the release it is under.
  const releaseDated = (item: ScoredSentence) =>
    datedRelease(sources.find(({ number }) => number === item.sentence.source)?.heading)
  const datedElsewhere =
    understanding.wants === 'date' &&
    !chosen.some((item) => releaseDated(item) !== null) &&
    chosen.some((item) => !item.holdsKind && subjects.some((name) => held(item, name))) &&
    !chosen.some((item) => item.holdsKind && subjects.some((name) => held(item, name)))
  // "When was the wage review presentation": a date, a year or a time, not a sentence that has none.
  // Asked of an event past ("when was", "what year did"); "when does rust call drop" asks on what condition.
  const kindless = !chosen.some((item) => item.holdsKind)
  const undated = PAST_WHEN.test(ask) && kindless && releaseDated(best) === null
  // "When does the library close on sundays": a day or a month typed that no passage names is a time the
  // documents do not speak of, whatever else of the ask they share ("…while Photon is closed").
  const calendarUnnamed = scores.terms.some(
    (term) => CALENDAR_TERM.test(term) && !sources.some((source) => mentions(source.number, term)),
  )
  // "Who ran the developer survey": someone named, not "The survey ran from November 2…".
  // "Who is Rhiannon Price": the one named is the person, and a sentence naming them says who they are
  // ("Councillor Rhiannon Price, cabinet member for transport, said…"), whether or not the name reads as a
  // person's.
  const personNamed =
    personAsked !== undefined &&
    chosen.some(({ sentence }) => tokenize(personAsked).every((word) => holdsForm(sentence.terms, word)))
  // "Who approves hotfixes": a role may be the answer, said as whom the deed comes from or is done by.
  const roleDoes = chosen.some(({ sentence }) => deedFromRole(ask, sentence.text))
  // "Who founded marketing": an infobox's "Founder | Netscape Communications" is of its page's subject. A
  // sentence quoted names what the deed is done to, in itself, its heading, title or document name (an
  // ask's term with a match) or its passage ("Advisor: Prof. Karen Holt" under the capstone's title), or
  // the documents do not say who did it.
  const object = deedObject(ask).filter((term) => scores.terms.includes(term))
  const objectUnheld =
    understanding.wants === 'person' &&
    object.length > 0 &&
    !chosen.some((item) => object.some((term) => held(item, term) || mentions(item.sentence.source, term)))
  const nameless = understanding.wants === 'person' && kindless && !personNamed && !roleDoes
  // "Who is the CEO of Brightline Solar" where no passage names a CEO (nor spells one out): a sentence
  // naming the company names those who work with it, not the role asked. A role of one word only ("the
  // main enemy" may be said as "fighting against"); a byline answers "who is the author" without the word.
  // An acronym typed as one may be said in words its initials do not spell ("CTO": "technology chief").
  const role = understanding.wants === 'person' && thing.length === 1 ? roleOf(ask) : null
  const roleUnnamed =
    role !== null &&
    thingUnnamed.includes(role.attribute) &&
    !understanding.acronyms.includes(role.attribute) &&
    !authorshipQuestion(ask)
  // "Who shouldn't take ibuprofen": those a sentence says it of, negated ("Do not take ibuprofen if
  // you…"); "Adults and children over 12: take one or two tablets" are those who may.
  const ruleUnsaid =
    RULE_PEOPLE_ASK.test(ask) &&
    NEGATED.test(ask) &&
    !chosen.some(({ sentence }) => NEGATED.test(sentence.text))
  // "What does FedRAMP stand for": only its long form answers; a sentence naming FedRAMP does not.
  const unspelled = definition?.spelledOnly === true && !defined
  // "Who wrote the draft", no byline under its title: a sentence saying who wrote, presented or delivered
  // it, naming someone, or the documents do not say (a passage sharing the draft's words names no author).
  const authorless =
    authorshipQuestion(ask) &&
    !chosen.some(
      ({ sentence }) => AUTHORED.test(sentence.text) && /\s\p{Lu}[\p{L}.'’-]+/u.test(sentence.text),
    )
  // "Who was elected president of the gardening club": a line naming someone beside the role asked
  // ("President: Janet Okafor") answers it where the rest of the ask is said elsewhere (the club on the
  // deck's title slide, "elected" nowhere).
  const roleHeld =
    understanding.wants === 'person' && best.holdsKind && nameBesideRole(best.sentence.text, understanding)
  // "which ollama endpoint deletes a model": "DELETE /api/delete" under the heading "Delete a Model" names the
  // endpoint asked, though it prints neither "endpoint" nor most of the ask.
  const bestHeading = sources.find(({ number }) => number === best.sentence.source)?.heading ?? ''
  const endpointHeld =
    scores.terms.some(endpointWord) &&
    printsRequestLine(best.sentence.text) &&
    scores.terms.some(
      (term) => !endpointWord(term) && tokenize(bestHeading).some((word) => matchWord(term, word) > 0),
    )
  // "how long do they keep my records" under the FAQ's "How long can I keep a book?": another question's answer.
  const otherAsked = otherQuestionAnswered(
    best,
    sources.find(({ number }) => number === best.sentence.source)?.heading,
    scores.terms,
  )
  // A sentence holding nearly all of the rest of the ask answers it though the thing asked for is not
  // named ("Which entity has a monopoly on initiating legislation?": "The Commission has a monopoly…").
  const unsupported =
    (!defined &&
      (thingUnsaid ||
        thingSplit ||
        priceless ||
        priceUnnamed ||
        shareless ||
        versionless ||
        portless ||
        uncounted ||
        untimed ||
        datedElsewhere ||
        undated ||
        calendarUnnamed ||
        nameless ||
        objectUnheld ||
        roleUnnamed ||
        ruleUnsaid ||
        termUnnamed ||
        measureUnnamed ||
        authorless ||
        unspelled ||
        otherAsked)) ||
    (!defined &&
      means !== null &&
      !sources.some((source) => quotedDocuments.has(source.document_id) && mentions(source.number, means))) ||
    (!defined && saidElsewhere) ||
    (!defined && !counted) ||
    (!anchored &&
      !defined &&
      !roleHeld &&
      !endpointHeld &&
      (best.coverage < ANSWER_FLOOR ||
        (best.coverage < SUPPORTED_COVERAGE &&
          focus !== null &&
          !sources.some((source) => mentions(source.number, focus)) &&
          !saidInOtherWords(focus, chosen)) ||
        // "How long do ducks live": no number in what would be quoted, no answer of the kind asked.
        // "How long does design take": "Design: March to April" is a length of time without a number.
        // "How much do residents pay": "Cards are free for residents" is a price without a number.
        (quantityAsk(ask) &&
          !chosen.some(
            ({ sentence }) =>
              holdsQuantity(sentence.text) ||
              (LASTING.test(ask) && holdsDuration(sentence.text)) ||
              (kinds.includes('money') && holdsMoney(sentence.text)),
          ))))
  if (unsupported) {
    return { kind: 'none', pieces: notFoundWithClosest(sources, missing, refused, quoted(chosen, quotable)) }
  }
  const pieces = quoted(chosen, quotable, ask)
  // "Which version added AES encryption": the release the heading names goes first, what it added after.
  // A version is a number with its parts ("2.4.0"): an entry's issue number ("(GH-150)") names no release.
  const versioned = /\d\.\d/u.test(best.sentence.text)
  const release =
    VERSION_ASK.test(ask) && !versioned
      ? releaseOf(best)
      : PAST_WHEN.test(ask) && kindless
        ? releaseDated(best)
        : null
  return { kind: 'answer', pieces: release ? [`${release}: ${pieces[0]}`, ...pieces.slice(1)] : pieces }
}

/** The sources whose documents name one of `terms` by their file name or their own words, then the rest. */
function namedFirst(sources: readonly AnswerSource[], terms: readonly string[]): AnswerSource[] {
  // Words, not numbers: a release's "1.1.0" is in every changelog's opening.
  const named = terms.filter((term) => /\p{L}/u.test(term))
  const names = (source: AnswerSource) => {
    const own = documentOwnWords(source)
    return named.some((term) => own.has(term))
  }
  return [...sources.filter(names), ...sources.filter((source) => !names(source))]
}

/**
 * The first sentence of the section the best one stands in, where that section's heading is a question
 * (an FAQ's "How do I get a library card?") holding every word the ask weighs: the paragraph under it is
 * the answer, read from its start. Null otherwise.
 */
function questionSection(
  ranked: readonly ScoredSentence[],
  sources: readonly AnswerSource[],
  understanding: QuestionUnderstanding,
): { first: ScoredSentence; opens: boolean } | null {
  const best = ranked[0]
  if (!best) return null
  const heading = sources
    .find(({ number }) => number === best.sentence.source)
    ?.heading?.split(' > ')
    .at(-1)
  if (!heading?.trim().endsWith('?')) return null
  const words = tokenize(heading)
  const weighty = understanding.terms.filter((term) => !QUESTION_SHAPE.has(term))
  if (weighty.length < 2 || !weighty.every((term) => words.some((word) => matchWord(term, word) > 0)))
    return null
  const section = best.sentence.section.join(' ')
  // Of the passages under that heading, the one that opens with it: a slide's own text rather than its
  // notes, the section's first chunk rather than a later one.
  const bestSource = sources.find(({ number }) => number === best.sentence.source)!
  const opening = sources.find(
    (source) =>
      source.document_id === bestSource.document_id &&
      source.heading === bestSource.heading &&
      passageLines(source.text)[0] === heading.trim(),
  )
  // Within the best sentence's own passage, its own part of the section (a label's lines apart).
  const under = opening
    ? ranked.filter(({ sentence }) => sentence.source === opening.number)
    : ranked.filter(
        ({ sentence }) => sentence.source === best.sentence.source && sentence.section.join(' ') === section,
      )
  if (under.length === 0) return null
  const first = under.reduce((a, item) => (item.sentence.position < a.sentence.position ? item : a))
  return { first, opens: opening !== undefined }
}

/**
 * The ranked sentences less those the answer before quoted, for a follow-up whose own words ("and
 * after?") the best sentence lacks, where another sentence holding the kind of answer asked covers as much
 * of the ask as the floor: "the answer is the new value, not the old one again". As ranked otherwise
 * (a follow-up the same sentence answers anew, "and the cake sales?", holds its words).
 */
function notRepeated(
  scores: SentenceScores,
  request: ComposeRequest,
  floor: number,
  /** The kind of answer the question asks. */
  wants: QuestionUnderstanding['wants'],
): ScoredSentence[] {
  const before = request.history?.findLast((turn) => turn.role === 'assistant')?.content
  const best = scores.ranked[0]
  if (!before || !best || !before.includes(best.sentence.text)) return scores.ranked
  // "who got it?" after "how much was the park contract": a name asked after an amount may be in the
  // sentence that gave the amount ("awarded the contract to GreenPlay Builders for $248,500").
  const asked = request.history?.findLast((turn) => turn.role === 'user')?.content
  if (best.holdsKind && asked !== undefined && understandQuestion(asked).wants !== wants) return scores.ranked
  const typed = new Set(tokenize(request.question))
  const own = scores.terms.flatMap((term, t) => (typed.has(term) ? [t] : []))
  if (own.some((t) => (best.matches[t] ?? 0) > 0)) return scores.ranked
  const fresh = scores.ranked.filter(({ sentence }) => !before.includes(sentence.text))
  return fresh[0]?.holdsKind && fresh[0].coverage >= floor ? fresh : scores.ranked
}

/**
 * A document's title that glosses the subject asked ("GreenWatch: An Autonomous Greenhouse Monitor" for
 * "greenwatch"): the first level of a passage's heading path whose words before its colon are the
 * subject's, cited; null where none does.
 */
function titleGloss(
  subject: readonly string[],
  sources: readonly AnswerSource[],
  /** Only a deck's title slide, whose title is the subject itself. */
  deckOnly = false,
): string | null {
  for (const source of sources) {
    const title = source.heading?.split(' > ')[0]?.trim() ?? ''
    const colon = title.indexOf(': ')
    if (!deckOnly && colon > 0 && title.slice(colon + 2).split(' ').length >= 2) {
      if (sameTerms(subject, tokenize(title.slice(0, colon)))) return `${title} [${source.number}]`
      continue
    }
    // "What is project atlas": a deck's title slide, "Project Atlas Kickoff" over its subtitle "Customer
    // Portal Redesign", says what it is.
    const subtitle = deckSubtitle(source, title)
    const words = tokenize(title)
    if (
      subtitle &&
      subject.every((term) => words.some((word) => matchWord(term, word) > 0)) &&
      (!deckOnly || sameTerms(subject, words))
    )
      return `${title}: ${subtitle} [${source.number}]`
  }
  return deckOnly ? null : slideGloss(subject, sources)
}

/** A slide's title glossing the subject names it and says what kind of thing it is in this many words more. */
const GLOSS_WORDS = 3
/** Its items shown with it, at most, each a few words. */
const GLOSS_ITEMS = 6
const GLOSS_ITEM_WORDS = 8

/**
 * "What is FPCore": a slide titled with the subject and what kind of thing it is ("FPCore common format")
 * over its short items ("Expressive", "Extensible", "Simple to use"), where no sentence names the
 * subject: the title with its first items. Null where no slide is so titled.
 */
function slideGloss(subject: readonly string[], sources: readonly AnswerSource[]): string | null {
  for (const source of sources) {
    if (!DECK_FILE.test(source.filename)) continue
    const title = source.heading?.split(' > ').at(-1)?.trim() ?? ''
    const words = tokenize(title)
    const more = words.length - subject.length
    if (more < 1 || more > GLOSS_WORDS || !sameTerms(subject, words.slice(0, subject.length))) continue
    const items = passageLines(source.text)
      .filter((line) => line !== title && line.split(' ').length <= GLOSS_ITEM_WORDS)
      .slice(0, GLOSS_ITEMS)
    if (items.length >= 2) return `${title}: ${items.join('; ')} [${source.number}]`
  }
  return null
}

/**
 * The subtitle of a deck's title slide: the first line under its title, a few words with no figure and
 * no sentence's full stop (not a date, a byline's affiliation or a sentence). Null for any other passage.
 */
function deckSubtitle(source: AnswerSource, title: string): string | null {
  if (!DECK_FILE.test(source.filename) || (source.page ?? 1) > 1 || title === '') return null
  const line = passageLines(source.text).find((candidate) => candidate !== title)
  if (!line || /[\d.!?,;]/u.test(line) || line.split(' ').length > SUBTITLE_WORDS) return null
  return line
}

/** A title slide's subtitle is this many words at most. */
const SUBTITLE_WORDS = 8

/**
 * "What is better-sqlite3": the README titled with it says so in the tagline under its title ("The
 * fastest and simplest library for SQLite in Node.js.", pako's "zlib port to javascript, very fast!"),
 * before any sentence of its sections that names it ("better-sqlite3 is much faster than node-sqlite3").
 * Null where no passage is such an opening.
 */
function titleTaglineOf(subject: readonly string[], sources: readonly AnswerSource[]): string | null {
  for (const source of sources) {
    const title = source.heading?.trim() ?? ''
    if (!sameTerms(subject, tokenize(title))) continue
    const tagline = titleTagline(source, title)
    if (tagline) return `${title}: ${tagline} [${source.number}]`
  }
  return null
}

/**
 * A README's tagline: the passage opening a document under its title alone ("better-sqlite3" over "The
 * fastest and simplest library for SQLite in Node.js."), its first line after the title one sentence of
 * a few words that names no subject of its own (it opens with an article or a word in lower case, as a
 * title's gloss does). Null for any other passage.
 */
function titleTagline(source: AnswerSource, title: string): string | null {
  if (DECK_FILE.test(source.filename) || source.heading?.trim() !== title || title === '') return null
  const [first, line] = passageLines(source.text)
  if (first !== title || !line || !/[.!]$/u.test(line) || line.split(' ').length > TAGLINE_WORDS) return null
  if (splitSentences(line).length !== 1 || !/^(?:(?:[Tt]he|[Aa]n?)\s|\p{Ll})/u.test(line)) return null
  return line
}

/** A README's tagline is this many words at most. */
const TAGLINE_WORDS = 16

/** The level of a heading path that names a release by its number ("Version 3.0.0, 2022-12-22"); null for none. */
function versionedHeading(heading: string | null): string | null {
  const level = releaseLevel(heading)
  return level && level.levels[level.at]!
}

/** Words saying who wrote or gave a work: "written by", "authors", "delivered the opinion", "presented". */
const AUTHORED =
  /\b(?:wr[io]te|written|writes|authors?|authored|presented|presents|delivered|prepared|speakers?|presenters?)\b|\b[Bb]y\s+(?:Dr\.?\s+)?\p{Lu}\p{Ll}/u

/** "What port does it listen on", "which ports must be open", "the port number of the api". */
const PORT_ASK = /\b(?:what|which)\s+(?:[\p{L}\p{N}.+#-]+\s+){0,2}ports?\b|\bport\s+numbers?\b/iu
/** A number that may be a port's: two to five digits, not part of a word, a name or a version. */
const PORT_NUMBER = /(?<![\p{L}\p{N}.-])\d{2,5}(?![\p{L}\p{N}-]|\.\d)/u
/** "When was…", "what year did…": when something past happened, asked. */
const PAST_WHEN = /^(?:when\s+(?:was|were|did)|what\s+(?:date|year|day|month)\s+(?:was|were|did))\b/iu
/** "How long does it last", "how long did it take": a length of time asked. */
const LASTING = /\bhow\s+long\b.*\b(?:last|lasts|lasted|take|takes|took|run|runs|ran)\b/iu

/**
 * A year as a sentence prints it (1500 to 2099), not counting things ("attended by 2000 guests"): "how
 * many" is not answered by a date, nor by an amount of money.
 */
const YEAR_NUMBER = /\b(?:1[5-9]|20)\d\d\b(?!\s+\p{Ll}+s\b)/gu
/** A code of letters and digits ("NI2012", "A5346"): a name, not a count. */
const CODE = /\b(?:\p{L}+\d|\d+\p{L}{2,})[\p{L}\d]*\b/gu
/** An amount of money: "$226", "€8.65". */
/** A share: "62%", "62 percent", "sixty-two percent". */
const PERCENTAGE = /\d[\d.,]*\s?%|\b[\p{L}\d.,-]+\s+per\s?cent\b/giu
/**
 * A thing running from one point to another: "ran from November 2 to December 4, 2020" (not "available
 * during the season between January 19 and April 10": when, not how long it runs).
 */
const SPAN =
  /\b(?:ran|runs?|lasted|lasts?|took|takes|went|goes|was\s+open|is\s+open)\s+from\s+[^.;]{1,40}?\s(?:to|through|until|till|–)\s+[^.;]*\d/iu
const MONEY_AMOUNT = /[$€£¥]\s?\d[\d,.]*/gu

/** "and", "but so", "ok then": how a follow-up leans on the question before. */
const FOLLOW_UP_LEAD = /^(?:(?:and|but|so|ok|okay|also|then)[\s,]+)+/iu
/** "what about the nail?", "and how about the drake?", "and the heap?": a follow-up naming a thing alone. */
const NEW_THING =
  /^(?:(?:and|but|so|ok|okay|also|then)[\s,]+)*(?:(?:what|how)\s+about\s+)?(?<thing>[^?.!]+?)\s*[?.!]*$/iu

/**
 * The terms of the new thing a follow-up names alone ("what about the nail?": nail), of those its
 * rewrite searched and did not carry from the question before; empty for a question of its own ("and
 * who wrote it?"), a fragment that changes no thing ("and 2011?", "and the year before?") or any other.
 */
function newThingTerms(question: string, understanding: QuestionUnderstanding): string[] {
  if (understanding.carried.length === 0) return []
  const asked = question.normalize('NFKC').trim()
  if (!/^(?:and|but|so|ok|okay|also|then|what\s+about|how\s+about)\b/iu.test(asked)) return []
  const thing = NEW_THING.exec(asked)?.groups?.thing ?? ''
  if (thing === '' || WHOLE_QUESTION.test(thing) || /\d/u.test(thing)) return []
  const named = searchTerms(thing)
  // Every word of the thing typed anew: one carried or not searched ("and for paying late?") changes no thing.
  const fresh = named.filter(
    (term) => understanding.terms.includes(term) && !understanding.carried.includes(term),
  )
  return fresh.length === named.length ? fresh : []
}
const WHOLE_QUESTION = /^(?:what|who|whom|whose|when|where|why|how|which)\b/iu

/**
 * The question's words no passage holds, as a refusal names them: only words of the question as typed
 * (a follow-up's rewriting adds the earlier question's), and never one a passage prints another way
 * ("1gb" for "1 GB", "jbig2" in "JBig2dec": `looseWords`).
 */
function unsaid(missing: readonly string[], sources: readonly AnswerSource[], question: string): string[] {
  const typed = looseWords(question)
  const printed = new Set(
    sources.flatMap((source) => [...looseWords(`${source.heading ?? ''}\n${source.text}`)]),
  )
  return missing.filter((term) => typed.has(term) && !printed.has(looseForm(term)))
}

/**
 * The sentences to quote for a figure when the best one holds a figure and every word of the asked
 * quantity and period (the question's words but its names and its shape words); none otherwise.
 */
function wholeQuantitySentence(
  understanding: QuestionUnderstanding,
  sources: readonly AnswerSource[],
): ScoredSentence[] {
  const scores = scoreSentences(understanding, candidateSentences(sources))
  const best = scores.ranked[0]
  if (!best?.holdsKind || best.coverage < ANSWER_COVERAGE) return []
  const years = periodYears(understanding.periods)
  const asked = scores.terms.map(
    // An abbreviation may be the quantity ("R&D"): the sentence must spell it too.
    (term) =>
      years.includes(term) ||
      understanding.acronyms.includes(term) ||
      (!understanding.names.includes(term) && !QUESTION_SHAPE.has(term)),
  )
  if (!asked.some((term, t) => term && !years.includes(scores.terms[t]!))) return []
  // Named in the sentence or its heading: a deck's title slide naming the club names no row's quantity.
  const { sentence } = best
  const titleOnly = (term: string) =>
    sentence.title.includes(term) && !sentence.terms.has(term) && !sentence.section.includes(term)
  if (!asked.every((term, t) => !term || ((best.matches[t] ?? 0) > 0 && !titleOnly(scores.terms[t]!))))
    return []
  return pickAnswer(scores.ranked, ANSWER_COVERAGE)
}

function quoted(
  picked: readonly ScoredSentence[],
  sources: readonly AnswerSource[] = [],
  ask?: string,
): string[] {
  // After a line's announced items, another sentence would read as one more item: the answer ends there.
  let listed = false
  return picked.flatMap(({ sentence }, i) => {
    if (listed) return []
    // A table's row answers with the cell of the column the question names, stated first.
    const cell = i === 0 && ask !== undefined ? askedCell(sentence.text, ask) : null
    if (cell) return [`${cell} [${sentence.source}]. From the row: ${sentence.text}.`]
    // A command is shown as code on a line of its own, as the document sets it.
    const text = sentence.command
      ? `${i > 0 ? '\n' : ''}\`${clipSentence(sentence.text)}\` [${sentence.source}]`
      : `${i > 0 ? ' ' : ''}${clipSentence(sentence.text)} [${sentence.source}]`
    // "…is available in XML and JSON formats here:" announces what follows: the items go with it, as
    // they do after a slide's line left unfinished ("Research is under-utilised because of").
    if (!announcesItems(sentence.text)) return [text]
    const items = announced(
      sentence.text,
      sources.find(({ number }) => number === sentence.source),
    )
    listed = items.length > 0
    return [text, ...items]
  })
}

/**
 * Whether a quoted line announces the items under it: it ends with a colon, or stops on a word that
 * needs more (a preposition, a conjunction, an article or an auxiliary, by wink-nlp's parts of speech).
 */
function announcesItems(text: string): boolean {
  if (text.endsWith(':')) return true
  if (/[.!?;,)\]"'”’]$/u.test(text)) return false
  return UNFINISHED.has(textValues(text).tags.at(-1) ?? '')
}

const UNFINISHED = new Set(['ADP', 'SCONJ', 'CCONJ', 'DET', 'AUX'])

/** The items after the line that ends with `sentence` in its source, one a line. */
function announced(sentence: string, source: AnswerSource | undefined): string[] {
  if (!source) return []
  const lines = passageLines(source.text)
  const at = lines.findIndex((line) => line.endsWith(sentence))
  // A Word list's items are one block of lines: the paragraph after it is the text going on.
  return at < 0
    ? []
    : listItems(lines, at, false, listedLines(source.text)).map((item) => `\n- ${clipItem(item)}`)
}

/**
 * Whether a sentence states a count or an amount (by wink-nlp's reading), a date's year or an item's
 * number not being one, nor a length of time ("per month") unless `time` is what is counted.
 */
function holdsCount(text: string, time = true): boolean {
  return textValues(withoutItemNumbers(text).replace(CLOCK_TIME, ' ')).values.some(
    ({ kind }) => kind !== 'date' && kind !== 'name' && (time || kind !== 'duration'),
  )
}

/** A version by its word ("Version 3.2", "v2.1"): which edition, not how many. */
const NAMED_VERSION = /\b(?:version|release|v)\s?\d+(?:\.\d+)+/giu
/** A time of day ("10:00", "3:30 pm"): when, not how many ("between 10:00 and 15:00" counts no employees). */
const CLOCK_TIME = /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?/giu

/** Whether a sentence's words hold a term in any of its forms ("employee" for "employees"). */
function holdsForm(terms: ReadonlySet<string>, term: string): boolean {
  const form = wordForm(term)
  return [...terms].some((word) => wordForm(word) === form)
}

/** The passage's own text or heading prints the year, alone or in a period's form ("FY2022"). */
function printsYear(source: AnswerSource, year: string): boolean {
  return new RegExp(`(?<!\\d)${year}(?!\\d)`, 'u').test(`${source.heading ?? ''} ${source.text}`)
}

/** The files the sources are of. */
function files(sources: readonly AnswerSource[]): string[] {
  return [...new Set(sources.map((source) => source.filename))]
}
