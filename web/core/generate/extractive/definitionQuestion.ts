import { tokenize } from '../../retrieve/index/tokenize'

/** What a "what is X?" question asks to have defined. */
export interface DefinitionQuestion {
  /** X's search terms. */
  subject: string[]
  /** Whether a sentence defines X. */
  defines(sentence: string): boolean
}

/**
 * For a question that asks what something is ("What is a trace tree?", "What are ctenophores?",
 * "Define packet switching", "What does JIT mean?"), the subject and a pattern matching sentences
 * that define it: "A trace tree is ...", "Packet switching (also ...) is ...", "... is called a trace
 * tree". The subject must open the sentence or a clause or follow an article, and passive verbs ("a
 * trace tree is rooted at") do not count. Each subject word may carry a short ending ("ctenophore"
 * matches "ctenophores"). English only; other questions get null and are answered on word overlap.
 */
const QUESTION =
  /^\s*(?:(?:what|who)\s+(?:is|are|was|were)|define|definition\s+of|what\s+does|what\s+do)\s+(?:an?\s+|the\s+)?(.+?)\s*(?:\bmean|\bstand\s+for)?\s*[?.!]*\s*$/iu
const COPULA =
  '(?:is|are|was|were|refers?\\s+to|means?|denotes?|describes?|consists?\\s+of|comprises?|represents?)'
const NAMING = '(?:called|known\\s+as|termed|named)'
/** "is rooted", "was attached", "is called": passive voice says what happens to X, not what X is. */
const PASSIVE =
  '(?!\\s+(?:not\\s+)?(?:\\p{L}+ed|called|known|made|given|taken|seen|done|built|kept|found|held|run|set|shown|written)(?![\\p{L}]))'
/**
 * The subject opens the sentence or a clause, or follows an article: "branch trace was" is no "trace".
 * A lookbehind, so that each pattern starts with the subject's words: the engine then scans for
 * those words instead of trying every alternative at every position (ten times faster).
 */
const ARTICLE = '(?:a|an|the)\\s+'
const LEAD = `(?<=^|[,:;]\\s*|(?:^|[,:;]\\s*|[^\\p{L}\\p{N}])${ARTICLE})`
/** "X (Portuguese: ...; Spanish: ...), also known as Y, is ...": asides between subject and verb. */
const ASIDE = '(?:\\s*\\([^)]{0,240}\\))?(?:\\s*,[^,]{0,100},)?'
const WORD = /[\p{L}\p{N}]+/gu
const MAX_SUBJECT_WORDS = 5

export function definitionQuestion(question: string): DefinitionQuestion | null {
  const match = QUESTION.exec(question.normalize('NFKC'))
  const text = match?.[1]
  if (!text) return null
  const words = [...text.toLowerCase().matchAll(WORD)].map(([word]) => word)
  const subject = tokenize(text)
  if (subject.length === 0 || words.length > MAX_SUBJECT_WORDS) return null
  const phrase = words.map((word) => `${escape(word)}\\p{L}{0,3}`).join('[^\\p{L}\\p{N}]+')
  // Sentences are lowercased before testing: case-insensitive Unicode patterns are much slower.
  const isX = new RegExp(`${LEAD}${phrase}(?![\\p{L}\\p{N}])${ASIDE}\\s+${COPULA}(?![\\p{L}])${PASSIVE}`, 'u')
  const calledX = new RegExp(`${NAMING}\\s+(?:${ARTICLE})?${phrase}(?![\\p{L}\\p{N}])`, 'u')
  return {
    subject,
    defines(sentence) {
      const lower = sentence.toLowerCase()
      return isX.test(lower) || calledX.test(lower)
    },
  }
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
