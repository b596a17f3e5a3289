import { documentScope, isDocumentKind } from '../../retrieve/documentScope'
import { SECTION_NUMBER } from './sectionNumber'
import { listedLines } from './listedLines'
import { offeredList } from './offeredList'
import { tokenize } from '../../retrieve/index/tokenize'
import {
  QUESTION_SHAPE,
  RULE_PEOPLE_ASK,
  type QuestionUnderstanding,
} from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { askFocus, listedFocus } from './askFocus'
import { FOOTNOTE_MARK } from './candidateSentences'
import { closingBrackets } from './closingBrackets'
import { columnListed } from './columnListed'
import { DECK_FILE } from './deckFile'
import { slideList } from './slideList'
import { definitionQuestion } from './definitionQuestion'
import { inlineList, openingItems } from './inlineList'
import { withoutLabels, clipItem, listItems, numberedSteps, PAGE_NUMBER, TABLE_ROW } from './listItems'
import { looseWords } from './looseWords'
import { knownWord } from '../../retrieve/englishReader'
import { proseLists } from './proseList'
import { countingSentence, ordinalItems, ordinalsGoingOn } from './ordinalItems'
import { matchWord } from './matchWord'
import { textValues } from './textValues'
import { BULLET } from '../../ingest/chunk/bullet'
import { AUXILIARY_VERBS, WH_WORDS } from '../../retrieve/questionWords'
import { passageLines } from './passageLines'
import { stepNumber, stepsFrom } from './stepNumber'
import { NEGATED } from './negated'
import { howToAsk } from './howToAsk'
import { splitSentences } from '../../ingest/chunk/splitSentences'
import { titleCase } from './titleCase'
import { GIST_WORDS } from './documentGistText'
import { summaryQuestion } from './summaryQuestion'

/** Share of the ask's words a list's introduction, heading and items must hold between them. */
const LIST_COVERAGE = 0.5
/**
 * An item's words, or those of the lines right before the introduction, count this much towards that
 * share: the introduction says what the list is of.
 */
const ITEM_WEIGHT = 0.5
/** A list of as many items as the question counts ("which 3 things") gains this much share. */
const COUNT_BONUS = 0.25
/** Nouns for anything at all: a list "of things" is named by its other words. A closed class. */
const ANY_THING = new Set(['thing', 'things', 'stuff', 'ones', 'items', 'points'])
/** "air cargo stuff ihc leadership has to know", "things to bring": a word for anything asks for several. */
const ANY_STUFF = /\b(?:stuff|things)\b/u
/** The lines right before an introduction that count with its items. */
const BEFORE = 2

/**
 * Whether the ask wants several things listed: "list…", "what are the…", "what are euclid's
 * postulates" (whose: "what are ctenophores" asks what they are), "which 4 categories…",
 * "steps to…", "what do I need to…" (a how-to's things needed), "stuff to know", "things to bring",
 * "what's on the agenda" (a list by its name: an agenda, a checklist, a syllabus, a menu…), or a
 * plural asked noun ("what rules does…", "which deployment concepts…").
 */
export function listQuestion(ask: string): boolean {
  const text = ask.toLowerCase().replace(/\s+/gu, ' ').trim()
  if (
    LIST_ASK.test(text) ||
    COUNTED_PLURAL.test(text) ||
    ANY_STUFF.test(text) ||
    CONTENTS_ASK.test(text) ||
    RULE_PEOPLE_ASK.test(text) ||
    MEMBERS_ASK.test(text)
  )
    return true
  const unmarked = UNMARKED_POSSESSIVE.exec(text.replace(/[?.!]+$/u, ''))
  if (unmarked && !knownWord(unmarked[1]!)) return true
  const focus = askFocus(text)
  return focus !== null && (/[^su]s$/u.test(focus) || IRREGULAR_PLURALS.has(focus)) && !/^how\s/u.test(text)
}

/** "who is on the atlas team", "who's in the steering committee": its members, one by one. */
const MEMBERS_ASK =
  /^who(?:['’]s|\s+is|\s+are|\s+was|\s+were)\s+(?:on|in)\s+(?:the\s+|our\s+|their\s+)?(?:[\p{L}\p{N}'’-]+\s+){0,3}(?:team|committee|board|panel|council|crew|group|cast|staff)\b/u

/**
 * "who was elected", "who were appointed to the board", "who got promoted": the people a deed was done to;
 * not "who was elected president", one of them.
 */
const PICKED_ASK =
  /^who\s+(?:was|were|got|has\s+been|have\s+been)\s+(\p{L}+ed)(?:\s+(?:to|for|at|in|on|onto|by|from|this|last|next)\b[^?]*)?[?.!\s]*$/u

/**
 * "what does the treasurer do", "what is the tenant responsible for": the duties a list introduced as such
 * gives ("The Treasurer shall:").
 */
const DUTY_ASK =
  /^what\s+(?:does|do|did|will|should)\s+(?:the\s+|a\s+|an\s+|our\s+|my\s+)?(?:[\p{L}\p{N}'’-]+\s+){0,3}?[\p{L}\p{N}'’-]+\s+do\s*[?.!]*$|^what\s+(?:is|are)\s+(?:the\s+|a\s+|an\s+|our\s+|my\s+)?(?:[\p{L}\p{N}'’-]+\s+){0,3}?[\p{L}\p{N}'’-]+\s+responsible\s+for\s*[?.!]*$/u

/** Words for what someone must do: a list of them is named by whose they are. A closed class. */
const DUTY_NOUNS = new Set([
  'duty',
  'duties',
  'responsibility',
  'responsibilities',
  'responsible',
  'task',
  'tasks',
  'obligation',
  'obligations',
])

/**
 * An introduction of what someone must do: "The Treasurer shall:", "The tenant is responsible for:", or a
 * heading naming them ("Duties of the Secretary", "Landlord's responsibilities").
 */
const DUTY_INTRO =
  /\b(?:shall|must|will|should|responsible\s+for|responsibilities|duties|tasks|obligations)\b[^.!?]*:$|^(?:duties|responsibilities|tasks|obligations)\b|\b(?:duties|responsibilities|tasks|obligations)$/iu

/**
 * Whether a list's introduction says in its last sentence that the list is the duties of whom the ask
 * names ("The Treasurer shall:" for the treasurer's, not for the secretary's named a sentence before).
 */
function dutyIntroduced(intro: string, terms: readonly string[]): boolean {
  const last = intro.slice(splitSentences(intro).at(-1)?.start ?? 0)
  const words = tokenize(last)
  return DUTY_INTRO.test(last) && terms.every((term) => words.some((word) => matchWord(term, word) > 0))
}

/** The headings a document's numbered steps go under. A closed class. */
const METHOD_HEADING = /^(?:method|instructions|directions|steps|procedure|preparation)$/iu

/** "what do i need for…", "what will we need to…": the things needed, asked for. */
const NEEDS_ASK = /^what\s+(?:do|will|would|does)\s+(?:i|you|we|one)\s+need\b/iu
/** The headings a document lists what is needed under. A closed class. */
const NEEDED_HEADING =
  /^(?:ingredients|requirements|prerequisites|materials|supplies|equipment|tools|what\s+you(?:['’]ll|\s+will)?\s+need|you(?:['’]ll|\s+will)\s+need)$/iu

/** "luis's action items", "priya's tasks": the owner of the items asked for, by their possessive. */
const OWNED_ITEMS =
  /\b(\p{L}+)['’]s\s+(?:[\p{L}-]+\s+){0,2}(?:items|tasks|actions|jobs|assignments|to-?dos|responsibilities|duties)\b/u

/**
 * "what's in the box", "whats included in the kit", "what does the first week include": the things a thing
 * holds, one by one.
 */
const CONTENTS_ASK =
  /^what(?:['’]s|s|\s+is|\s+comes)\s+(?:included\s+)?in\s+(?:the|a|my|your)\s+|^what\s+(?:does|do|did|will)\s+(?:the|a|an|my|your|our|this)\s+(?:[\p{L}\p{N}'’-]+\s+){0,4}(?:include|contain|cover|involve|consist\s+of|comprise)\b/u

/** Plurals without an "s" that a question asks for ("what criteria…", "which phenomena…"). A closed class. */
const IRREGULAR_PLURALS = new Set(
  'criteria phenomena people children men women teeth feet mice geese indices appendices analyses theses hypotheses crises diagnoses bases axes'.split(
    ' ',
  ),
)

/**
 * A few words naming things in the plural, no question around them: "ssl performance tips", "mupdf
 * features", "building blocks for college success" (the head noun before its first preposition).
 * Answered with a list only where a list's introduction or heading names all of them.
 */
function barePluralAsk(ask: string): boolean {
  const text = ask
    .toLowerCase()
    .replace(/[?.!]+$/u, '')
    .replace(/\s+/gu, ' ')
    .trim()
  const words = text.split(' ')
  if (words.length < 2 || words.length > MAX_BARE_WORDS || QUESTION_WORD.test(text)) return false
  const preposition = words.findIndex((word, i) => i > 0 && HEAD_ENDS.has(word))
  const head = preposition > 0 ? preposition - 1 : words.length - 1
  if (!/[^su]s$/u.test(words[head]!)) return false
  const { tags } = textValues(words.slice(0, head + 1).join(' '))
  return tags.at(-1) === 'NOUN'
}

/** Where a noun phrase's head ends: "blocks for college success", "tips on caching". */
const HEAD_ENDS = new Set(['for', 'of', 'on', 'in', 'to', 'with', 'about', 'from'])
const MAX_BARE_WORDS = 8
/** A list asked in a few words may leave one word in so many unnamed by its introduction. */
const BARE_WORDS_PER_UNNAMED = 5
const QUESTION_WORD = new RegExp(
  String.raw`(?:^|\s)(?:${WH_WORDS}|${AUXILIARY_VERBS}|list|name|tell|give|show|explain|describe|define)(?:\s|$)`,
  'u',
)

const COUNT_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']
/** A count of items as typed: "3", "four". */
const COUNT = `(?:\\d{1,2}|${COUNT_WORDS.join('|')})`
/** "which 3 things", "the four categories", "the four golden signals": the count before a plural noun. */
const COUNTED = new RegExp(`\\b(${COUNT})\\s+(?:\\p{L}+\\s+){0,2}?\\p{L}+s\\b`, 'iu')
/** "what are euclid's 5 postulates", "the three branches of…": a counted plural asks for its items. */
const COUNTED_PLURAL = new RegExp(
  `^(?:what|which|list|name|tell)\\b.*\\b${COUNT}\\s+\\p{L}+[^su\\s]s\\b`,
  'u',
)
/**
 * "what are euclids common notions", "what are pythons data types": a name's possessive typed without its
 * apostrophe (the word less its "s" is no English word), then the plural asked for.
 */
const UNMARKED_POSSESSIVE = /^what (?:are|were) (\p{L}+)s ((?:\p{L}+ ){0,2}\p{L}+[^su\s]s)$/u
const LIST_ASK =
  /^what(?:['’]s| is| was| are| were) (?:on )?(?:the|this|their|our|my|today['’]s) (?:[\p{L}\d'’-]+ ){0,3}(?:agenda|checklist|syllabus|itinerary|schedule|programme|line-?up|menu)\b|^(?:list|enumerate|name (?:the|all)|what (?:are|were) (?:the|some|all|its|their|his|her|my|our|your|(?:\p{L}+\s){0,3}\p{L}+['’]s?\s)|which (?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b|(?:the |what )?steps?\b|what (?:do|will|would|does|did) (?:i|you|we|one|they) need\b|what(?:['’]s| is| are) (?:needed|required)\b)|\bsteps (?:to|for)\b/u

/** An introduction announcing reasons: "This approach has several benefits:", "The reasons are:". */
const REASONS =
  /\b(?:benefits?|advantages?|reasons?|because|why|motivations?|pros|rationale|upsides?|drawbacks|disadvantages)\b[^.!?]*:$/iu

/** "which 3 things", "the four categories": the number of items asked for, or null. */
function askedCount(ask: string): number | null {
  const match = COUNTED.exec(ask)
  if (!match) return null
  const word = match[1]!.toLowerCase()
  return /\d/u.test(word) ? Number(word) : COUNT_WORDS.indexOf(word) + 2
}

/** A paragraph's last sentence announcing what follows ("…do not count the following as days…", "…as follows."). */
const FOLLOWING = /(?:^|(?<=[.!?]\s))[^.!?]*\b(?:the\s+following|as\s+follows)\b[^.!?]*\.$/iu

/**
 * A list question answered with the list: the introducing sentence (one ending with a colon, a
 * heading, or the passage's heading for a run of numbered steps) that, with its items, holds most of the
 * ask's words, then its items, one a line. Null when no passage has such a list: the question is then
 * answered as any other.
 */
export function listAnswer(
  understanding: QuestionUnderstanding,
  sources: readonly AnswerSource[],
): string[] | null {
  // "… in the hbcu deck", "capstone deck: what…": where to look is no word the list need hold.
  // "… (bureau veritas)": nor where its closing brackets point.
  const pointer = closingBrackets(understanding.ask)
  const asked = documentScope(pointer.rest, () => false)?.rest ?? pointer.rest
  const repeated = slideAsked(understanding.ask, sources)
  if (repeated) return repeated
  const listed = listQuestion(asked)
  const bare = !listed && barePluralAsk(asked)
  const rule = RULE_PEOPLE_ASK.test(asked)
  const members = MEMBERS_ASK.test(asked)
  // "why does docx4j want to drop xalan": the reasons, where a list of them is introduced as such.
  const why = !listed && !bare && /^why\b/iu.test(asked.trim())
  // "who was elected to the committee": those a list's introduction says it of ("The following were elected
  // unopposed:"), one by one.
  const picked = listed || bare || why ? null : (PICKED_ASK.exec(asked.toLowerCase().trim())?.[1] ?? null)
  // "what are the treasurer's duties", "what does the treasurer do": a list said to be someone's duties.
  const duty =
    DUTY_ASK.test(asked.toLowerCase().trim()) ||
    ((listed || bare) && tokenize(asked).some((word) => DUTY_NOUNS.has(word)))
  if (!listed && !bare && !why && picked === null && !duty) return offeredList(asked, sources)
  // "which profilers does it list other than jboss": the list asked for is not jboss's.
  const excluded = excludedTerms(understanding.ask)
  // "which 3 things are considered…": the count and a word for any thing say what the list is of, not its words.
  const count = askedCount(asked)
  const terms = understanding.terms.filter(
    (term) =>
      !QUESTION_SHAPE.has(term) &&
      !understanding.scope.includes(term) &&
      !pointer.terms.includes(term) &&
      !excluded.includes(term) &&
      !ANY_THING.has(term) &&
      !(duty && (DUTY_NOUNS.has(term) || term === 'do')) &&
      !/^\d+$/u.test(term),
  )
  if (terms.length === 0) return null
  // "what are the treasurer's duties": the list says whose duties they are, not the word ("The Treasurer shall:").
  const head = duty ? null : headNoun(asked)
  const qualifier = listedFocus(asked)
  let best: {
    intro: string
    items: string[]
    before: string[]
    source: number
    share: number
    /** How many of the ask's words beyond its document's own its introduction or heading names. */
    introduces: number
    /** 1 where its introduction or heading names the ask's head noun. */
    headed: number
    runsOn: boolean
    sentence?: string
  } | null = null
  const titleSlides = new Set(
    sources
      .filter((source) => source.page === 1 && DECK_FILE.test(source.filename))
      .map((source) => `${source.document_id}\n${source.text}`),
  )
  for (const source of sources) {
    const lines = passageLines(source.text)
    const heading = source.heading?.split(' > ').at(-1) ?? ''
    // A slide's lines are its bullets, and its title (its passage's first line) introduces them.
    const deck = DECK_FILE.test(source.filename)
    // A deck's title slide lists no items: its lines are who gave the talk, where and when. So does its
    // copy closing the deck.
    if (deck && (source.page === 1 || titleSlides.has(`${source.document_id}\n${source.text}`))) continue
    // A slide's lines are one block, each an item (`listItems`' eachLineAnItem) up to the next list's opening.
    const listed = deck ? new Set<number>() : listedLines(source.text)
    // Each list with the lines right before its introduction, which may say what it is for ("Should be
    // designed so it's usable by anyone" / "Design factors include:").
    const blocks: Array<{
      intro: string
      items: string[]
      before: string[]
      runsOn: boolean
      /** A series named inside this sentence (`proseLists`): quoted whole, the items in its own words. */
      sentence?: string
    }> = []
    // Whether nothing but a page's number follows line `i`: a list ending there may go on over the page.
    const lastLine = (i: number) => lines.slice(i + 1).every((line) => PAGE_NUMBER.test(line))
    // Lines that are items of a list a line before introduced ("We made three changes:" / "Caching
    // dependencies…" / "Splitting the tests…"): none of them introduces a list of its own.
    const itemLines = new Set<number>()
    lines.forEach((line, i) => {
      if (!/:$/u.test(line)) return
      for (let j = i + 1; j < lines.length && !/[.!?:]$/u.test(lines[j]!); j++) itemLines.add(j)
    })
    // So are the lines of the list under the passage's own heading ("Ingredients" over "1 onion, chopped",
    // "200 g red lentils"): none of them introduces the ones after it.
    if (!deck && lines[0] === heading && heading !== '') {
      const under = listItems(lines, 0, false, listed)
      for (let j = 1; j <= under.length; j++) itemLines.add(j)
    }
    lines.forEach((line, i) => {
      // "In general, do not count the following as days of presence.": its last sentence announces them.
      const following = /:$/u.test(line) ? null : FOLLOWING.exec(line)
      // A table's row ("Products | Acme Suite") is a cell's value, never the introduction of the rows after it.
      const introduces =
        !TABLE_ROW.test(line) &&
        (deck || !itemLines.has(i)) &&
        (/:$/u.test(line) ||
          following !== null ||
          (!/[.!?;,]$/u.test(line) && (line.split(' ').length <= 10 || (deck && i === 0))))
      // "INSTRUCTIONS Type or write…", "… including: Purging of gas receptacles Air transport…": run into a line.
      const inline = deck ? null : inlineList(line)
      // The sentences before its introduction in the line count as the lines before it do.
      if (inline)
        blocks.push({
          intro: inline.intro,
          items: inline.items,
          before: [
            ...lines.slice(Math.max(0, i - BEFORE), i),
            ...(inline.lead === undefined ? [] : [inline.lead]),
          ],
          runsOn: lastLine(i),
        })
      // "Mozilla produces many products such as the Firefox web browser, Thunderbird e-mail client, …".
      if (!deck && !inline)
        for (const prose of proseLists(line))
          blocks.push({
            ...prose,
            before: lines.slice(Math.max(0, i - BEFORE), i),
            runsOn: false,
          })
      if (!introduces) return
      // A deck's title slide is its title and subtitle over who gave it, where and when: no list ("Lessons
      // from Five States" over the speaker lists no states).
      if (deck && (source.page ?? 1) <= 1 && !/:$/u.test(line)) return
      const items = listItems(lines, i, deck, listed)
      // A table's header row under the introduction says what its rows are ("Phase | Scope | Target date"):
      // its words count with the items', which its rows read without it.
      const header = TABLE_ROW.test(lines[i + 1] ?? '') ? [lines[i + 1]!] : []
      // "Get a copy of your dental record" over "Ask us to correct your dental record", after the
      // section's paragraph: the first of the list's items, not its title; the section's heading is.
      const first = !deck && heading !== '' && items.length >= 2 && firstItem(line, lines[i - 1])
      if (first)
        blocks.push({
          intro: heading,
          items: [line.replace(BULLET, ''), ...items],
          before: lines.slice(Math.max(0, i - BEFORE), i),
          runsOn: lastLine(lines.findLastIndex((other) => items.includes(other.replace(BULLET, '')))),
        })
      else if (items.length >= 2)
        blocks.push({
          intro: following?.[0].trim() ?? line,
          items,
          before: [...lines.slice(Math.max(0, i - BEFORE), i), ...header],
          runsOn: lastLine(lines.findLastIndex((other) => items.includes(other.replace(BULLET, '')))),
        })
    })
    // Numbered steps from the passage's start, under its heading.
    const steps = lines.findIndex((line) => /^\d{1,2}\.\s/u.test(line))
    if (steps >= 0) {
      const items: string[] = []
      for (const line of lines.slice(steps)) {
        if (!/^\d{1,2}\.\s/u.test(line)) break
        items.push(...numberedSteps(line))
      }
      // One step where the passage's end cut the rest: the next source goes on with them (`continuedOver`).
      if (items.length >= 2 || continuedOver(sources, source.number, items, false) !== null)
        blocks.push({
          intro: steps > 0 ? lines[steps - 1]! : heading,
          items,
          before: lines.slice(Math.max(0, steps - 1 - BEFORE), Math.max(0, steps - 1)),
          runsOn: false,
        })
    }
    // "The first rule is that… The second rule is that…": a list said in ordinal sentences.
    const ordinal = deck ? null : ordinalItems(lines)
    if (ordinal) {
      // Introduced by the passage before, of the same document, that counts them ("The compiler uses
      // three rules…", `listContinued` put it there), cited as its own.
      const previous = sources.find(
        (other) => other.number === source.number - 1 && other.document_id === source.document_id,
      )
      const counting = ordinal.introduced || !previous ? null : countingSentence(previous.text, ordinal.noun)
      const intro = counting === null ? ordinal.intro : `${counting} [${previous!.number}]`
      blocks.push({ intro, items: ordinal.items, before: [], runsOn: false })
    }
    // What the document names itself ("fastapi" in "fastapi__deployment-concepts.md") it need not repeat;
    // nor need a slide repeat its deck's title ("Recommendations" in "Closing the Rural Broadband Gap").
    // A document's title over its sections ("How we cut our CI time in half > What we changed") names it too.
    const levels = (source.heading ?? '').split(' > ')
    const named = new Set([
      ...looseWords(source.filename.replace(/[_.-]+/gu, ' ')),
      ...(deck ? (source.about ?? []) : []),
      ...(levels.length > 1 ? tokenize(levels[0]!) : []),
    ])
    // The ask's words beyond what the document names itself.
    const own = terms.filter((term) => ![...named].some((word) => matchWord(term, word) > 0))
    const deckTitled = new Set(deck ? (source.about ?? []) : [])
    for (const block of blocks) {
      const intro = new Set([...tokenize(block.intro), ...tokenize(heading), ...named])
      const introducedBy = new Set([...tokenize(block.intro), ...tokenize(heading)])
      const items = new Set(tokenize([...block.items, ...block.before].join(' ')))
      const held = terms.reduce((sum, term) => {
        if ([...intro].some((word) => matchWord(term, word) > 0)) return sum + 1
        return [...items].some((word) => matchWord(term, word) > 0) ? sum + ITEM_WEIGHT : sum
      }, 0)
      // "which 3 things…": a list of as many items is the one asked for.
      const share = held / terms.length + (count !== null && block.items.length === count ? COUNT_BONUS : 0)
      const introduced = tokenize(`${block.intro} ${heading}`)
      if (excluded.some((term) => introduced.some((word) => matchWord(term, word) > 0))) continue
      // The list holds what is asked for, the ask's head noun ("goals" in "what are the goals of the
      // broadband talk"), not only what the document is about (its deck's title, "Why Broadband Matters").
      // A general noun's list ("the eligibility requirements") may be named by what qualifies it alone
      // ("4. Eligibility" over "An employee may request … if they:").
      // Not by the deck's title alone: every slide of a deck titled "Removing financing obstacles" would
      // name obstacles.
      const said = [...[...intro].filter((word) => !deckTitled.has(word) || introducedBy.has(word)), ...items]
      if (
        head !== null &&
        !said.some((word) => matchWord(head, word) > 0) &&
        !(qualifier !== null && [...intro].some((word) => matchWord(qualifier, word) > 0))
      )
        continue
      // "what are the payment terms" beside an onboarding deck's "Key terms": a list of the general noun
      // that names what qualifies it nowhere is another thing's.
      if (qualifier !== null && ![...intro, ...items].some((word) => matchWord(qualifier, word) > 0)) continue
      // Asked in a few words, the list must be the one they name: every word in its introduction or heading,
      // but one of five or more ("… conditions for rating diesel engine power": what they are for).
      const unnamed = terms.filter((term) => ![...intro].some((word) => matchWord(term, word) > 0))
      // So must the list of the people a rule is for ("who can work remotely": no "How GreenLoop works"),
      // and of a team's members ("who is on the grant team": not another project's "Team").
      if ((bare || rule || members) && unnamed.length > Math.floor(terms.length / BARE_WORDS_PER_UNNAMED))
        continue
      // ...and says it as the ask does: "Do not take ibuprofen if you" lists who cannot take it.
      if (rule && NEGATED.test(asked) !== NEGATED.test(`${block.intro} ${heading}`)) continue
      // A series inside a sentence is the list asked for where its sentence names what is asked, one word aside:
      // "ripgrep supports searching files in … encodings such as …" is no answer to which files it skips.
      if (block.sentence !== undefined && unnamed.length > 1) continue
      // "This approach has several benefits:": the reasons a "why" asks for.
      if (why && !REASONS.test(block.intro)) continue
      if (duty && !dutyIntroduced(block.intro, terms)) continue
      if (
        picked !== null &&
        !(/:$/u.test(block.intro) && tokenize(block.intro).some((word) => matchWord(picked, word) > 0))
      )
        continue
      // Between lists the ask names as well, the one whose introduction or heading names more of what the
      // ask asks beyond its document ("Common Notions" over "Euclid" for "what are euclids common notions").
      const introduces = own.filter((term) => introduced.some((word) => matchWord(term, word) > 0)).length
      // Where the ask names something beyond its document, the list's introduction or heading names some of
      // it, or the thing listed ("Profilers" for "which java profilers does the deck list"): every slide
      // of a deck on water finance holds "water" and "finance", and the obstacles asked about are no
      // slide's list.
      const namesHead = head !== null && introduced.some((word) => matchWord(head, word) > 0)
      const needed = NEEDS_ASK.test(asked) && NEEDED_HEADING.test(heading.replace(/:$/u, '').trim())
      if (own.length > 0 && introduces === 0 && !namesHead && !needed && block.sentence === undefined)
        continue
      // A list is of what its introduction or heading names: "Our contributions are as follows: … an
      // evaluation on two newspapers" lists no newspapers.
      // "what do i need for lentil soup": what is needed is listed under "Ingredients", "Requirements".
      const titled = terms.some((term) => introduced.some((word) => matchWord(term, word) > 0)) || needed
      if (!titled && block.sentence === undefined) continue
      // Then the one titled by the ask's head noun ("Team" for "who is on the atlas team", over "Why
      // Atlas?"), where the deck's title names that noun too ("Product Team") and so every slide.
      const headed = namesHead ? 1 : 0
      if (
        share >= LIST_COVERAGE &&
        (!best ||
          share > best.share ||
          (share === best.share &&
            (introduces > best.introduces || (introduces === best.introduces && headed > best.headed))))
      )
        best = { ...block, source: source.number, share, introduces, headed }
    }
  }
  if (!best) {
    // "which methods were compared", no list introduced: a table's column headed "Method", its cells the items.
    const column = listed ? headNoun(asked) : null
    return column === null ? null : columnListed(column, sources, understanding.terms, asked)
  }
  const { intro, source } = best
  if (best.sentence !== undefined) return [`${best.sentence.replace(FOOTNOTE_MARK, '')} [${source}]`]
  const next = continuedOver(sources, source, best.items, best.runsOn)
  // A deck's list split over slides that repeat its title.
  const around = slidesAround(sources, source, best.items)
  const all = endOfItems([...new Set([...around.items, ...(next?.items ?? [])])])
  // "what are luis's action items": of a list some of whose items name the owner asked, those items.
  const owner = OWNED_ITEMS.exec(asked.toLowerCase())?.[1]
  const owned = owner === undefined ? [] : all.filter((item) => tokenize(item).includes(owner))
  const items = (owned.length > 0 ? owned : all).slice(0, MAX_ITEMS)
  const cited = next ? `${around.cited}[${next.source}]` : around.cited
  return [`${intro === '' ? '' : `${intro} `}${cited}`, ...items.map((item) => `\n- ${clipItem(item)}`)]
}

/**
 * The items up to a sentence after two or more that end none ("Caching dependencies between runs…",
 * "Splitting the tests…" / "The parallel test runners had the biggest effect."): the text going on.
 */
function endOfItems(items: readonly string[]): string[] {
  const end = items.findIndex(
    (item, i) =>
      i >= 2 && SENTENCE_ITEM.test(item) && items.slice(0, i).every((before) => !/[.!?;:,]$/u.test(before)),
  )
  return end < 0 ? [...items] : items.slice(0, end)
}

/** A sentence of its own: capitalised, five words or more, ending as a sentence ends. */
const SENTENCE_ITEM = /^\p{Lu}\S*(?:\s+\S+){4,}[.!?]["'”’)]*$/u

/** Nouns for the items of any list: a list "of steps" is named by its other words. A closed class. */
const ANY_ITEMS = new Set(['step', 'steps', 'way', 'ways', ...ANY_THING])

/**
 * The noun a list question asks for, the last noun of its first run of nouns and adjectives, an owner's
 * "'s" and a count within it: "goals" in "what are the goals of the broadband talk", "profilers" in
 * "which java profilers does the deck list", "rules" in "what are road code's 4 rules"; null where it
 * asks for any items ("steps", "things") or has no noun. By wink-nlp's parts of speech.
 */
function headNoun(ask: string): string | null {
  const { words, tags } = textValues(ask)
  const start = tags.findIndex((tag, i) => i > 0 && (tag === 'NOUN' || tag === 'PROPN'))
  if (start < 0) return null
  let head = start
  for (let i = start + 1; i < tags.length && /^(?:NOUN|PROPN|ADJ|PART|NUM)$/u.test(tags[i]!); i++)
    if (tags[i] === 'NOUN' || tags[i] === 'PROPN') head = i
  const term = tokenize(words[head]!)[0]
  return term === undefined || ANY_ITEMS.has(term) ? null : term
}

/**
 * Whether `line`, unpunctuated after a paragraph (`before` ends a sentence), is the first item of the list
 * it seems to introduce: a phrase of a few words, not a title ("Get a copy of your dental record", not
 * "Ingredients" or "Supported Formats").
 */
function firstItem(line: string, before: string | undefined): boolean {
  if (before === undefined || !SENTENCE_END.test(before) || /[.!?:;,]$/u.test(line)) return false
  const words = line.replace(BULLET, '').split(' ')
  return words.length >= MIN_ITEM_PHRASE_WORDS && !titleCase(words)
}

/** A first item is a phrase of this many words at least. */
const MIN_ITEM_PHRASE_WORDS = 4

/** A slide's title that repeats the question is a question of this many words at least. */
const MIN_ASKING_TITLE = 3

/**
 * "what should employers do about the wage review" beside a slide titled "What Employers Should Do":
 * a slide whose title is the question, asked in its words (every word of the title in the ask, opening
 * with a question word), or names all that the ask asks of ("Future Work" for "what future work is
 * planned for greenwatch"), answers it with its lines, as a list. So does a document's section whose
 * heading is the question ("5. How to request remote work" for "how do i request remote work") where
 * the lines under it are short, as steps are, not a paragraph. Null where no title repeats it; not for
 * "what is a container" beside the slide "What is a container?" that says so in a sentence, though "what
 * is the future work for greenwatch" asks for the slide by its title.
 */
export function slideAsked(ask: string, sources: readonly AnswerSource[]): string[] | null {
  const askedWords = ask.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  const asked = new Set(askedWords)
  const askedTerms = tokenize(ask)
  const read = textValues(ask)
  const nouns = read.nouns.flatMap((noun) => tokenize(noun))
  // "future" of "future work": what qualifies a thing asked is asked too.
  const qualities = read.words
    .filter((_, i) => read.tags[i] === 'ADJ')
    .flatMap((word) => tokenize(word))
    .filter((term) => !QUESTION_SHAPE.has(term))
  // "What is a cache miss" asks what it is; "what were the key findings" asks for the items.
  const definition = definitionQuestion(ask)
  const defining = definition !== null && !listQuestion(ask)
  const same = (term: string, words: readonly string[]) => words.some((word) => matchWord(term, word) > 0)
  const verb = DONE_ASK.exec(ask.trim())?.[1]?.toLowerCase()
  // A paper without a conclusion concludes in its results: not one whose passages say what it concludes
  // ("We conclude that…" in its abstract), which the sentences answer.
  const concludes = sources.some((source) => CONCLUDING.test(source.text))
  const done =
    verb === undefined
      ? null
      : [...(DONE_NOUNS.get(verb) ?? []), ...(concludes ? [] : (UNSAID_NOUNS.get(verb) ?? []))]
  for (const source of sources) {
    const deck = DECK_FILE.test(source.filename)
    if (deck && (source.page ?? 1) <= 1) continue
    const heading = source.heading?.split(' > ').at(-1)?.trim() ?? ''
    const title = heading.replace(SECTION_NUMBER, '')
    const words = title.match(/[\p{L}\p{N}]+/gu) ?? []
    const terms = tokenize(title)
    // "what future work is planned for greenwatch" beside "Future Work": a title of the ask's words that
    // names every thing it asks of, but the deck itself.
    const named = [...(source.about ?? []), ...looseWords(source.filename.replace(/[_.-]+/gu, ' '))]
    // "the conclusion of the refactoring TALK": the word for the kind of document names no part of it.
    const things = nouns.filter((noun) => !same(noun, named) && !isDocumentKind(noun))
    // Every word of the title in the ask, but the particles of a how-to's title ("How TO Apply" for
    // "how do i apply"): a word of its form will do ("Applying" for "apply").
    const question =
      // "Why Atlas?" for "why are we doing atlas": shorter where the ask opens with the title's question
      // word and the title names every thing it asks of ("What works" is no answer to "what is future work").
      (words.length >= MIN_ASKING_TITLE ||
        (words.length === MIN_ASKING_TITLE - 1 &&
          words[0]!.toLowerCase() === askedWords[0] &&
          [...things, ...qualities].every((word) => same(word, terms)))) &&
      ASKING.test(title) &&
      words.every(
        (word) =>
          asked.has(word.toLowerCase()) ||
          TITLE_PARTICLES.has(word.toLowerCase()) ||
          tokenize(word).some((term) => same(term, askedTerms)),
      )
    // Not for "what is a cache miss" beside the slide "Caches and Misses"; "what is THE future work for
    // greenwatch" asks for a part of the deck by its title, not what a kind of thing is.
    const thingTitle =
      deck &&
      (!defining || THE_PART.test(ask)) &&
      // A title of one word ("Conclusion", "Objectives") where the ask names it as the part: "what are the
      // objectives", "what is the conclusion of the talk".
      (terms.length >= 2 || (terms.length === 1 && THE_PART.test(ask))) &&
      terms.every((term) => same(term, askedTerms)) &&
      // "how do i get started with containers" beside "Getting started" in the containers deck.
      ((things.length > 0 && things.every((noun) => same(noun, terms))) || howToAsk(ask))
    // "how do i set up a dev environment" beside a guide's "Setting up" over numbered steps.
    const stepsTitle =
      !deck &&
      !defining &&
      howToAsk(ask) &&
      terms.length >= 2 &&
      terms.every((term) => same(term, askedTerms))
    // "what did the platform team decide" beside the notes' "Decisions": what was done, under its noun.
    const doneTitle =
      done !== null &&
      done.length > 0 &&
      words.some((word) => done.some((noun) => word.toLowerCase().startsWith(noun)))
    // "how do i make the lentil soup" beside the recipe's "Method" over numbered steps: a how-to's steps
    // under the heading such steps go under, in the document the ask names (its title or file name).
    const documentTitle = source.heading?.split(' > ')[0] ?? ''
    const methodTitle =
      !deck &&
      !defining &&
      howToAsk(ask) &&
      METHOD_HEADING.test(title.trim()) &&
      askedTerms.some((term) => same(term, [...tokenize(documentTitle), ...named]))
    // "what are the penalties" beside an ordinance's "Section 6. Penalties" over a few sentences: a
    // document's part asked for by its name, as a deck's slide is, each of its sentences an item. The
    // things asked are the ask's nouns but the document's name (its file name, and its title above the
    // part): a short document's opening, in `about`, may hold every word of it.
    const above = source.heading?.includes(' > ') ? tokenize(documentTitle) : []
    const label = [...looseWords(source.filename.replace(/[_.-]+/gu, ' ')), ...above]
    // "the recommendations section of the study": the word for a part names none, nor that for a document
    // ("the limitations of the greenhouse study").
    // "list" opening "list the operating standards" asks; the tagger may read it as a noun.
    const parts = nouns.filter(
      (noun, i) =>
        !same(noun, label) &&
        !PART_NOUN.test(noun) &&
        !isDocumentKind(noun) &&
        !(i === 0 && LIST_VERB.test(ask)),
    )
    const partTitle =
      !deck &&
      !defining &&
      PART_ASK.test(ask) &&
      terms.length > 0 &&
      terms.every((term) => same(term, askedTerms)) &&
      parts.length > 0 &&
      parts.every((noun) => same(noun, terms))
    // "what is ulimit" beside the slide "ulimit" over "Per-process resource limits": a slide titled with the
    // term alone is about it, and its lines say what it is where none of them defines it as a sentence
    // (a key's line elsewhere, "ulimit: files and processes" on a slide of tips, only names it).
    const termTitle =
      deck &&
      defining &&
      WHAT_ASK.test(ask) &&
      !JOINED_TITLE.test(title) &&
      words.length > 0 &&
      // Every word of the title the term's: "Why caching?" is about why, "Caching concepts" about more.
      words.every((word) => tokenize(word).some((term) => same(term, definition.subject))) &&
      definition.subject.every((term) => same(term, terms))
    const titled = question || thingTitle || stepsTitle || doneTitle || methodTitle || termTitle
    if (!titled && !partTitle) continue
    const below = withoutLabels(passageLines(source.text)).filter(
      (line) => line !== heading && line !== title,
    )
    const end = below.findIndex((line) => SECTION_HEADING.test(line))
    const lines = end < 0 ? below : below.slice(0, end)
    if (!titled) {
      // Sentences, not a list's items or a table's rows, which a list question's answer reads as such.
      if (!lines.every((line) => SENTENCE_END.test(line) && !TABLE_ROW.test(line))) continue
      const items = sentencesOf(lines)
      const listed =
        items.length >= 2 &&
        items.length <= MAX_ITEMS &&
        items.every((item) => item.split(' ').length <= MAX_PART_SENTENCE_WORDS)
      // "what's in the recommendations section": a part asked for whole, a paragraph of long sentences, is
      // quoted from its start as far as a gist goes.
      if (!listed && summaryQuestion(ask) && items.length > 0) return [partOpening(items, source.number)]
      // "what are the four golden signals" beside two sentences under "The Four Golden Signals": not the
      // part's sentences, which are not as many as the ask counts, but the list a sentence names.
      const count = askedCount(ask)
      if (!listed || (count !== null && items.length !== count)) continue
      return [`${title} [${source.number}]`, ...items.map((item) => `\n- ${item}`)]
    }
    // "what did the study find" beside a paper's "3. Results" over a paragraph: its sentences from the first.
    const prose =
      lines.length > 0 &&
      lines.every((line) => SENTENCE_END.test(line)) &&
      (lines.length < 2 || lines.some((line) => line.split(' ').length > MAX_STEP_WORDS))
    if (doneTitle && !deck && prose) {
      return [partOpening(sentencesOf(lines), source.number)]
    }
    if (lines.length < 2) continue
    if (
      !question &&
      !thingTitle &&
      !doneTitle &&
      !termTitle &&
      !lines.every((line) => NUMBERED_STEP.test(line))
    )
      continue
    if (termTitle && lines.some((line) => definition.defines(line))) continue
    // What the term is: the slide's first lines, up to one opening a list of its own ("Important limits:").
    if (termTitle && !question && !thingTitle && !doneTitle) {
      const opens = lines.findIndex((line) => /:$/u.test(line))
      const said = lines.slice(0, Math.min(TERM_LINES, opens < 0 ? lines.length : opens))
      if (said.length > 0)
        return [`${title} [${source.number}]`, ...said.map((line) => `\n- ${clipItem(line)}`)]
    }
    // "What is a Program" over a document's paragraph, or a slide's sentence, is answered as a definition.
    if (defining && (!deck || SENTENCE_END.test(lines[0]!))) continue
    if (!deck && lines.some((line) => line.split(' ').length > MAX_STEP_WORDS)) continue
    // "when do changes apply for group 2 awards" beside "When Do Changes Apply?": the one line whose label
    // holds what the ask adds to the title ("Group 2 awards: 1 November 2020") answers it, not the whole
    // list; "what should employers do about the new rates" still asks for all they should do.
    if (question) {
      const added = askedTerms.filter(
        (term) => !QUESTION_SHAPE.has(term) && !same(term, terms) && !same(term, named),
      )
      const holding = lines.filter((line) => {
        const label = LABELLED_LINE.exec(line)?.[1]
        return label !== undefined && added.every((term) => same(term, tokenize(label)))
      })
      if (added.length > 0 && holding.length === 1) return [`${clipItem(holding[0]!)} [${source.number}]`]
      // "what is the budget for the model curriculum" beside "What is the Model Curriculum?": the ask's own
      // thing, in none of the slide's lines, is another question.
      const said = (term: string) => lines.some((line) => same(term, tokenize(line)))
      if (added.length > 0 && !added.some(said)) continue
    }
    const around = deck
      ? slidesAround(sources, source.number, lines)
      : { items: lines, cited: `[${source.number}]` }
    return [
      `${title} ${around.cited}`,
      ...around.items.slice(0, MAX_ITEMS).map((line) => `\n- ${clipItem(line)}`),
    ]
  }
  return null
}

/**
 * A deck's list on slide passage `number` with its items on the slides around it that repeat its title
 * (`slideList`), in slide order, each item once (a slide built up over several repeats the items
 * before), and the citations of the slides quoted.
 */
function slidesAround(
  sources: readonly AnswerSource[],
  number: number,
  items: readonly string[],
): { items: string[]; cited: string } {
  const list = slideList(sources, number, items)
  return {
    items: list.items.map(({ item }) => item),
    cited: list.slides.map((slide) => `[${slide}]`).join(''),
  }
}

/** "what is …", "what's …", "define …": what a thing is (not "who was elected to …", who someone is). */
const WHAT_ASK = /^\s*(?:what|wat|whats|define|explain|meaning\s+of)\b/iu

/** The lines of a slide titled with a term that say what it is. */
const TERM_LINES = 3

/** A title of two things or more ("Caches and Misses", "Processes vs. Threads"): no one term's. */
const JOINED_TITLE = /\s(?:and|or|vs\.?|versus)\s|[&,:/]/iu

/** An ask opening with the verb "list". */
const LIST_VERB = /^\s*list\b/iu

/** "what is the …", "what are the …": a part of a document asked for by its name. */
const THE_PART = /^\s*(?:what|wat)\s*(?:is|are|['’]s|['’]re)\s+the\s/iu
/**
 * "what are the penalties", "what are your rights", "what's in the treasurer's report", "what were the key
 * findings", "list the operating standards": a document's part asked for by its name.
 */
const PART_ASK =
  /^\s*(?:(?:what|wat)\s*(?:is|are|was|were|['’]s|['’]re)\s+(?:in\s+)?|list\s+(?:all\s+)?(?:of\s+)?)(?:the|our|your|my|their|its)\s/iu

/**
 * "what did the team decide", "what has the board agreed", "what do they recommend for enrollment": what
 * a meeting or a report did, asked by its verb, which its notes record under the verb's noun
 * ("Decisions", "Agreed actions", "Recommendations").
 */
const DONE_ASK =
  /^what\s+(?:did|do|does|has|have|had|will|would)\s+.+?\s+(decide|agree|recommend|conclude|resolve|approve|find|show|discover)(?:\s+(?:for|on|about|to|regarding|in)\s+[^?.!]+)?\s*[?.!]*$/iu
/**
 * The starts of the nouns each such verb's heading is written with: "what did the study find" is answered
 * under a paper's "Results" or a report's "Key findings".
 */
const DONE_NOUNS: ReadonlyMap<string, readonly string[]> = new Map([
  ['decide', ['decision']],
  ['agree', ['agree']],
  ['recommend', ['recommendation']],
  ['conclude', ['conclusion']],
  ['resolve', ['resol']],
  ['approve', ['approv']],
  ['find', ['finding', 'result']],
  ['show', ['finding', 'result']],
  ['discover', ['finding', 'result']],
])

/** The nouns a verb's answer is headed by where no passage says it in the verb's own words. */
const UNSAID_NOUNS: ReadonlyMap<string, readonly string[]> = new Map([['conclude', ['finding', 'result']]])
/** A sentence saying what is concluded: "We conclude that…", "In conclusion, …". */
const CONCLUDING = /\b(?:we|i|they|authors?|study|paper)\s+conclude[sd]?\b|\bin\s+conclusion\b/iu

/**
 * Words of a title that the ask need not hold: a how-to's particles, and a pronoun standing for what the
 * document is about ("Why it matters" for "why does broadband matter").
 */
const TITLE_PARTICLES = new Set(['to', 'a', 'an', 'the', 'it', 'they', 'this'])
/** A numbered step: "1. Install Python 3.11 or later.", "2) Clone the repository". */
const NUMBERED_STEP = /^\d{1,2}[.)]\s+\S/u
/** The next numbered section's heading inside a passage: "5. Any other business". */
const SECTION_HEADING = /^\d+(?:\.\d+)*\.?\s+\p{Lu}[^.!?:;]*$/u
const SENTENCE_END = /[.!?]["'”’)]*$/u
/** A section's lines are steps, answered as a list, when none is longer than this many words. */
const MAX_STEP_WORDS = 25
/** A part asked for by its name is answered with its sentences when none is longer than this. */
const MAX_PART_SENTENCE_WORDS = 40

/** A title that asks: "What Employers Should Do", "How to Apply", "When Do Changes Apply?". */
const ASKING = /^(?:what|when|where|who|why|how|which)\b/iu

/** The sentences of lines of prose, in order. */
function sentencesOf(lines: readonly string[]): string[] {
  return lines.flatMap((line) => splitSentences(line).map(({ start, end }) => line.slice(start, end).trim()))
}

/** A part's sentences from its first, as many as fit a gist's words (the first always), cited. */
function partOpening(sentences: readonly string[], source: number): string {
  const taken: string[] = []
  let words = 0
  for (const sentence of sentences) {
    const count = sentence.split(' ').length
    if (taken.length > 0 && words + count > GIST_WORDS) break
    taken.push(sentence)
    words += count
  }
  return taken.map((sentence) => `${sentence} [${source}]`).join(' ')
}

/** A line giving a value under its label: "Group 2 awards: 1 November 2020". */
const LABELLED_LINE = /^([^:]{1,60}):\s+\S/u

/** A word naming a document by its kind ("study", "report"). */

/** Words for a part of a document, which name no part of their own ("the recommendations section"). */
const PART_NOUN = /^(?:section|part|chapter|slide|page|paragraph|clause|article)s?$/u

/** A list answer quotes at most this many items, those over the page included. */
const MAX_ITEMS = 12

/**
 * The items a list ending at the foot of passage `number`'s page goes on with at the top of the next
 * page, in a passage of the same document that opens with them (bulleted lines, or bulleted items run
 * into one line as a PDF prints them: "- Transition in/out plans - Demonstrated experience…"); null
 * where no such passage is among `sources`.
 */
function continuedOver(
  sources: readonly AnswerSource[],
  number: number,
  items: readonly string[],
  runsOn: boolean,
): { items: string[]; source: number } | null {
  const ending = sources.find((source) => source.number === number)
  if (!ending || DECK_FILE.test(ending.filename)) return null
  // Numbered steps a passage's end cut: the next source, of the same document, opens with the step after
  // the list's last ("1. Copy the plan" / "2. Mark the beds", `listContinued` put it there).
  const last = stepNumber(items.at(-1) ?? '')
  const after = sources.find((source) => source.number === number + 1)
  const steps =
    last !== null && after?.document_id === ending.document_id ? stepsFrom(after.text, last + 1) : []
  if (steps.length > 0) return { items: steps, source: after!.number }
  // "The second rule is…" at one passage's end, "The third rule is…" opening the next.
  const ordinals =
    after?.document_id === ending.document_id ? ordinalsGoingOn(items.at(-1) ?? '', after.text) : []
  if (ordinals.length > 0) return { items: ordinals, source: after!.number }
  if (!runsOn || ending.page === null) return null
  for (const source of sources) {
    if (source.document_id !== ending.document_id || source.page !== ending.page + 1) continue
    const items = openingItems(source.text)
    if (items.length > 0) return { items, source: source.number }
  }
  return null
}

/** "other than jboss", "besides guns what else…", "except the first": up to three words, to a question word. */
const EXCLUSION =
  /\b(?:other\s+than|besides|except(?:\s+for)?|apart\s+from|aside\s+from|excluding)(?:\s+(?!(?:what|which|who|how|where|when|why|and|or)\b)[\p{L}\p{N}'’-]+){1,3}/iu

/** The terms of what a question sets aside ("other" with them): a list it asks for is another. */
function excludedTerms(ask: string): string[] {
  const match = EXCLUSION.exec(ask)
  return match ? tokenize(match[0]) : []
}
