import { DOCUMENT_KIND, documentScope } from '../../retrieve/documentScope'
import { DECK_FILE } from './deckFile'
import { textValues } from './textValues'

/**
 * Whether a question asks what a document is about rather than a fact in it: "summarize X", "the gist
 * of X", "tl;dr of X", "X in a nutshell", "what is X about", "what's the point of X", "give me an
 * overview of X", "a short version of X", "recap of X", "what does the X doc cover", "what's in the X
 * deck", "the main findings of X". Its answer is the document's own gist (`documentGist`), not the
 * sentence that repeats its words best. English phrasings; in other languages such a question is answered
 * as any other.
 */
export function summaryQuestion(
  ask: string,
  /** The files searched: "what do the illustrative cases cover" names IllustrativeCases.docx by its name alone. */
  files: readonly string[] = [],
): boolean {
  // "what is CMI in the dmca summary": the document's name is no request for a summary.
  const asked = documentScope(ask, () => false)?.rest ?? ask
  const text = asked.toLowerCase().replace(/\s+/gu, ' ').trim()
  // "whats in the capstone deck": the pointer at the document is all it asks.
  const whole = ask.toLowerCase().replace(/\s+/gu, ' ').trim()
  const plain = whole.replace(BRIEFLY, '')
  return (
    SUMMARY.test(text) ||
    (ABOUT.test(text) && !aboutTaken(text)) ||
    COVERS.test(text.replace(BRIEFLY, '')) ||
    WHATS_IN.test(plain) ||
    PURPOSE.test(plain) ||
    coversNamedFile(plain, files) ||
    MEETING.test(plain) ||
    (BRIEFLY.test(whole) && WHAT_IS_DOCUMENT.test(plain))
  )
}

/**
 * ", in short", "in a sentence", "briefly": how long the answer may be, said after the question; it asks
 * for the gist of what it follows ("what does the remote work policy say, in short").
 */
const BRIEFLY =
  /,?\s+(?:in\s+(?:short|brief|a\s+(?:sentence|line|word|few\s+(?:words|lines|sentences))|one\s+(?:sentence|line))|briefly)(?=\s*[?.!]*$)/u

const SUMMARY =
  /\b(?:summar(?:y|i[sz]e|i[sz]ing)|gist|tl;?\s?dr|in a nutshell|overview of|main (?:points|idea|ideas)|key (?:points|takeaways?)|(?:main|big|biggest) takeaways?|takeaways? (?:of|from)\b|bottom line|(?:main|key|major) findings|(?:the )?point of (?:the|this|that)\b|recap|synopsis|rundown|sum up|(?:short|quick|brief) version of|cliff ?notes)/u
/**
 * "what does the ollama api doc cover", "what does the hbcu deck say": what a document (named by its kind)
 * covers, says or discusses is its gist, and what a paper proposes, presents or argues ("what does the
 * tracemonkey paper propose": its abstract says); "what does the warranty cover" names no document and
 * asks a fact.
 */
const COVERS = new RegExp(
  String.raw`^(?:what|whats|what's)\s+(?:does|do|did)\s+(?:the|this|that|my|our|your)\s+(?:[^\s?]+\s+){0,5}?${DOCUMENT_KIND}\s+(?:cover|covers|say|says|discuss|discusses|describe|describes|talk\s+about|deal\s+with|go\s+over|explain|propose|proposes|present|presents|introduce|introduces|argue|argues)\s*[?.!]*$`,
  'u',
)
/** "what do the illustrative cases cover": what a thing covers or says, the thing named in any words. */
const COVERS_NAMED =
  /^(?:what|whats|what's)\s+(?:does|do|did)\s+(?:the|this|that|my|our|your)\s+((?:[^\s?]+\s+){0,4}?[^\s?]+)\s+(?:cover|say|discuss|describe|deal\s+with|go\s+over|talk\s+about)\s*[?.!]*$/u
/** A file is named by words of this many letters at least together ("cases" alone names nothing). */
const NAMING_LETTERS = 8

/**
 * Whether the question asks what a thing covers or says ("what do the illustrative cases cover") where
 * the thing is one of the files by its name ("poi__IllustrativeCases.docx"): the document's gist. "What
 * does the warranty cover" beside no file named so asks a fact.
 */
function coversNamedFile(text: string, files: readonly string[]): boolean {
  const thing = COVERS_NAMED.exec(text)?.[1]
  if (!thing || files.length === 0) return false
  const words = thing.split(/\s+/u).map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
  if (words.join('').length < NAMING_LETTERS) return false
  return files.some((file) => {
    const name = file.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
    return words.every((word) => word !== '' && name.includes(word))
  })
}

/**
 * "what happened at the pta meeting", "what was discussed at the platform sync": what a meeting was about,
 * which its notes' gist says.
 */
const MEETING =
  /^what\s+(?:happened|was\s+discussed|did\s+(?:we|they|you)\s+(?:discuss|talk\s+about))\s+(?:at|in|during)\s+(?:the|this|that|our|my|last|yesterday['’]s|today['’]s)\s+(?:[^\s?]+\s+){0,4}?(?:meeting|sync|call|stand-?up|session|retro|retrospective|agm)\s*[?.!]*$/u
/** "what's in the capstone deck", "whats in this pdf", "what's in the pta minutes": what a document holds. */
const WHATS_IN = new RegExp(
  String.raw`^(?:what|whats|what's)\s+(?:is\s+)?in\s+(?:the|this|that|my|our|your)\s+(?:[^\s?]+\s+){0,5}?(?:${DOCUMENT_KIND}|minutes)\s*[?.!]*$`,
  'u',
)
/**
 * "what is the vendor handbook for", "what's this policy for": what a document is for is its purpose,
 * said where it opens ("This handbook explains how…"); "what is the deposit for" names no document.
 */
const PURPOSE = new RegExp(
  String.raw`^(?:what|whats|what's)\s+(?:is|are)?\s*(?:the|this|that|my|our|your)\s+(?:[^\s?]+\s+){0,5}?${DOCUMENT_KIND}\s+(?:for|meant\s+for|trying\s+to\s+do)\s*[?.!]*$`,
  'u',
)
/** "what is the remote work policy, in short": the document itself, asked of with how short to be. */
const WHAT_IS_DOCUMENT = new RegExp(
  String.raw`^(?:what|whats|what's)\s+(?:is|are)?\s*(?:the|this|that|my|our|your)\s+(?:[^\s?]+\s+){0,5}?${DOCUMENT_KIND}\s*[?.!]*$`,
  'u',
)
/**
 * Whether "about" ends a verb's or an adjective's phrase, not what a thing is about: "what are traders worried
 * about", "what did they complain about" ask a fact. By wink-nlp's tag of the word before it.
 */
function aboutTaken(text: string): boolean {
  const { words, tags } = textValues(text.replace(/[?.!]+$/u, ''))
  const at = words.findLastIndex((word) => word.toLowerCase() === 'about')
  // "what is the article talking about" asks what the article says: its gist.
  if (at <= 0 || /^(?:talking|writing|speaking)$/iu.test(words[at - 1]!)) return false
  return tags[at - 1] === 'VERB' || tags[at - 1] === 'ADJ'
}

/** "what is the dropbox atf blog post about", "whats this doc about?" */
const ABOUT = /^(?:what|whats|what's)\b.*\babout\s*[?.!]*$/u

/**
 * The words of a summary question that ask for a summary rather than name what to summarize
 * ("summarize", "gist", "give me", "key points", "about", "in a few lines"): left out when the question's words choose
 * the document, where "summarize" met a document that "summarizes" something else. Stop words are
 * left out by `tokenize` already.
 */
export const SUMMARY_CUES: ReadonlySet<string> = new Set(
  (
    'summarize summarise summary summaries summarizing summarising sum up gist tl dr tldr nutshell ' +
    'overview main points point idea ideas key takeaways major findings about give tell can could u you please quick ' +
    'quickly brief briefly short actually version recap synopsis rundown cliff cliffnotes ' +
    // How long or how plain ("in a few lines", "in two sentences", "in plain english").
    'few lines line sentence sentences paragraph paragraphs bullet bullets words one two three four five ' +
    'plain simple english terms eli5'
  ).split(' '),
)

/**
 * The kind of file a summary question names ("the slides", "this deck", "the pdf", "the word doc",
 * "the blog post"), as the file name extensions of that kind; null when it names none. A person says
 * which file by its kind as often as by its name.
 */
export function namedFileKind(ask: string): RegExp | null {
  const text = ask.toLowerCase()
  for (const [words, extensions] of FILE_KINDS) if (words.test(text)) return extensions
  return null
}

const FILE_KINDS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/\b(?:slides?|deck|presentation|powerpoint|pptx?|talk|lecture|keynote|webinar)\b/u, DECK_FILE],
  [/\b(?:pdf)\b/u, /\.pdf$/iu],
  [/\b(?:word (?:doc|document|file)|docx?)\b/u, /\.(?:docx?|odt|rtf)$/iu],
  [/\b(?:web ?page|blog|post|article|site)\b/u, /\.(?:html?|xhtml|mhtml?)$/iu],
  [/\b(?:readme|markdown)\b/u, /\.(?:md|markdown|txt)$/iu],
]
