import { hyphenedPrefixes } from './hyphenedPrefixes'
import { tokenize } from '../../retrieve/index/tokenize'
import {
  AUDIENCE_ASK,
  QUESTION_SHAPE as ASK_SHAPE,
  longerTerms,
  type QuestionUnderstanding,
  understandQuestion,
  VERSION_ASK,
} from '../../retrieve/understandQuestion'
import type { CandidateSentence } from './candidateSentences'
import { clippedRun } from './clippedRun'
import { closeSpelling } from './closeSpelling'
import { contractedWord } from '../../retrieve/contractedWord'
import { printsOption, typedOptions } from '../../retrieve/typedOptions'
import { definitionQuestion, termStem } from './definitionQuestion'
import { definedAfterQuote } from './definedAfterQuote'
import { askedCell } from './askedCell'
import { dateBesideAsk } from './dateBesideAsk'
import { holdsDuration, OFFSET_ASKED, timeUnit, withoutDurations } from './holdsDuration'
import { instanceLine } from './namedKindLine'
import { holdsPhrase, outsidePhrases } from '../../retrieve/holdsPhrase'
import { askedValueKinds } from './askedValueKinds'
import { holdsMoney } from './holdsMoney'
import { holdsShare } from './holdsShare'
import { placeBesideAsk } from './placeBesideAsk'
import { askFocus, askedThing, listedFocus } from './askFocus'
import { statesFocus } from './statesFocus'
import { originAsk, saysOrigin } from '../../retrieve/nameOrigin'
import { endpointWord, printsRequestLine } from './requestLine'
import { speakerOf } from './speakerOf'
import { howItWorks } from './howItWorks'
import { howToAsk } from './howToAsk'
import { withoutItemNumbers } from './withoutItemNumbers'
import { nameBesideRole } from './nameBesideRole'
import { VARIANT_MATCH, extendsWord, matchWord, wordForm } from './matchWord'
import { synonymForms } from './synonyms'
import { derivedWord, doerOf, ONE_WHO } from './derivedWord'
import { askedAddress, CONTACT_ASK, saidByValue } from './saidByValue'
import { spelledByInitials } from '../../retrieve/spelledByInitials'
import { OPENING_PERSONAL_PRONOUN } from './openingPronoun'
import { statesVersion, VERSION_WORDS } from './versionNumber'
import { AUXILIARY_VERBS, PERSON_NOUNS, SIZE_ADJECTIVES } from '../../retrieve/questionWords'

export interface ScoredSentence {
  sentence: CandidateSentence
  /** Share of the question's weighted terms the sentence contains, in [0, 1]: decides "no answer". */
  coverage: number
  /** Coverage adjusted for phrase matches, definitions, length and source rank: decides the order. */
  score: number
  /** Per question term (in `terms` order): 1 the term itself, less for a variant, 0 absent. */
  matches: readonly number[]
  /** It holds what the question's shape asks for (a date for "when", a figure for "how many"...). */
  holdsKind: boolean
}

export interface SentenceScores {
  /** Best first; ties go to the better-ranked source, then the earlier sentence. */
  ranked: ScoredSentence[]
  /** The question's distinct search terms. */
  terms: string[]
  /** Terms no candidate sentence contains, in any form. */
  missing: string[]
}

/**
 * Words that carry the shape of a question rather than its subject ("how many", "what year", "what
 * is the name of"; Chinese 什么 "what", 多少 "how much", 哪些 "which", and the Japanese bigrams of
 * ですか, とは): the answer sentence rarely repeats them. They weigh little where some sentence has
 * them and nothing where none does. Only these languages are listed; in others such words weigh as
 * much as the rest, which makes "no answer" likelier, never a wrong quote.
 */
/** The verbs a "how long does X …" question closes on to ask the length of time. */
const LASTING_VERB = /^(?:run|runs|last|lasts|take|takes|go|goes)$/u
const QUESTION_SHAPE = new Set([
  ...ASK_SHAPE,
  // "Besides guns, what else…": what is asked is beyond them, not a word to find.
  'else',
  'besides',
  // "The 'best' way to install git": a word for any means, not one printed.
  'way',
  // Contractions typed without their apostrophe: "whats", "hows", "theres".
  ...'whats hows wheres whos thats theres'.split(' '),
  ...'什么 是什 么是 哪些 哪个 哪里 为什 怎么 怎样 如何 多少 几个 是否 是谁 谁是 です すか とは'.split(' '),
])
const QUESTION_SHAPE_WEIGHT = 0.3
/**
 * "how often", "how many", "how much": the word says what is measured, not a word of the answer ("is often
 * seen", "many teams"). Not "long": an FAQ's "How long can I keep a book?" tells which question it answers.
 */
const HOW_MEASURE = /\bhow\s+(many|much|often)\b/iu
/**
 * Where a definition is asked about ("under nclb" in "what is parental involvement under nclb"), or the
 * document a question points at ("in the sre chapter", `QuestionUnderstanding.scope`), weighs this much
 * of its weight: the sentence that answers often names the place only in its heading, or not at all.
 */
const SCOPE_WEIGHT = 0.3
/**
 * A follow-up's words carried over from the question before ("what is that pattern called in c++" after
 * "what function does rust call when a variable goes out of scope") weigh this much of their weight: they
 * keep the subject, and the follow-up's own words say what is asked anew.
 */
const CARRIED_WEIGHT = 0.5
/** The words a definition question asks with ("what does X mean", "stand for"), not about. */
const DEFINING = new Set(['mean', 'means', 'meaning', 'stand', 'stands', 'define', 'definition'])
/**
 * A term found only in the heading a sentence stands under counts partly: the heading is the
 * sentence's context ("The second version switched to a wavelet codec" under "Ferrite 2" answers
 * "How did Ferrite 2 change?"), but weaker evidence than the sentence's own words.
 */
const SECTION_MATCH = 0.6
/**
 * A term found only in the title of the document a sentence's section is part of ("platform sync" for
 * the line under "Platform team weekly sync > Next meeting") counts as its section's words do.
 */
const TITLE_MATCH = SECTION_MATCH

const PHRASE_BONUS = 0.15
/** A term of the sentence before, held through an opening pronoun that stands for what it named. */
const REFERENT_MATCH = 0.5
const DEFINITION_BONUS = 0.4
/**
 * A sentence printing the command-line option the question names ("-s", `typedOptions`) gains this
 * much: search terms drop a one-letter word and its dash, and "the --mathml option causes…" held as
 * many of the ask's words as "the -s option says to create a standalone file".
 */
const OPTION_BONUS = 0.4
/** For "what is X?", a sentence under a heading that names X (section "3.2 Trace Trees"). */
const SECTION_BONUS = 0.1
/** The sentence that opens such a section ("What is a Program" / "The word program is commonly used…:"). */
const SECTION_LEAD_BONUS = 0.3
/**
 * For "what is X?", a sentence that does not name X at all keeps this share of its score: however many
 * of the question's other words it holds ("in dropbox's ATF what's a lambda": "ATF is designed to be a
 * self-serve framework for developers at Dropbox"), it is about the place the question names, not X.
 */
const NO_SUBJECT_SHARE = 0.5
/** A sentence asking a question: it ends on a question mark, whatever closing quote or bracket follows. */
const ASKED_SENTENCE = /\?["'”’)\]]*$/u
/** Words that relate a follow-up's period to the one asked before ("and the year before?"). */
const PERIOD_RELATION = new Set(
  'before after earlier later previous prior next ago following preceding'.split(' '),
)
/**
 * For "what is X?", X's words weigh this many times their rarity: the rest of the ask says where to
 * look ("in the fastapi deployment docs"), which the search has already used, not what to say.
 */
const SUBJECT_WEIGHT = 3
/** A yes-or-no question: an auxiliary verb first. */
const YES_NO_ASK = new RegExp(`^\\s*(?:${AUXILIARY_VERBS})\\b`, 'iu')
/** Sentences longer than this many words lose score gradually: they bury the answer. */
const COMFORTABLE_WORDS = 30
/** ...by this much: a sentence of 30 + LENGTH_SCALE words counts half. */
const LENGTH_SCALE = 60
const RANK_BONUS = 0.02
/**
 * A sentence holding what the question's shape asks for and the question does not already say: a year
 * or a date for "when", a figure for "how many", a name for "who" and "where". It separates the
 * sentence that answers from one that only repeats the question's words.
 */
const ANSWER_KIND_BONUS = 0.12
/**
 * For "who", a person's name printed beside the role asked for ("John J. Donahoe II, President and
 * Chief Executive Officer"): the line of an officers' list or a signature, where the sentences that
 * repeat the question's words best are a certification's ("I have reviewed this annual report of
 * NIKE, Inc.") or another officer's past posts.
 */
const NAME_BESIDE_ROLE_BONUS = 0.5
/**
 * For "when", a date printed right after the asked words ("Our fiscal year ends on January 31"); for
 * "where", a place ("headquarters are located in Los Gatos").
 */
const BESIDE_ASK_BONUS = 0.3
/**
 * A "label value" line whose label holds a word of the question ("Fuel tank 31.7 gal" for "fuel tank
 * size", "Decided May 17, 1954" for "when was it decided"): the value of what is asked, printed as a
 * spec sheet or a docket prints it, where prose repeating the question's words holds none.
 */
const LABEL_VALUE_BONUS = 0.3
/**
 * A sentence under a heading that asks the question itself ("How is ripgrep licensed?" over "ripgrep
 * is dual licensed under the Unlicense and MIT"): the heading holds every word of the ask that some
 * sentence holds, the paragraph under it is the answer.
 */
const HEADING_ASKS_BONUS = 0.25
/**
 * A table's row the ask names by its first cell, one column of it named by its header ("what is mixadapt's
 * glue accuracy" beside "MixAdapt | 85.9 | 74.6 (Method, GLUE, SuperGLUE)"): the cell is the answer, over a
 * sentence saying something else of the two ("MixAdapt is within 0.2 points … on GLUE").
 */
const CELL_BONUS = 0.3
/** A sentence naming every word of the thing asked of a subject (`askedThing`, two words or more). */
const THING_BONUS = 0.15
/**
 * For "what is the penalty…", a sentence saying what the penalty is (`statesFocus`), over one holding as
 * many of the ask's words with the penalty in passing.
 */
const FOCUS_STATED_BONUS = 0.1
/**
 * For "where does the name mozilla come from", a sentence saying what a name comes from ("named after the
 * original code name…, a blending of 'Mosaic and Godzilla'"), over one telling who came up with it where.
 */
const ORIGIN_BONUS = 0.5
/**
 * For "which ollama endpoint deletes a model", an HTTP request line ("DELETE /api/delete"): an API
 * document names its endpoints so, under the heading saying what each does, never in the word the ask uses.
 */
const ENDPOINT_BONUS = 0.5
/**
 * For "how do I…", "how to…", a sentence that instructs with the ask's purpose ("To remove the invisible
 * OCR text layer…, use --mode strip:") over one that only shares its words ("Perhaps you… want to get rid
 * of it"): the asker's wish restated is no answer.
 */
const INSTRUCTION_BONUS = 0.3
/**
 * The parts of a document a question may ask for by name, as its headings name them: "the conclusion of the
 * paper", "the paper's limitations". A closed class, like the question's shape words.
 */
const DOCUMENT_PARTS = new Set(
  'abstract introduction conclusion conclusions discussion limitations methodology background acknowledgements acknowledgments'.split(
    ' ',
  ),
)
/** A sentence under the heading of the part of the document asked for weighs this much more. */
const PART_BONUS = 0.5

/**
 * A sentence of a document holding less of the ask than another does (`documentCoverage`) loses this
 * much of its score per share of the ask's weight it lacks: "when is the next pta meeting" is asked of
 * the minutes that say "PTA", not of a club's deck whose last slide prints "Next meeting: January 20".
 */
const DOCUMENT_GAP = 1

/**
 * A command line keeps this share of its score where the ask is not for a way of doing something: it
 * shows the words in use, a sentence says what they do.
 */
const COMMAND_SHARE = 0.9
/**
 * An agenda's or a contents page's line keeps this share of its score: "what do they recommend" is
 * answered by the slide "Recommendations", not by the agenda's "What we recommend" that names it. Still
 * quoted where nothing else holds the ask.
 */
const POINTER_SHARE = 0.3
/** A table's total row, for a figure asked of no row's label, weighs this much more than the other rows. */
const TOTAL_ROW_BONUS = 0.1
const TOTAL_LABEL = /^(?:grand\s+)?totals?\b/iu

/** Whether a candidate is a table's row labelled "Total" whose label holds none of the ask's `terms`. */
function totalRow(sentence: CandidateSentence, terms: readonly string[]): boolean {
  const [label, ...cells] = sentence.text.split(' | ')
  if (cells.length === 0 || !TOTAL_LABEL.test(label!)) return false
  return !tokenize(label!).some((word) => word !== 'total' && terms.some((term) => matchWord(term, word) > 0))
}

/** A sentence saying whom a document is for ("is intended for technical staff", "written for beginners"). */
const AUDIENCE =
  /\b(?:intended|designed|written|meant|aimed|targeted|tailored)\s+(?:primarily\s+|mainly\s+|especially\s+)?(?:for|at)\b|\baudiences?\b|\breaders?\s+(?:who|with)\b/iu
/** An ask for the agenda or the contents themselves, which their lines answer. */
const POINTER_ASK =
  /\b(?:agenda|overview|outline|contents|topics|roadmap|cover(?:s|ed)?|sections?|parts?)\b/iu
/** An ask for a command or its use in so many words ("which command", "example of", "the syntax for"). */
const COMMAND_ASK = /\b(?:command|commands|example|examples|syntax|usage|invoke|run)\b/iu

/** "To remove X, use…", "If you want to remove X, run…": a purpose, then what to do for it. */
const INSTRUCTION = /^(?:to|if\s+you\s+(?:want|need|would\s+like|wish)\s+to)\s+\p{Ll}+\b[^,:;]*[,:]\s*\S/u

/**
 * Scores each candidate sentence against the question by content-word overlap, each term weighted by
 * its inverse document frequency over the candidate sentences (a term in every sentence says little
 * about which one answers). A term that no sentence contains gets the weight of the rarest term that
 * does appear: it is what the question is about and nothing here mentions it, so it must lower every
 * sentence's coverage, and by no less than a matched rare term raises it.
 */
export function scoreSentences(
  question: string | QuestionUnderstanding,
  candidates: readonly CandidateSentence[],
): SentenceScores {
  const understanding = typeof question === 'string' ? understandQuestion(question) : question
  const terms = understanding.terms
  const asked = new Set(tokenize(understanding.question))
  // "How long…", "how often…": a length of time or a frequency is the answer's kind.
  const durationAsked =
    understanding.wants === 'other' && askedValueKinds(understanding.ask.toLowerCase()).includes('duration')
  // "How long do they take it": not "4 weeks after stopping it", unless it asks how long after.
  const offsetAsked = OFFSET_ASKED.test(understanding.ask)
  // "How big…": a size, in any unit but time's.
  const sizeAsked = HOW_SIZE.test(understanding.ask)
  // "What does a meeting room cost": an amount of money, not a room's 12 seats. A table's cells print
  // amounts without their currency ("in millions" above them).
  const valueKinds = askedValueKinds(understanding.ask.toLowerCase())
  const moneyAsked = valueKinds.length === 1 && valueKinds[0] === 'money'
  // "What's the late fee": an amount, or a share of something.
  const priceAsked = valueKinds.length === 2 && valueKinds.includes('money') && valueKinds.includes('percent')
  // "How much is a share": an amount, not "within 60 days" (a length of time is how long, not how much).
  const muchAsked = /\bhow\s+much\b/iu.test(understanding.ask) && !valueKinds.includes('duration')
  // "How old…" is answered by a length of time or by an age alone ("Keith is aged 72"): a number.
  const ageAsked = durationAsked && /\bhow\s+old\b/iu.test(understanding.ask)
  // "How many people took the survey": a year ("conducted in 2017") counts nothing.
  const countAsked = /\bhow\s+many\b/iu.test(understanding.ask)
  // "Which OCR engine works on GPU", "which repo does he clone": one of a kind, answered by its name.
  const instanceAsked = understanding.wants === 'other' && !durationAsked && oneOfAKind(understanding.ask)
  const instance = understanding.wants === 'other' ? instanceLine(understanding.ask) : undefined
  const count = candidates.length
  // Each term's variants among all the words of the candidates, found once: checking every word of
  // every sentence against every term would cost terms x sentences x words.
  const vocabulary = new Set(candidates.flatMap((sentence) => [...sentence.terms]))
  // A word typed a slip of the keys away from the documents' spelling counts as a variant of it.
  // Words of one form are grouped once, so a term's other forms are one look-up, not one per word.
  const byForm = new Map<string, string[]>()
  for (const word of vocabulary) {
    const form = wordForm(word)
    const words = byForm.get(form)
    if (words) words.push(word)
    else byForm.set(form, [word])
  }
  const variants = terms.map((term) => {
    const form = wordForm(term)
    return [
      ...new Set([
        ...(byForm.get(form) ?? []).filter((word) => word !== term),
        // "cap" typed, "limit" printed: the word in other words.
        ...synonymForms(term).flatMap((synonym) => byForm.get(synonym) ?? []),
        ...[...vocabulary].filter(
          (word) =>
            word !== term &&
            (extendsWord(term, word) ||
              closeSpelling(term, word) ||
              contractedWord(term, word) ||
              // "attended" typed, "Attendees:" printed: the verb's agent noun; asking who, its doer's
              // ("who advised the team": "Advisor: Prof. Karen Holt").
              derivedWord(form, word, ONE_WHO) ||
              (understanding.wants === 'person' && doerOf(term, word))),
        ),
      ]),
    ]
  })
  // Terms the candidates' words make when two are joined; only those are looked for across words.
  const joined = terms.map(
    (term) =>
      !vocabulary.has(term) &&
      [...term].some((_, i) => vocabulary.has(term.slice(0, i)) && vocabulary.has(term.slice(i))),
  )
  // A term no candidate prints may clip two of their words ("capex"): looked for only then.
  const clippable = terms.map((term, t) => !vocabulary.has(term) && (variants[t] ?? []).length === 0)
  const versionAsk = VERSION_ASK.test(understanding.ask)
  // "what EQUIPMENT do remote workers get": under the heading "Equipment and expenses", the sentence
  // listing "a laptop, a monitor, a headset" is of the kind asked, though it never says the word.
  const focus = askFocus(understanding.ask) ?? listedFocus(understanding.ask)
  // "What did the headteacher say": the section under "Headteacher's update" is what was said.
  const speaker = speakerOf(understanding.ask)
  // The documents with a heading naming the kind asked ("6. Equipment and expenses" for "what equipment…").
  const focusHeaded = new Set(
    candidates
      .filter((sentence) => focus !== null && terms.includes(focus) && sentence.section.includes(focus))
      .map((sentence) => sentence.document),
  )
  const nonAsked = terms.includes(NON)
  const quality = candidates.map((sentence): number[] => {
    const row = terms.map((term, t) => {
      // "Non-residents" names no residents: a word the sentence holds only after "non-" is its opposite.
      if (sentence.terms.has(term) && !nonAsked && oppositeOnly(sentence.sequence, term)) return 0
      if (sentence.terms.has(term)) return 1
      // A year meets its period's other printed forms ("2022" in "FY2022"), as the period grammar reads them.
      if (YEAR.test(term) && [...sentence.terms].some((word) => word !== term && word.endsWith(term)))
        return 1
      if ((variants[t] ?? []).some((word) => sentence.terms.has(word))) return VARIANT_MATCH
      if (saidByValue(term, sentence.text)) return VARIANT_MATCH
      // "superbowl" typed for "Super Bowl".
      if (
        joined[t] &&
        sentence.sequence.some((word, i) => closeSpelling(term, word, sentence.sequence[i + 1]))
      )
        return VARIANT_MATCH
      // "CEO" in a question, "Chief Executive Officer" in the passage.
      if (
        understanding.acronyms.includes(term) &&
        spelledByInitials(term, outsidePhrases(sentence.sequence, longerTerms(understanding, term)))
      )
        return 1
      // "capex" typed, "capital expenditures" printed.
      if (clippable[t] && clippedRun(term, sentence.sequence)) return VARIANT_MATCH
      // "A. The unit shall not exceed 1,200 square feet" under "An accessory dwelling unit shall comply
      // with the following standards:", for "how big can an adu be": its section spells the acronym.
      if (
        !sentence.section.includes(term) &&
        understanding.acronyms.includes(term) &&
        spelledByInitials(term, outsidePhrases(sentence.section, longerTerms(understanding, term)))
      )
        return SECTION_MATCH
      if (!sentence.section.includes(term)) return sentence.title.includes(term) ? TITLE_MATCH : 0
      return term === focus || speaker?.who.includes(term) ? 1 : SECTION_MATCH
    })
    // "min python version": a version's number says it ("requires Python 3.10 or higher").
    if (versionAsk && statesVersion(sentence.text))
      terms.forEach((term, t) => VERSION_WORDS.test(term) && (row[t] = 1))
    // A defined term stands for its other form ("CEO" for "Chief Executive Officer", and back).
    for (const alias of understanding.aliases) {
      if (!alias.forms.some((form) => holdsPhrase(outsidePhrases(sentence.sequence, alias.within), form)))
        continue
      for (const term of alias.terms) {
        const t = terms.indexOf(term)
        if (t >= 0) row[t] = 1
      }
    }
    return row
  })
  // "Patrick is single, employed as a waiter… He will gain €825 from the Budget.": a sentence opening
  // with a personal pronoun speaks of what the one before it named, so it holds that one's words in part.
  const at = new Map(candidates.map((sentence, s) => [`${sentence.source}:${sentence.position}`, s]))
  const unreferred = quality.map((row) => [...row])
  candidates.forEach((sentence, s) => {
    if (!OPENING_PERSONAL_PRONOUN.test(sentence.text)) return
    const before = unreferred[at.get(`${sentence.source}:${sentence.position - 1}`) ?? -1]
    const row = quality[s]!
    if (before) before.forEach((held, t) => (row[t] = Math.max(row[t] ?? 0, held * REFERENT_MATCH)))
  })
  const frequency = terms.map((_, t) => quality.filter((row) => (row[t] ?? 0) > 0).length)
  // A sentence that holds a term only partly (another form of it, "compresses" for "compression", or
  // the term in its heading alone) counts partly towards how common the term is, as it counts partly
  // towards coverage: counted whole, a word's other forms made the term look common and weigh little
  // (natural tuning half: false abstention 0.083 counted whole, 0.056 counted partly).
  const commonness = terms.map((_, t) => quality.reduce((sum, row) => sum + Math.min(1, row[t] ?? 0), 0))
  const rarest = idf(1, count)
  const definition = definitionQuestion(understanding.ask)
  // "What does LOA stand for", "what does X mean": the verb asks for a definition, which rarely repeats it
  // ("standard" is no form of "stand" there).
  // "How many people took the survey": where no sentence says "people", the text counts them under its own
  // name for them ("5,000 software professionals"); where one does ("five people"), it counts.
  const persons = HOW_MANY_PERSONS.exec(understanding.ask)?.[1]?.toLowerCase()
  // "How long does the lease run", "how long does the battery last": the closing verb asks the length, as
  // "how long" does; "runs" need not be printed beside it.
  const closing = understanding.ask
    .trim()
    .replace(/[\s?.!]+$/u, '')
    .split(/[^\p{L}\p{N}_]+/u)
    .at(-1)
    ?.toLowerCase()
  const lasting = (term: string) => durationAsked && LASTING_VERB.test(term) && term === closing
  // "anti" of "anti-circumvention": a prefix typed before a hyphen, where the text says "circumvention".
  const boundPrefixes = hyphenedPrefixes(understanding.ask)
  const shape = (term: string) =>
    QUESTION_SHAPE.has(term) ||
    boundPrefixes.has(term) ||
    lasting(term) ||
    (definition !== null && !definition.subject.includes(term) && DEFINING.has(term)) ||
    (term === persons && (frequency[terms.indexOf(term)] ?? 0) === 0) ||
    speaker?.verb === term
  const scoping = (term: string) => definition?.scope.includes(term) || understanding.scope.includes(term)
  const mechanism = howItWorks(understanding.ask)
  // "are dvds lent for three weeks": the thing a yes-or-no question is of, its first word that is no
  // word of a question's shape (`shape`), right after its verb.
  const yesNoSubject = YES_NO_ASK.test(understanding.ask)
    ? (tokenize(understanding.ask).find((term) => terms.includes(term) && !shape(term)) ?? null)
    : null
  // "how often is a talent review done": "often" asks for a frequency; a sentence saying "is often seen"
  // holds the question's word, not its answer.
  const measured = HOW_MEASURE.exec(understanding.ask)?.[1]?.toLowerCase()
  const weights = terms.map((term, t) => {
    const df = commonness[t] ?? 0
    if (term === measured) return 0
    // "what does the name neon actually mean": "name" and "actually" say nothing of neon.
    if (definition?.aside.includes(term) && !definition.subject.includes(term)) return 0
    // "How does code review work": the verb asks for a mechanism, as "how" does; "working days" says none.
    if (mechanism && /^works?$/u.test(term)) return 0
    if (lasting(term)) return 0
    if (!shape(term)) {
      const weight = df === 0 ? rarest : idf(df, count)
      if (scoping(term)) return weight * SCOPE_WEIGHT
      if (understanding.carried.includes(term)) return weight * CARRIED_WEIGHT
      return definition?.subject.includes(term) ? weight * SUBJECT_WEIGHT : weight
    }
    return df === 0 ? 0 : QUESTION_SHAPE_WEIGHT * idf(df, count)
  })
  // A follow-up's own words say what it asks anew ("how long do they take sitagliptin?"): the words carried
  // from the question before weigh no more than they do together, however rare, where the passages are all
  // of the follow-up's subject and its word is in every sentence.
  const carriedSum = sumWhere(weights, (t) => understanding.carried.includes(terms[t]!))
  const typedSum = sumWhere(
    weights,
    (t) => !understanding.carried.includes(terms[t]!) && !shape(terms[t]!) && !PERIOD_RELATION.has(terms[t]!),
  )
  if (typedSum > 0 && carriedSum > typedSum)
    terms.forEach((term, t) => {
      if (understanding.carried.includes(term)) weights[t] = weights[t]! * (typedSum / carriedSum)
    })
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const documentShare = documentCoverage(candidates, terms, quality, weights, total)
  const bestShare = Math.max(0, ...documentShare.values())
  const weighty = terms.filter((term, t) => (weights[t] ?? 0) > 0 && !shape(term))
  // Its own words, but those relating a period to the one before ("and a year before?": the period is
  // asked anew, not the word), and only those some sentence holds.
  const own =
    understanding.carried.length > 0
      ? weighty.filter(
          (term) =>
            !understanding.carried.includes(term) &&
            !PERIOD_RELATION.has(term) &&
            (frequency[terms.indexOf(term)] ?? 0) > 0,
        )
      : []
  const audience = AUDIENCE_ASK.test(understanding.ask)
  const pairs = termPairs(understanding.ask)
  const thing = askedThing(understanding.ask) ?? []

  // 'the making of “ephemeral recordings.” These are recordings made…': the first names the subject in
  // quotes, the next says what it is; the first is quoted with it (`pickAnswer`).
  const definedNext = (sentence: CandidateSentence) => {
    const next = candidates[at.get(`${sentence.source}:${sentence.position + 1}`) ?? -1]
    return next !== undefined && definedAfterQuote(sentence.text, next.text)
  }
  // Under a heading that is the term, a sentence may define it as "this test" ("You meet this test if…").
  const definingUnderTerm = new Set(
    definition === null
      ? []
      : candidates.filter(
          (sentence) => sameTerms(definition.subject, sentence.section) && definition.defines(sentence.text),
        ),
  )
  const definingSections = new Set([...definingUnderTerm].map((sentence) => sentence.source))
  // A glossary's entry for the term: the line opening a section headed by the term alone, not naming it
  // again ("isProbablyReaderable(document, options)" / "A quick-and-dirty way of figuring out if…").
  const glossed =
    definition !== null &&
    candidates.some(
      (sentence) =>
        sentence.lead &&
        !definingSections.has(sentence.source) &&
        sameTerms(definition.subject, sentence.section) &&
        !definition.subject.every((term) => [...sentence.terms].some((word) => matchWord(term, word) > 0)),
    )
  const part = terms.filter((term) => DOCUMENT_PARTS.has(term))
  const options = typedOptions(understanding.ask)
  const howTo = howToAsk(understanding.ask)
  const origin = originAsk(understanding.ask)
  const endpointAsked = terms.some(endpointWord)
  // "Who do I contact for IT help": an office's number is whom to reach ("IT help desk: ext. 2400").
  const contactAsked = CONTACT_ASK.test(understanding.ask)
  // "What's his email": a line printing an address answers it, in no word for it.
  const address = askedAddress(tokenize(understanding.ask))
  const ranked = candidates.map((sentence, s) => {
    const row = quality[s] ?? []
    const matched = weights.reduce((sum, weight, t) => sum + weight * (row[t] ?? 0), 0)
    const coverage = total > 0 ? matched / total : 0
    let score = coverage / (1 + Math.max(0, sentence.words - COMFORTABLE_WORDS) / LENGTH_SCALE)
    if (pairs.length > 0) score += (PHRASE_BONUS * countPhrases(pairs, sentence.sequence)) / pairs.length
    // "is dental covered for new hires": a sentence not naming what the question is of ("New hire
    // orientation") says nothing of it, as a definition's without its subject.
    if (yesNoSubject !== null && (row[terms.indexOf(yesNoSubject)] ?? 0) === 0) score *= NO_SUBJECT_SHARE
    if (options.length > 0)
      score +=
        (OPTION_BONUS * options.filter((option) => printsOption(sentence.text, option)).length) /
        options.length
    if (definition) {
      // A definition is worth quoting even when long ("X (Portuguese: ...; Spanish: ...) is ...").
      // The pattern is only tried where every subject word occurs as it spells it (the word, or the word
      // and up to three letters): it is slow, and cannot match elsewhere.
      const hasSubject = definition.subject.every((term) => {
        const stem = termStem(term)
        return sentence.sequence.some((word) => word.startsWith(stem) && word.length <= stem.length + 3)
      })
      const namesSubject = definition.subject.some((term) => (row[terms.indexOf(term)] ?? 0) > 0)
      if (!namesSubject) score *= NO_SUBJECT_SHARE
      const underTerm = sameTerms(definition.subject, sentence.section)
      const definesIt =
        coverage > 0 &&
        (definingUnderTerm.has(sentence) || (hasSubject && !underTerm && definition.defines(sentence.text)))
      if (definesIt) score += DEFINITION_BONUS
      else if (coverage > 0 && hasSubject && definedNext(sentence)) score += DEFINITION_BONUS
      // A section's first sentence stands for the definition its heading promises, unless another of
      // its sentences is one.
      const opensIt = sentence.lead && !definingSections.has(sentence.source)
      if (coverage > 0 && underTerm) score += definesIt || opensIt ? SECTION_LEAD_BONUS : SECTION_BONUS
      // A glossary's entry: the line under the term, whatever its grammar, that does not name the term
      // again ("Black-box monitoring" / "Testing externally visible behavior as a user would see it.").
      if (coverage > 0 && underTerm && opensIt && !definesIt && !hasSubject) score += DEFINITION_BONUS
      // Where a glossary says what the term is, a sentence elsewhere naming it without saying so tells
      // something else of it ("isProbablyReaderable can now take an optional options object").
      else if (glossed && !underTerm && !definesIt) score *= NO_SUBJECT_SHARE
    }
    // A follow-up asks anew in its own words ("and how many die?" after "how many get sick"): a sentence
    // holding none of them answers the question before ("2 million get sick"), not this one.
    if (own.length > 0 && !own.some((term) => (row[terms.indexOf(term)] ?? 0) > 0)) score *= NO_SUBJECT_SHARE
    // In a document with a section on the kind asked, a sentence outside it that never names the kind is
    // of another topic, whatever else of the ask it repeats ("Submit the Remote Work Request form").
    if (focusHeaded.has(sentence.document) && (row[terms.indexOf(focus!)] ?? 0) === 0)
      score *= NO_SUBJECT_SHARE
    // "Why does the STANDALONE_WASM flag exist?": a question the text asks itself answers nothing.
    if (ASKED_SENTENCE.test(sentence.text)) score *= NO_SUBJECT_SHARE
    score += RANK_BONUS / (1 + sentence.rank)
    if (
      headingAsks(sentence.section, weighty) ||
      (speaker && speaker.who.every((term) => sentence.section.some((word) => matchWord(term, word) > 0)))
    )
      score += HEADING_ASKS_BONUS
    // "what's the conclusion of the event mining paper": the sentences under that part's heading ("5
    // Conclusion"), whatever else they share with the ask (the paper's name is on its title).
    if (part.length > 0 && sameTerms(part, sentence.section)) score += PART_BONUS
    // "What is the primary endpoint of the trial": a sentence naming the thing asked ("Study Endpoints:
    // Primary, …") says it; one naming only the trial says something else of it.
    if (
      thing.length > 1 &&
      thing.every((term) => [...sentence.terms].some((word) => matchWord(term, word) > 0))
    )
      score += THING_BONUS
    if (coverage > 0 && statesFocus(understanding.ask, thing.at(-1) ?? focus, sentence.text))
      score += FOCUS_STATED_BONUS
    if (origin && coverage > 0 && saysOrigin(sentence.text)) score += ORIGIN_BONUS
    if (endpointAsked && coverage > 0 && printsRequestLine(sentence.text)) score += ENDPOINT_BONUS
    if (howTo && coverage > 0 && INSTRUCTION.test(sentence.text.replace(/^\p{Lu}/u, (c) => c.toLowerCase())))
      score += INSTRUCTION_BONUS
    const label = sentence.label
    // "How many volunteers": "Volunteer hours: 41,000" counts hours, a length of time the ask does not count.
    const timeLabel = countAsked && (label ?? []).some((term) => !terms.includes(term) && timeUnit(term))
    if (
      label &&
      !timeLabel &&
      /\d/u.test(sentence.text) &&
      terms.some((term, t) => (row[t] ?? 0) >= VARIANT_MATCH && labelHolds(label, term))
    )
      score += LABEL_VALUE_BONUS
    const holdsKind =
      coverage > 0 &&
      !timeLabel &&
      (moneyAsked || priceAsked
        ? holdsMoney(sentence.text) ||
          (priceAsked && holdsShare(sentence.text)) ||
          (sentence.text.includes(' | ') && /\d/u.test(sentence.text))
        : durationAsked
          ? holdsDuration(sentence.text, offsetAsked) || (ageAsked && holdsAge(sentence.text, asked))
          : holdsAnswerKind(
              instanceAsked ? 'person' : understanding.wants,
              sizeAsked || muchAsked ? withoutDurations(sentence.text) : ownText(sentence, understanding),
              asked,
              countAsked,
            ) ||
            (contactAsked && saidByValue('contact', sentence.text)) ||
            (address !== null && saidByValue(address, sentence.text)))
    if (holdsKind) score += ANSWER_KIND_BONUS
    if (
      coverage > 0 &&
      rowNamed(sentence.text, terms) &&
      askedCell(sentence.text, understanding.ask) !== null
    )
      score += CELL_BONUS
    // "how much does greenwatch cost" beside a budget's rows ("Microcontroller | $25", "Total | $137"), none
    // of whose labels it names: the whole's figure is the total's.
    if (understanding.wants === 'figure' && coverage > 0 && totalRow(sentence, terms))
      score += TOTAL_ROW_BONUS
    // "what microcontroller does greenwatch use": a line naming one ("Arduino Uno microcontroller"), over
    // one printing the kind's noun alone ("Microcontroller | $25").
    if (instance && coverage > 0 && instance(sentence.text)) score += ANSWER_KIND_BONUS
    // "who is the fedramp guide for": "This document is intended for technical staff and tool developers…".
    if (audience && coverage > 0 && AUDIENCE.test(sentence.text)) score += BESIDE_ASK_BONUS
    if (
      holdsKind &&
      understanding.wants === 'person' &&
      nameBesideRole(ownText(sentence, understanding), understanding)
    )
      score += NAME_BESIDE_ROLE_BONUS
    if (holdsKind && understanding.wants === 'date' && dateBesideAsk(sentence.text, understanding))
      score += BESIDE_ASK_BONUS
    if (holdsKind && understanding.wants === 'place' && placeBesideAsk(sentence.text, understanding))
      score += BESIDE_ASK_BONUS
    // "how many equations did lorenz use": "Lorenz idealized the atmosphere in 12 equations…" counts them,
    // over a sentence naming the equations he used without a number.
    if (holdsKind && countAsked && focus !== null && countsFocus(sentence.text, focus))
      score += BESIDE_ASK_BONUS
    score *= 1 - DOCUMENT_GAP * (bestShare - (documentShare.get(sentence.document) ?? bestShare))
    // "What does --keep do": the sentence saying so over the command using it, where both hold the ask.
    if (sentence.command && !howTo && !COMMAND_ASK.test(understanding.ask)) score *= COMMAND_SHARE
    if (sentence.pointer && !POINTER_ASK.test(understanding.ask)) score *= POINTER_SHARE
    return { sentence, coverage, score, matches: row, holdsKind }
  })
  ranked.sort(
    (a, b) =>
      b.score - a.score || a.sentence.rank - b.sentence.rank || a.sentence.position - b.sentence.position,
  )
  return {
    ranked,
    terms,
    // Where to look ("in the hbcu deck") is the document's name, often printed in no sentence of it.
    missing: terms.filter((term, t) => frequency[t] === 0 && !shape(term) && !scoping(term)),
  }
}

const YEAR = /^(?:19|20)\d\d$/u
const HOW_SIZE = new RegExp(String.raw`\bhow\s+(?:${SIZE_ADJECTIVES})\b`, 'iu')
/** A verb after "which …" that ends the noun it asks about ("which repo does…", "which tools are…"). */
const AUXILIARY = new RegExp(`^(?:${AUXILIARY_VERBS})$`, 'u')
/**
 * Plural verbs agreeing with the noun asked about: "which tools are…" asks for several. "Do" and "have"
 * agree with a subject after them ("which engine do you use").
 */
const PLURAL_AUXILIARY = /^(?:are|were)$/u

/**
 * Whether the ask is "which X …" of one X ("which ocr engine works on gpu", "which repo does he clone",
 * "which of the founders started it"): its answer names one. "Which variables affect…" asks for several.
 */
function oneOfAKind(ask: string): boolean {
  const words = ask
    .toLowerCase()
    .replace(/[?.!,]/gu, ' ')
    .trim()
    .split(/\s+/u)
  if (words[0] !== 'which' || words.length < 3) return false
  if (words[1] === 'of' || (words[1] === 'one' && words[2] === 'of')) return true
  const verb = words.findIndex((word, i) => i > 0 && i <= 4 && AUXILIARY.test(word))
  if (verb > 0 && PLURAL_AUXILIARY.test(words[verb]!)) return false
  const noun = words.slice(1, verb > 0 ? verb : 3)
  return noun.length > 0 && !noun.some((word) => /[^su]s$/u.test(word))
}
/**
 * A date no four-digit year prints: an era's year ("45 BC", "AD 79"), a decade ("the 1950s"; "1960s-era"
 * names none), or a fiscal year as companies shorten it ("FY22", "FY '23"; "in F15", where "F15" alone may
 * be a key or a jet).
 */
const OTHER_DATE =
  /\b\d{1,4}\s?(?:BC|BCE|AD|CE)\b|\b(?:AD|CE)\s?\d{1,4}\b|\b(?:1[5-9]|20)\d0s\b(?!-)|['’]\d0s\b|\bFY\s?['’]?\d{2}(?:\d{2})?\b|\b(?:[Ii]n|[Dd]uring|[Ss]ince|[Bb]y|[Uu]ntil|[Ff]rom)\s+F\d{2}\b/u
/**
 * English counts written out ("four interceptions", "nine nations"): a closed class of words, as
 * the months are. Other languages' answers to "how many" count only when written in digits.
 */
const NUMBER_WORD =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|dozens?)\b/giu
/**
 * A month's name, any case; "May", "March" and "August" only capitalised, since as words ("a time may
 * come", "march on", "an august body") they date nothing.
 */
const MONTH =
  /\b(?:[Jj]anuary|[Ff]ebruary|[Aa]pril|[Jj]une|[Jj]uly|[Ss]eptember|[Oo]ctober|[Nn]ovember|[Dd]ecember|May|March|August)\b|\b(?:JANUARY|FEBRUARY|MARCH|APRIL|MAY|JUNE|JULY|AUGUST|SEPTEMBER|OCTOBER|NOVEMBER|DECEMBER)\b/u

/** A month's or a weekday's name, capitalised as it is printed: no person's or organisation's. */
const CALENDAR_NAME =
  /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/u

/** A month's abbreviation with its day, as calendars print it: "Oct. 31", "Sept 5". */
const MONTH_DAY = /\b(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?\s+\d{1,2}\b(?!\s*%)/iu
/** A time of day ("8:45 am", "7 p.m.", "19:30"): when something happens, to the hour. */
const TIME_OF_DAY =
  /\b\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?![\p{L}])|\b(?:[01]?\d|2[0-3]):[0-5]\d\b/iu

/** Whether `text` holds an answer of the kind asked that is not one of the question's own words. */
const HOW_MANY_PERSONS = new RegExp(String.raw`\bhow\s+many\s+(${PERSON_NOUNS})\b`, 'iu')

/** A year as a count question meets one: a figure from 1500 to 2099, no separator in it. */
const COUNTLESS_YEAR = /^(?:1[5-9]|20)\d\d[.,]?$/u

/** The prefix "non-" as the tokenizer reads it: a word of its own. */
const NON = 'non'

/** Whether every time `sequence` holds `term`, "non" comes right before it ("non-residents"). */
function oppositeOnly(sequence: readonly string[], term: string): boolean {
  return sequence.includes(term) && sequence.every((word, i) => word !== term || sequence[i - 1] === NON)
}

/**
 * A whole number and the word right after it ("12 equations", "three rules"); not a measure ("0.62 tons",
 * "1.5 gigatons"), which no one counts one by one.
 */
const COUNT_BEFORE =
  /(?:^|[\s(])(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|dozen)\s+([\p{L}-]+)/giu

/** Whether a sentence prints a count of the asked noun, its number right before it ("12 equations"). */
function countsFocus(text: string, focus: string): boolean {
  for (const match of text.matchAll(COUNT_BEFORE)) {
    const counted = tokenize(match[1]!)[0]
    if (counted !== undefined && matchWord(focus, counted) > 0) return true
  }
  return false
}

function holdsAnswerKind(
  wants: QuestionUnderstanding['wants'],
  text: string,
  asked: ReadonlySet<string>,
  /** A count is asked ("how many"): a year is no figure of it. */
  count = false,
): boolean {
  if (wants === 'other') return false
  const fresh = (word: string) => tokenize(word).some((term) => !asked.has(term))
  if (wants === 'date') {
    return (
      [...text.matchAll(/\b(?:1\d{3}|20\d{2})\b/gu)].some(([year]) => fresh(year)) ||
      MONTH.test(text) ||
      MONTH_DAY.test(text) ||
      TIME_OF_DAY.test(text) ||
      OTHER_DATE.test(text)
    )
  }
  if (wants === 'figure') {
    return (
      [...withoutItemNumbers(text).matchAll(/\d[\d,.]*/gu)].some(
        ([figure]) => fresh(figure) && !(count && COUNTLESS_YEAR.test(figure)),
      ) || [...text.matchAll(NUMBER_WORD)].some(([word]) => fresh(word))
    )
  }
  // A name: a capitalised word past the sentence's first that the question does not use, not a month's or
  // a day's ("The survey ran from November 2…" names no one), nor one opening what follows a colon ("told
  // like this: Using the LGP-30, Lorenz…").
  const words = text.split(/\s+/u)
  return words.some(
    (word, i) =>
      i > 0 &&
      !/[:;.!?]$/u.test(words[i - 1]!) &&
      /^\p{Lu}\p{Ll}/u.test(word) &&
      !CALENDAR_NAME.test(word) &&
      fresh(word),
  )
}

/**
 * What a sentence says itself, to look in for a name: a table row's own cells, not its header quoted after
 * them ("Founded | February 28, 1998 (Industry, Open-source software)" names no founder).
 */
function ownText(sentence: CandidateSentence, understanding: QuestionUnderstanding): string {
  if (understanding.wants !== 'person' || sentence.header === undefined) return sentence.text
  const quoted = ` (${sentence.header})`
  return sentence.text.endsWith(quoted) ? sentence.text.slice(0, -quoted.length) : sentence.text
}

/** An age in digits the question does not print ("Keith is aged 72"): "first" or "Super Bowl 50" is none. */
function holdsAge(text: string, asked: ReadonlySet<string>): boolean {
  return [...withoutItemNumbers(text).matchAll(/(?<![\d.,])\d{1,3}(?![\d.,]\d)/gu)].some(
    ([age]) => !asked.has(age),
  )
}

/** Whether a table row's first cell holds one of the ask's terms, in some form. */
function rowNamed(text: string, terms: readonly string[]): boolean {
  if (!text.includes(' | ')) return false
  const label = tokenize(text.split(' | ')[0]!)
  return terms.some((term) => label.some((word) => matchWord(term, word) > 0))
}

/** The heading holds every weighty term of the ask (at least two), in some form. */
function headingAsks(section: readonly string[], asked: readonly string[]): boolean {
  return asked.length >= 2 && asked.every((term) => section.some((word) => matchWord(term, word) > 0))
}

/** The label holds the term or another form of it. */
function labelHolds(label: readonly string[], term: string): boolean {
  return label.some((word) => matchWord(term, word) > 0)
}

/** BM25's idf, always positive. */
/** The sum of the weights whose index `t` passes `where`. */
function sumWhere(weights: readonly number[], where: (t: number) => boolean): number {
  return weights.reduce((sum, weight, t) => (where(t) ? sum + weight : sum), 0)
}

function idf(frequency: number, count: number): number {
  return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5))
}

/** A heading's words that ask what its term means. */
const ASKS_MEANING = new Set(['mean', 'meant', 'meaning', 'definition', 'define', 'defined'])

/** Adjacent content words of the question, in order: "trace tree" in "What is a trace tree?". */
function termPairs(question: string): Array<[string, string]> {
  const sequence = tokenize(question)
  const pairs: Array<[string, string]> = []
  for (let i = 0; i + 1 < sequence.length; i++) pairs.push([sequence[i]!, sequence[i + 1]!])
  return pairs
}

/**
 * Every term of each has a match in the other, numbers aside ("3.2 Trace Trees" names "trace tree"), and
 * the words of a heading asking what it means ("What do we mean by succession pools?", "Definition of X").
 */
export function sameTerms(subject: readonly string[], heading: readonly string[]): boolean {
  const words = heading.filter((term) => !/^\p{N}+$/u.test(term) && !ASKS_MEANING.has(term))
  if (words.length === 0) return false
  const covers = (a: readonly string[], b: readonly string[]) =>
    a.every((term) => b.some((other) => matchWord(term, other) > 0))
  return covers(subject, words) && covers(words, subject)
}

function countPhrases(pairs: ReadonlyArray<[string, string]>, sequence: readonly string[]): number {
  let found = 0
  for (const [first, second] of pairs) {
    for (let i = 0; i + 1 < sequence.length; i++) {
      if (matchWord(first, sequence[i]!) > 0 && matchWord(second, sequence[i + 1]!) > 0) {
        found++
        break
      }
    }
  }
  return found
}

/**
 * Each document's share of the ask's weight (`weights` over `total`) that it holds anywhere among the
 * candidates, in a sentence or the heading over one (as `quality` rates them), or in what it says about
 * itself (its file name, title and opening: `CandidateSentence.named`). Empty where the candidates come
 * from one document: there is none to prefer.
 */
function documentCoverage(
  candidates: readonly CandidateSentence[],
  terms: readonly string[],
  quality: readonly (readonly number[])[],
  weights: readonly number[],
  total: number,
): Map<string, number> {
  const held = new Map<string, number[]>()
  candidates.forEach((sentence, s) => {
    let row = held.get(sentence.document)
    if (!row) {
      const named = new Set([...sentence.named].map(wordForm))
      row = terms.map((term) => (sentence.named.has(term) || named.has(wordForm(term)) ? 1 : 0))
      held.set(sentence.document, row)
    }
    ;(quality[s] ?? []).forEach((match, t) => (row![t] = Math.max(row![t] ?? 0, Math.min(1, match))))
  })
  if (held.size < 2 || total <= 0) return new Map()
  return new Map(
    [...held].map(([document, row]) => [
      document,
      weights.reduce((sum, weight, t) => sum + weight * (row[t] ?? 0), 0) / total,
    ]),
  )
}
