import { tokenize } from './index/tokenize'

export type IntentKind =
  'chat' | 'retrieval' | 'collection_summary' | 'comparison' | 'listing' | 'clarification'

/** The spec's "Search intent": what kind of reply a message asks for. */
export interface SearchIntent {
  kind: IntentKind
  /** How sure the rule that decided is, 0 to 1 (a whole-message match is surer than a keyword). */
  confidence: number
  /** Which rule decided, in words a person can check against the message. */
  reasoning: string
}

/** A turn of the conversation so far; only whether there were earlier user turns matters here. */
export interface IntentTurn {
  role: 'user' | 'assistant' | 'system'
  content: string
}

// Every pattern runs on the message normalised by `normalise`: NFKC, lowercase, curly quotes made
// straight, whitespace collapsed. \b is ASCII-only in JS regexes, so non-Latin words use (?:^|\s) and
// lookaheads instead.

/** A whole message of greetings, thanks, farewells and courtesy, in a few languages. */
const SMALL_TALK_WORD =
  'hi|hello|hey|heya|hiya|howdy|yo|greetings|morning|evening|afternoon|good|great|nice|cool|ok|okay|' +
  'thanks|thank|thx|ty|cheers|bye|goodbye|later|see|you|ya|there|all|everyone|so|much|lot|a|very|' +
  'again|anyway|awesome|perfect|wonderful|appreciated|appreciate|it|that|helps|helped|got|night|' +
  'bonjour|salut|merci|beaucoup|bonsoir|hola|gracias|buenos|buenas|días|dias|tardes|noches|adiós|' +
  'adios|hallo|danke|schön|schon|guten|tag|morgen|tschüss|tschuss|ciao|grazie|buongiorno|olá|ola|' +
  'obrigado|obrigada|oi|hej|tack|dank|je|wel|привет|здравствуйте|спасибо|пока|こんにちは|' +
  'こんばんは|おはよう|ありがとう|ございます|你好|您好|谢谢|謝謝|안녕하세요|안녕|감사합니다|' +
  'مرحبا|شكرا|السلام|عليكم|नमस्ते|धन्यवाद|merhaba|teşekkürler|teşekkür|ederim|cześć|dziękuję|xin|chào|cảm|ơn'
const SMALL_TALK_WORDS = new Set(SMALL_TALK_WORD.split('|'))
/** Greeting or thanks words: a message made only of small-talk words must contain one of these. */
const COURTESY =
  /(?:^|[\s,!.])(hi|hello|hey|heya|hiya|howdy|yo|greetings|good (morning|evening|afternoon|night)|thanks|thank|thx|ty|cheers|bye|goodbye|bonjour|salut|merci|bonsoir|hola|gracias|buenos|buenas|adiós|adios|hallo|danke|guten|tschüss|ciao|grazie|buongiorno|olá|ola|obrigad[oa]|oi|hej|tack|привет|здравствуйте|спасибо|пока|merhaba|teşekkür\S*|cześć|dziękuję|xin chào|cảm ơn)(?=$|[\s,!.?])|こんにちは|こんばんは|おはよう|ありがとう|你好|您好|谢谢|謝謝|안녕|감사합니다|مرحبا|شكرا|السلام|नमस्ते|धन्यवाद/u
const WORD = /[\p{L}\p{N}\p{M}']+/gu
const LEADING_GREETING =
  /^(hi|hello|hey|hiya|howdy|greetings|good (morning|evening|afternoon)|bonjour|salut|hola|hallo|guten tag|ciao|olá|ola)( there| all| everyone)?[\s,!.:;-]+/u
/** Questions about the assistant itself, or pure chit-chat. */
const ABOUT_YOU =
  /^(how are you( doing)?|how's it going|what's up|wh?at can you do|who are you|what are you|are you (a bot|an ai|human|there)|nice to meet you|good (job|work)|well done|you're (great|awesome|helpful)|comment ça va|ça va|como estas|cómo estás|wie geht'?s( dir)?)[\s!?.]*$/u

const COLLECTION =
  '(collection|corpus|library|knowledge base|documents?|docs|files?|papers|uploads|sources|everything|all of (it|them|this)|these|this)'
const SUMMARY = new RegExp(
  [
    `(summari[sz]e|summary|summarise|overview|outline|gist|tl;?dr|recap|synopsis)\\b.*\\b${COLLECTION}\\b`,
    `\\bwhat (is|are) (this|these|the|my|our|all the|all these) ${COLLECTION} about\\b`,
    `\\bwhat (topics|subjects|themes|areas)\\b.*\\b(covered|cover|contain|discuss|in)\\b.*\\b${COLLECTION}\\b`,
    `\\bwhat('s| is) in (this|the|my) ${COLLECTION}\\b`,
    // French, Spanish, German.
    `(résum|resum|zusammenfass|überblick|aperçu|vue d'ensemble)\\S*.*(collection|documents?|documentos?|dokumente?n?|colección|sammlung|fichiers|archivos|dateien)`,
  ].join('|'),
  'u',
)
// "different" alone is not here: "the different parts of X" asks for no comparison.
const COMPARISON =
  /\b(compare[ds]?|comparing|comparison|contrast(ed|ing|s)?|differences?|differ(s|ed|ing)?|different (from|than|to)|distinguish(es|ed)?|versus|vs\.?|similarit(y|ies)|pros and cons|better than|worse than|same as)\b|\b(which|what) is (better|worse|faster|slower|larger|bigger|smaller|cheaper)\b|(compar(er|ez|aison|ar|ación|e[sz]?)|différence|diferencia|unterschied|vergleich)/u
/**
 * Asking which documents: about the collection, so a listing even when it also mentions a
 * difference. Plural "what" or any "which": "What document formed the parliament?" asks about one
 * document's role in history, not about the collection.
 */
const DOCUMENT_LISTING =
  /\b(which (of the |of my )?(documents?|files?|docs|papers|sources|pdfs?)|what (documents|files|docs|papers|sources|pdfs))\b/u
// "Name a luxury division" asks for one thing: "name" alone is not a listing, "name all" is.
const LISTING =
  /^(list|enumerate|itemi[sz]e)\b|\b(list (all|every|each|of|the)|give me (a|the) list|enumerate|what are all( the)?|name (all|every|each)|show (me )?all|all the \w+ (mentioned|listed|named)|every \w+ (mentioned|listed|named))\b|(?<!\p{L})(liste[rz]?|listez|énumére[rz]|enumerar|enumera|auflisten|elenca)(?!\p{L})/u
/** Messages that ask for nothing in particular. */
const VAGUE =
  /^(help|help me|\?+|tell me more|more|more please|go on|continue|keep going|explain|explain more|elaborate|details|more details|anything else|what else|and|and\?|so|so\?|ok so|hmm+|huh|what|why|how|when|where|who|which|question|i have a question|can you help( me)?|info|information|something|anything)[\s?!.]*$/u
/** Wording of a message that needs the conversation before it: a follow-up, if there is one. */
const CONTINUATION =
  /^(tell me more|more|more please|go on|continue|keep going|explain|explain more|elaborate|details|more details|anything else|what else|and\??|so\??|why|how|when|where|who|which)[\s?!.]*$/u

/**
 * The kind of reply a message asks for, by fast rules in this order (the first that matches wins):
 * 1. chat: the message is only greetings, thanks or farewells (English and a dozen other
 *    languages), or chit-chat about the assistant ("how are you", "what can you do").
 * 2. clarification: nothing to search for: no words, only stop words ("what is it?"), or a bare
 *    request ("help", "tell me more") with no conversation to continue. With earlier user turns,
 *    such a message is a follow-up and is retrieval instead (`rewriteQuery` carries the subject).
 * 3. collection_summary: a summary or overview of the collection or documents as a whole.
 * 4. listing, when it asks which documents; then comparison (compare, difference, versus, vs,
 *    better than); then listing (list all, enumerate, name all).
 * 5. retrieval: everything else, a question to answer from passages.
 * Topic-agnostic: the rules read the form of the message, never its subject.
 * How it fails: keyword rules have no grammar: "Was the treaty different from the draft?" is a
 * comparison (right), but so is "How many points did they score versus Pittsburgh?" (a plain
 * question); either way the passages are still searched, only the kind of answer differs.
 */
export function classifyIntent(query: string, history: readonly IntentTurn[] = []): SearchIntent {
  const whole = normalise(query)
  const words = whole.match(WORD) ?? []
  if (words.length === 0) {
    return intent('clarification', 0.95, 'The message has no words to search for.')
  }
  if (isSmallTalk(whole, words)) {
    return intent('chat', 0.95, 'The message is only a greeting, thanks or farewell.')
  }
  // "Hi, what is X?" asks what X is: the greeting says nothing about the kind of reply.
  const text = withoutLeadingGreeting(whole)
  if (ABOUT_YOU.test(text)) {
    return intent('chat', 0.9, 'The message is small talk about the assistant, not the documents.')
  }
  const continuesConversation = history.some((turn) => turn.role === 'user' && turn.content.trim() !== '')
  if (CONTINUATION.test(text) && continuesConversation) {
    return intent('retrieval', 0.6, 'A short follow-up: it continues the conversation so far.')
  }
  if (VAGUE.test(text)) {
    return intent(
      'clarification',
      0.85,
      'The message asks for nothing in particular ("help", "tell me more").',
    )
  }
  if (SUMMARY.test(text)) {
    return intent(
      'collection_summary',
      0.85,
      'It asks for a summary or overview of the documents as a whole.',
    )
  }
  if (DOCUMENT_LISTING.test(text)) {
    return intent('listing', 0.8, 'It asks which documents: a list drawn from the collection.')
  }
  const comparison = COMPARISON.exec(text)
  if (comparison) {
    return intent('comparison', 0.8, `It asks for a comparison ("${comparison[0].trim()}").`)
  }
  const listing = LISTING.exec(text)
  if (listing) {
    return intent('listing', 0.8, `It asks for a list ("${listing[0].trim()}").`)
  }
  if (tokenize(text).length === 0) {
    if (continuesConversation) {
      return intent('retrieval', 0.55, 'Only stop words: a follow-up to the conversation so far.')
    }
    return intent('clarification', 0.8, 'Only question and stop words, no subject to search for.')
  }
  const question =
    /\?\s*$/u.test(text) ||
    /^(who|what|when|where|why|how|which|is|are|was|were|do|does|did|can|could|should|tell|explain|describe|define)\b/u.test(
      text,
    )
  return question
    ? intent('retrieval', 0.8, 'A question about the documents: answered from retrieved passages.')
    : intent('retrieval', 0.6, 'No other rule matched: searched as a question about the documents.')
}

/** What a client does with the result (the spec's `requires_generation` and `generation_type`). */
export interface GenerationPlan {
  requires_generation: boolean
  generation_type: string | null
}

const GENERATION: Record<IntentKind, string> = {
  chat: 'conversational',
  retrieval: 'answer',
  collection_summary: 'summary',
  comparison: 'comparison',
  listing: 'list',
  clarification: 'clarifying_question',
}

/**
 * Every kind is answered with generated text, so `requires_generation` is true for all six and
 * `generation_type` says which text: `conversational` (a reply that needs no passages), `answer`
 * (from the retrieved passages, citing them), `summary`, `comparison`, `list`, and
 * `clarifying_question` (ask what the person is looking for instead of guessing). `false` with a
 * null type would mean "the passages are the reply"; no kind is that today.
 */
export function generationFor(intent: SearchIntent): GenerationPlan {
  return { requires_generation: true, generation_type: GENERATION[intent.kind] }
}

function intent(kind: IntentKind, confidence: number, reasoning: string): SearchIntent {
  return { kind, confidence, reasoning }
}

function normalise(query: string): string {
  return query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’`´]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim()
}

/** Only small-talk words, at least one of them a greeting or thanks ("thanks a lot!", "hi there"). */
function isSmallTalk(text: string, words: readonly string[]): boolean {
  if (!COURTESY.test(text)) return false
  // Scripts without spaces come as one word; the greeting must then be (nearly) the whole message.
  return words.every((word) => SMALL_TALK_WORDS.has(word) || isUnspacedCourtesy(word))
}

/** The message after a leading greeting ("hello, ", "hi there! "); unchanged without one. */
function withoutLeadingGreeting(text: string): string {
  const match = LEADING_GREETING.exec(text)
  if (!match) return text
  const rest = text.slice(match[0].length).trim()
  return rest === '' ? text : rest
}

function isUnspacedCourtesy(word: string): boolean {
  return /^(こんにちは|こんばんは|おはよう(ございます)?|ありがとう(ございます)?|你好|您好|谢谢(你|您)?|謝謝|안녕(하세요)?|감사합니다)$/u.test(
    word,
  )
}
