import { asksSpelling } from '../../retrieve/asksSpelling'
import { acronymDefinition } from '../../retrieve/acronymDefinition'
import { tokenize } from '../../retrieve/index/tokenize'
import { initialsInOrder } from '../../retrieve/spelledByInitials'
import { DOCUMENT_KIND, LABEL } from '../../retrieve/documentScope'
import { textValues } from './textValues'

/** What a "what is X?" question asks to have defined. */
export interface DefinitionQuestion {
  /** X's search terms. */
  subject: string[]
  /** Where X is asked about ("in rust", "under nclb"): its search terms, which a definition need not name. */
  scope: string[]
  /** Words of the question around X that say nothing of it ("the name", "actually"). */
  aside: string[]
  /**
   * Whether only X's long form answers: "what does IKWG stand for" is answered by "The International
   * Ki67 Working Group (IKWG)", and by no other sentence naming the IKWG.
   */
  spelledOnly: boolean
  /** Whether a sentence defines X. */
  defines(sentence: string): boolean
  /**
   * Whether a line is a key's line spelling out the acronym asked ("RI = Reading for Information"), or
   * one glossing the word asked in brackets after its gloss ("How do you acquire most of your knowledge
   * (epistemology)?"): an answer though it reads as a heading or a question.
   */
  keyLine(line: string): boolean
}

/**
 * For a question that asks what something is ("What is a trace tree?", "What are ctenophores?",
 * "Define packet switching", "What does JIT mean?"), the subject and a pattern matching sentences
 * that define it: "A trace tree is ...", "Packet switching (also ...) is ...", "... is called a trace
 * tree". The subject must open the sentence or a clause or follow an article, and passive verbs ("a
 * trace tree is rooted at") do not count. Each subject word may carry a short ending ("ctenophore"
 * matches "ctenophores"). English only; other questions get null and are answered on word overlap.
 */
const QUESTION = new RegExp(
  String.raw`^\s*(?:(?:in|for|according\s+to)\s+[^?]{1,60}?,?\s+(?=wh|define))?(?:(?:what|wat|who)\s+(?:is|are|was|were)|(?:what|who)\s*['’]?\s*s|define|definition\s+of|what\s+does|what\s+do)\s+(?:an?\s+|the\s+)?(.+?)\s*(?:\bmean|\bstand\s+for|\bdo)?(?:\s+(?:in|on|within|according\s+to)\s+(?:the\s+|this\s+|that\s+)?[^?]*?\b${DOCUMENT_KIND})?\s*[?.!]*\s*$`,
  'iu',
)
const COPULA =
  '(?:is|are|was|were|refers?\\s+to|means?|denotes?|describes?|consists?\\s+of|comprises?|represents?|translates?\\s+(?:as|to))'
/**
 * "called", "known as", "known informally as", "termed", "named", "bears the name of", "later
 * popularized as", "referred to as", "dubbed".
 */
const NAMING =
  '(?:(?:\\p{L}+ly\\s+)?(?:called|termed|named|dubbed)|known(?:\\s+\\p{L}+ly)?\\s+as|(?:\\p{L}+ly\\s+|later\\s+)?(?:populari[sz]ed|referred\\s+to)\\s+as|bears?\\s+the\\s+name(?:\\s+of)?|goes\\s+by\\s+the\\s+name(?:\\s+of)?)'
/** "is rooted", "was attached", "is called": passive voice says what happens to X, not what X is. */
const PASSIVE =
  '(?!\\s+(?:not\\s+)?(?:\\p{L}+ed|called|known|made|given|taken|seen|done|built|kept|found|held|run|set|shown|written)(?![\\p{L}]))'
/**
 * The subject opens the sentence or a clause, or follows an article: "branch trace was" is no "trace".
 * A lookbehind, so that each pattern starts with the subject's words: the engine then scans for
 * those words instead of trying every alternative at every position (ten times faster).
 */
const ARTICLE = '(?:a|an|the)\\s+'
const LEAD = `(?<=^|[,:;—–]\\s*|(?:^|[,:;—–]\\s*|[^\\p{L}\\p{N}])${ARTICLE})`
/** "X (Portuguese: ...; Spanish: ...), also known as Y, is ...": asides between subject and verb. */
const ASIDE = '(?:\\s*\\([^)]{0,240}\\))?(?:\\s*,[^,]{0,100},)?'
/**
 * What is called X ends there: "are called the lifetime elision rules" names the rules, not "lifetime";
 * "is called a trace tree because…" and "known as tofu in japan" end at X.
 */
const NAME_ENDS =
  '(?!\\s+(?!(?:and|or|in|of|for|by|to|because|which|that|when|where|since|as|is|are|was|were)(?![\\p{L}]))\\p{L})'
/** How laws and contracts define a quoted term: "means", "shall mean", "is defined as", "has the meaning". */
const LEGAL_COPULA =
  '(?:shall\\s+)?(?:means?|mean|is\\s+defined\\s+as|refers?\\s+to|includes?|(?:has|have)\\s+the\\s+meaning|denotes?|(?:is\\s+)?used\\s+to\\s+(?:refer\\s+to|describe|denote|mean))'
/** "The term “shift work” is used to refer to…", "the phrase X refers to…": a paper's naming of its term. */
const NAMED_TERM = '\\bthe\\s+(?:term|phrase|word|expression|notion|concept)\\s+'
/** Other quoted names of the same term around it: "“Accessory dwelling unit” or “ADU”". */
const QUOTED_NAME = `["“'‘][^"“”'‘’]{1,80}["”'’]`
const QUOTED_OTHER = `(?:${QUOTED_NAME}\\s*(?:,|or|and|\\()\\s*)?`
const QUOTED_OTHERS = `(?:\\s*(?:,|or|and|\\()\\s*${QUOTED_NAME}\\)?)*`
/** "every reference has a lifetime, which is the scope…": a clause set off by its comma says what X is. */
const WHICH = '(?:\\s*,\\s*which)?'
const WORD = /[\p{L}\p{N}]+/gu
const RELATIVE = new Set(['which', 'whom', 'what', 'that', 'order'])
const MAX_SUBJECT_WORDS = 5
/** "under the 2001 no child left behind act": where a term is asked about, in words. */
const MAX_SCOPE_WORDS = 7

/** "… mean", "… stand for" before where the term is asked about. */
const ASKING_VERB = /\s+(?:mean|means|stand\s+for|stands\s+for)$/u
/** "the name neon", "the word X", "the term X": the noun before the term names it as a term. */
const TERM_NOUN = /^(?:name|word|term|phrase|expression)\s+(?=\S)/iu
/** "…actually mean", "…really stand for": an adverb of emphasis at the term's end is no part of it. */
const FILLER = /\s+(?:actually|really|exactly|even|just|basically|again)$/iu

/** What a word may be "… for": a language it is borrowed from, or a shortening. */
const TONGUE =
  '(?:old\\s+|ancient\\s+|modern\\s+)?(?:spanish|latin|greek|french|german|italian|portuguese|dutch|hebrew|arabic|japanese|chinese|russian|hindi|sanskrit|norse|english|slang|short|shorthand)'

/** Words that ask about an abbreviation as such, not about a word's meaning. */
const ASKS_ABBREVIATION = /\b(?:stands?\s+for|short\s+for|abbreviation|acronym)\b/iu

/**
 * What of a term's word a definition must print, a short ending allowed after it: the word less a
 * plural's "s" ("lymph node" defines "lymph nodes"), a "-y" or a plural's "-ies" ("covered entities are…"
 * defines "covered entity", "a covered entity is…" "covered entities"), else the word ("ctenophores are…"
 * defines "ctenophore").
 */
export function termStem(word: string): string {
  if (/^\p{L}{2,}[^aeiou]ies$/u.test(word)) return word.slice(0, -3)
  return /^\p{L}{2,}[^aeiou]y$/u.test(word) || /^\p{L}{3,}[^s]s$/u.test(word) ? word.slice(0, -1) : word
}

export function definitionQuestion(question: string): DefinitionQuestion | null {
  const match = QUESTION.exec(asWhatIs(question.normalize('NFKC')))
  // "what does the name neon actually mean": the term is "neon"; the word naming it and a filler are not.
  const asked = match?.[1]
  const text = asked?.replace(TERM_NOUN, '').replace(FILLER, '')
  if (!asked || !text || participleAsk(asked)) return null
  const aside = tokenize(asked).filter((term) => !tokenize(text).includes(term))
  const words = [...text.toLowerCase().matchAll(WORD)].map(([word]) => word)
  // "a lifetime in rust", "parental involvement under nclb", "a succession pool at diageo": the term is
  // "lifetime", and "in rust" where it is one; a sentence defining the term need not name where.
  // "one way in which graphs are encoded": a relative clause, not where.
  // "At" only after a thing named with its article: "what was produced at tesla's company" asks no meaning.
  const named = /(?:^|\s)(?:an?|the)\s+$/iu.test(match![0].slice(0, match![0].indexOf(asked)))
  const within = words.findIndex(
    (word, i) =>
      (word === 'in' || word === 'under' || (word === 'at' && named)) && !RELATIVE.has(words[i + 1] ?? ''),
  )
  // "what does AOA mean in the 737 max AD": the verb asking for the meaning ends the term.
  const term = within > 0 ? words.slice(0, within).join(' ').replace(ASKING_VERB, '') : text
  const subject = tokenize(term)
  const scope = within > 0 ? tokenize(words.slice(within).join(' ')) : []
  // "item in the counter code of practice": the term's words are few, where it is asked about may be more.
  const termWords = within > 0 ? within : words.length
  if (subject.length === 0 || termWords > MAX_SUBJECT_WORDS || words.length - termWords > MAX_SCOPE_WORDS)
    return null
  const phrase = [words, ...(within > 0 ? [term.split(' ')] : [])]
    .map((part) => part.map((word) => `${escape(termStem(word))}\\p{L}{0,3}`).join('[^\\p{L}\\p{N}]+'))
    .join('|')
  // Sentences are lowercased before testing: case-insensitive Unicode patterns are much slower.
  const isX = new RegExp(
    `${LEAD}(?:${phrase})(?![\\p{L}\\p{N}])${ASIDE}${WHICH}\\s+${COPULA}(?![\\p{L}])${PASSIVE}`,
    'u',
  )
  const calledX = new RegExp(
    `${NAMING}\\s+(?:${ARTICLE})?["“'‘]?(?:${phrase})(?![\\p{L}\\p{N}])${NAME_ENDS}`,
    'u',
  )
  // A paper naming what it defines: "We call the fraction of non-zero weights the density of an adapter",
  // "we refer to this set as the core": the term right after "as" or its article, past what is named ("we
  // call LO as a nested trace tree" names a nested trace tree, not a trace tree).
  const weCallX = new RegExp(
    `\\bwe\\s+(?:call|term|name|denote|refer\\s+to)\\s+(?:[^\\s.;]+\\s+){1,24}?(?:as\\s+(?:${ARTICLE})?|${ARTICLE})["“'‘]?(?:${phrase})(?![\\p{L}\\p{N}])`,
    'u',
  )
  // A law's or a contract's defined term, in quotes: "“Accessory dwelling unit” or “ADU” means…".
  const quotedX = new RegExp(
    `${QUOTED_OTHER}["“'‘](?:${phrase})["”'’]${QUOTED_OTHERS},?\\s+${LEGAL_COPULA}(?![\\p{L}])`,
    'u',
  )
  // "The term “shift work” is used to refer to…", quoted or not.
  const termX = new RegExp(`${NAMED_TERM}["“'‘]?(?:${phrase})["”'’]?,?\\s+${LEGAL_COPULA}(?![\\p{L}])`, 'u')
  // How statutes and guidance define a term in running text: "The statute defines parental involvement
  // as…", "a dwelling unit is defined as…".
  const definedAsX = new RegExp(
    `\\bdefine[sd]?\\s+(?:the\\s+(?:term|phrase|word)\\s+)?["“'‘]?(?:${phrase})["”'’]?\\s+as\\b|${LEAD}(?:${phrase})["”'’]?\\s+(?:is|are|shall\\s+be|will\\s+be)\\s+defined\\s+as\\b`,
    'u',
  )
  // An abbreviation defined where it is introduced: "Network Security Services (NSS) comprises…", "The
  // angle of attack (or AOA) is…".
  const introducedX = new RegExp(
    `\\((?:or\\s+|also\\s+|aka\\s+|a\\.k\\.a\\.\\s+)?(?:${phrase})\\)\\s+${COPULA}(?![\\p{L}])${PASSIVE}`,
    'u',
  )
  // A kind of thing defined by what any one of it does, opening its sentence: "A reftest verifies that two
  // pages render alike", "A chunker returns a stream of chunks" (the verb checked by its part of speech),
  // or after a glossary's term ("reftest (R) A reftest verifies…").
  const doesX = new RegExp(
    `(?:^|[):;—–]\\s*)["“'‘(]?an?\\s+(?:${phrase})(?![\\p{L}\\p{N}])\\s+(?:\\p{L}+ly\\s+)?(\\p{L}{2,}s)(?![\\p{L}])`,
    'u',
  )
  // A word glossed by the words before it, in brackets after them: "How do you acquire most of your
  // knowledge (epistemology)?", "a fear of heights (acrophobia)".
  const glossedX = new RegExp(`\\p{L}+(?:\\s+[\\p{L}'’-]+){2,}\\s+\\((?:${phrase})\\)`, 'u')
  // A word given in another tongue or in short: "Medio Pollito, which is Spanish for half-chick", "sic is
  // Latin for thus", "FAQ is short for…".
  const tongueX = new RegExp(
    `(?:${phrase})["”'’]?,?\\s+(?:which\\s+|that\\s+)?(?:is|means)\\s+(?:${TONGUE})\\s+for\\b`,
    'u',
  )
  // A term glossed where it is used: "aligned by meta-clustering, i.e., clustering the clusters by…",
  // "the recall (that is, the share of relevant passages found)".
  const ieX = new RegExp(
    `(?:${phrase})["”'’]?\\s*(?:,|\\(|—|–|-)\\s*(?:i\\.\\s?e\\.|that\\s+is|namely)\\s*,?\\s+\\p{L}`,
    'u',
  )
  // A name glossed in apposition where it is introduced: "We present LexiQA, a retrieval method that
  // expands questions…", "Kubernetes, an open-source system for automating deployment…": the noun phrase
  // after the comma says what it is, up to the clause or the purpose that goes on with it.
  const appositiveX = new RegExp(
    `(?:\\b(?:we|this\\s+(?:paper|work|article|report))\\s+(?:present|presents|propose|proposes|introduce|introduces|describe|describes|develop|develops)\\s+|^)(?:${phrase})(?![\\p{L}\\p{N}])\\s*(?:,|—|–)\\s*an?\\s+(?:[\\p{L}-]+\\s+){0,4}?[\\p{L}-]+\\s+(?:that|which|for|to|of|in|designed|built|used)\\b`,
    'u',
  )
  // A name given its everyday one between commas: "Botrytis cinerea, or gray mold, thrives when…" (a
  // species' second word allowed after the term), "the tibia, or shinbone, is…".
  // Each names the other: "gray mold" is Botrytis cinerea. Each pattern starts with the term's words, as
  // `LEAD` has the others do.
  const orX = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${phrase})(?:\\s+\\p{L}+)?,\\s+or\\s+(?!not\\b|else\\b)(?:[\\p{L}-]+\\s+){0,3}[\\p{L}-]+,`,
    'u',
  )
  const orY = new RegExp(`(?<=\\p{L}{3}(?:\\s+\\p{L}+)?,\\s+or\\s+)(?:${phrase})(?![\\p{L}\\p{N}]),`, 'u')
  // An instance of a kind named before it: "Sparse retrievers such as BM25 need no training" says BM25 is a
  // sparse retriever (a kind of two to four words, so "many things such as X" says little and is not one).
  const suchAsX = new RegExp(
    `\\b\\p{L}[\\p{L}-]+(?:\\s+[\\p{L}-]+){1,3},?\\s+such\\s+as\\s+(?:the\\s+)?(?:${phrase})(?![\\p{L}\\p{N}])`,
    'u',
  )
  // A glossary's line ("Lambda: A callback implementing business logic.").
  const glossX = new RegExp(`^(?:${phrase})\\s*:\\s+\\p{L}`, 'u')
  // A code's entry, its term then a sentence of what it is: "Accessory Dwelling Unit (ADU). An attached or
  // detached residential dwelling unit…" (the long form's initials spelling the abbreviation asked).
  const entryX = new RegExp(`^[\\p{L}\\s'’-]{3,80}\\((?:${phrase})\\)\\s*[.:]\\s+(?:an?|the)\\s+\\p{L}`, 'u')
  // The other name of what opens the sentence: "Low-rank adaptation, i.e., LoRA, freezes the weights…".
  const ieY = new RegExp(
    `^[\\p{L}\\s'’-]{3,60},?\\s+(?:i\\.\\s?e\\.|that\\s+is|also\\s+(?:called|known\\s+as))\\s*,?\\s+(?:${phrase})(?![\\p{L}\\p{N}])\\s*,`,
    'u',
  )
  // A glossary table's row: a cell that is the term, a later one saying what it is ("3.1 | Item | … |
  // A uniquely identifiable piece of published work…").
  const glossRowX = new RegExp(
    `(?:^|\\|\\s*)(?:${phrase})\\s*\\|(?:[^|]*\\|)*?\\s*(?:an?|the)\\s+\\p{L}+\\s+\\p{L}`,
    'u',
  )
  // A test or a requirement defined by when it is met: "You meet this test if you were present…".
  const metIfX = new RegExp(
    `\\b(?:meets?|satisf(?:y|ies)|pass(?:es)?)\\s+(?:the\\s+(?:${phrase})|this\\s+${escape(words.at(-1)!)}\\p{L}{0,1})\\s+(?:only\\s+)?(?:if|when)\\b`,
    'u',
  )
  // One word asked of ("IKWG"; "AOA" in "what does AOA mean in the 737 max AD"), that may be an acronym.
  const single = term.trim().toLowerCase()
  const short = /^[\p{L}\p{N}&]+$/u.test(single) ? single : null
  // An abbreviation after what it stands for ("The International Ki67 Working Group (IKWG) found…"), when
  // that is what is asked: "what was the EBITDA?" asks for a figure, and a caption spelling EBITDA out is no answer.
  const spelledX =
    short !== null && asksSpelling(question)
      ? new RegExp(`\\p{L}{2,}\\s+\\(${escape(short)}s?\\)`, 'u')
      : null
  const onlySpelled =
    spelledX !== null && (ASKS_ABBREVIATION.test(question) || /^\p{Lu}[\p{Lu}\p{N}&]+$/u.test(text.trim()))
  // Spelled by the initials of its words: a table's "Sensitivity Level XPath Query (SSP)" holds SSP's
  // letters but is no long form of it.
  const spellsX = (sentence: string) => acronymDefinition(sentence, short!)?.spelled === true
  // A key's line ("RI = Reading for Information", "SL – Speaking and Listening") or a glossary table's
  // row ("SLA | Service level agreement: …"): the acronym, a sign or a cell's edge, and words whose
  // initials spell it.
  const equatedX = spelledX ? new RegExp(`^${escape(short!)}\\s*[=:|–—-]\\s*(\\p{L}.*)$`, 'u') : null
  const equated = (lower: string) => {
    // The long form ends where the row goes on to say what it is ("Service level agreement: the …").
    const long = equatedX?.exec(lower.trim())?.[1]?.split(/\s*[:;(,.–—]\s/u)[0]
    if (long === undefined) return false
    // Or where the line goes on after the long form ("ARR: annual recurring revenue from active contracts"):
    // its first words spell it.
    const words = long.split(/\s+/u)
    return words.some(
      (_, i) => i + 1 >= short!.length && initialsInOrder(short!, words.slice(0, i + 1).join(' ')),
    )
  }
  // An abbreviation after words holding its letters is introduced, not glossed ("… Services (NSS)").
  const glossed = (text: string) =>
    glossedX.test(text.toLowerCase()) && (short === null || acronymDefinition(text, short) === null)
  return {
    subject,
    scope,
    aside,
    spelledOnly: onlySpelled,
    keyLine: (line) => equated(line.toLowerCase()) || glossed(line),
    defines(sentence) {
      const lower = sentence.toLowerCase()
      const spelled = (spelledX !== null && spelledX.test(lower) && spellsX(sentence)) || equated(lower)
      // Asked what an acronym stands for, only its long form answers: "the IKWG is available" is no
      // answer to "what does IKWG stand for" (a word's meaning, "what does 'tofu' mean", may be a naming).
      if (onlySpelled) return spelled
      return (
        spelled ||
        namesWhatItIs(isX.exec(lower), lower) ||
        calledX.test(lower) ||
        weCallX.test(lower) ||
        glossX.test(lower) ||
        ieX.test(lower) ||
        ieY.test(lower) ||
        (entryX.test(lower) && short !== null && spellsX(sentence)) ||
        appositiveX.test(lower) ||
        orX.test(lower) ||
        orY.test(lower) ||
        suchAsX.test(lower) ||
        glossed(sentence) ||
        tongueX.test(lower) ||
        glossRowX.test(lower) ||
        introducedX.test(lower) ||
        definedAsX.test(lower) ||
        termX.test(lower) ||
        quotedX.test(lower) ||
        metIfX.test(lower) ||
        doesWhat(doesX.exec(lower), lower)
      )
    },
  }
}

/**
 * "X is …" says what X is unless what follows the verb is only a quality: "Communication is important to
 * our clients", "refactoring is frequent, in…" describe X; "Swap is disk-based extension of RAM" and
 * "communication is the process…" define it. Read by wink-nlp's parts of speech: an adjective (after
 * an adverb or not) that no noun follows, or a verb after adverbs ("is not simply transferred").
 */
function namesWhatItIs(match: RegExpExecArray | null, sentence: string): boolean {
  if (!match) return false
  // "the person proffering the EIC is the person to whom…": X after a verb or a preposition is its
  // object, and what "is" says is of the phrase X ends ("the person proffering the EIC").
  const before = textValues(
    sentence
      .slice(0, match.index)
      .replace(/\b(?:the|an?)\s*$/u, '')
      .trim(),
  ).tags.at(-1)
  if (before === 'VERB' || before === 'ADP') return false
  const { words, tags } = textValues(sentence.slice(match.index + match[0].length).trim())
  let next = 0
  while (tags[next] === 'ADV' || tags[next] === 'PART') next++
  // "is not simply transferred": a passive or progressive verb after adverbs tells what X does or undergoes.
  if (tags[next] === 'VERB') return false
  if (tags[next] !== 'ADJ') return true
  while (tags[next] === 'ADJ' || tags[next] === 'CCONJ' || tags[next] === 'PUNCT') next++
  // "ripgrep is available using the same packaging": wink-nlp may tag a participle that takes an object
  // a noun; it goes on the quality, and names no kind.
  if (/ing$/u.test(words[next] ?? '') && PARTICIPLE_OBJECT.has(tags[next + 1] ?? '')) return false
  return tags[next] === 'NOUN' || tags[next] === 'PROPN'
}

/** What opens a participle's object or phrase: "using the…", "running on…". */
const PARTICIPLE_OBJECT = new Set(['DET', 'ADP', 'PRON'])

/** What follows a verb and never a noun phrase's last word: "returns a stream", "verifies that". */
const VERB_OBJECT = new Set(['DET', 'SCONJ', 'PRON'])

/** Whether the word `doesX` caught after "A reftest" is a verb ("verifies"), not a noun ("A reftest tests…" aside). */
function doesWhat(match: RegExpExecArray | null, sentence: string): boolean {
  if (!match) return false
  const verb = match[1]!
  const { words, tags } = textValues(sentence)
  const at = words.indexOf(verb)
  if (at < 0 || /^(?:is|was|has|does)$/u.test(verb)) return false
  // wink-nlp tags "returns" in "a chunker returns a stream" a noun; a noun phrase does not run on into
  // "a", "that" or "the", a verb does.
  return tags[at] === 'VERB' || VERB_OBJECT.has(tags[at + 1] ?? '')
}

/** "how does the code of practice define an item": what is an item in the code of practice. */
const HOW_DEFINED =
  /^\s*how\s+(?:does|do|did)\s+(?:the\s+)?(.{1,60}?)\s+define\s+(?:an?\s+|the\s+)?(.+?)\s*[?.!]*\s*$/iu

/** "what counts as a frivolous return", "what is meant by X", "what qualifies as X": what is X. */
const COUNTS_AS =
  /^\s*what\s+(?:counts|qualifies|(?:is|are)\s+(?:considered|meant\s+by|regarded\s+as))(?:\s+as)?\s+/iu

/** "what's the definition of X", "the meaning of X", "meaning of X" typed as keywords: what is X. */
const DEFINITION_OF = /^\s*(?:(?:what|wat)\s*(?:is|['’]s|s)?\s+)?(?:the\s+)?(?:definition|meaning)\s+of\s+/iu
/** "what do they mean by saturation", "what does the author mean by X": what is X. */
const MEANT_BY =
  /^\s*what\s+(?:do|does|did)\s+(?:they|you|we|he|she|it|(?:the\s+)?[\p{L}-]+)\s+mean\s+by\s+/iu
/** "X definition", "X meaning": typed as keywords, what is X. */
const DEFINITION_AFTER =
  /^\s*(?!what\b|who\b|how\b|why\b)([\p{L}\p{N}][\p{L}\p{N}\s'’-]{0,60}?)\s+(?:definition|meaning)\s*[?.!]*\s*$/iu

/**
 * "what's covered in the first week", "what is included in the kit": a participle and the place it is
 * said of ask what that part holds, not what a term means. Read by wink-nlp's parts of speech.
 */
function participleAsk(asked: string): boolean {
  const words = asked.trim().split(/\s+/u)
  if (words.length < 2 || !/^\p{L}+ed$/u.test(words[0]!)) return false
  const { tags } = textValues(words.slice(0, 2).join(' '))
  return tags[0] === 'VERB' && tags[1] === 'ADP'
}

function asWhatIs(question: string): string {
  const label = LABEL.exec(question)
  const asked = label ? question.slice(label[0].length) : question
  const how = HOW_DEFINED.exec(asked)
  const keywords = DEFINITION_AFTER.exec(asked)
  const whatIs = how
    ? `what is ${how[2]} in ${how[1]}`
    : keywords
      ? `what is ${keywords[1]}`
      : asked.replace(COUNTS_AS, 'what is ').replace(DEFINITION_OF, 'what is ').replace(MEANT_BY, 'what is ')
  return label ? `${whatIs.replace(/[?.!\s]+$/u, '')} in ${label[1]}` : whatIs
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
