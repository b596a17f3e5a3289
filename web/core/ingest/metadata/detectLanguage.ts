/**
 * A small, dependency-free language guess for `metadata.language` (ISO 639-1). Scripts that belong
 * to one language decide at once (Thai, Hebrew, Greek, Japanese kana, Korean Hangul); Han without
 * kana is Chinese; Cyrillic and Arabic scripts are Russian and Arabic unless letters or words of a
 * sibling language (Ukrainian, Persian) show; Latin-script text is decided by frequent function words.
 * Returns undefined when the sample is too small or nothing stands out: a wrong label is worse
 * than none.
 */
const SCRIPTS: Array<[RegExp, string]> = [
  [/[\u0E00-\u0E7F]/g, 'th'],
  [/[\u0590-\u05FF]/g, 'he'],
  [/[\u0370-\u03FF]/g, 'el'],
  [/[\u3040-\u30FF]/g, 'ja'],
  [/[\uAC00-\uD7AF]/g, 'ko'],
  [/[\u4E00-\u9FFF]/g, 'zh'],
  [/[\u0400-\u04FF]/g, 'ru'],
  [/[\u0600-\u06FF]/g, 'ar'],
  [/[\u0900-\u097F]/g, 'hi'],
]

const FUNCTION_WORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'in', 'is', 'that', 'for', 'it', 'with', 'as', 'was', 'on', 'are', 'this'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'mit', 'sich', 'des', 'auf', 'für', 'ein', 'eine', 'dem'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'dans', 'que', 'pour', 'pas', 'sur', 'du', 'avec'],
  es: ['el', 'la', 'los', 'las', 'que', 'y', 'en', 'del', 'por', 'con', 'una', 'para', 'es', 'como'],
  it: ['il', 'di', 'che', 'della', 'per', 'non', 'una', 'sono', 'gli', 'con', 'nel', 'anche', 'questo'],
  pt: ['o', 'os', 'as', 'que', 'não', 'uma', 'para', 'com', 'em', 'do', 'da', 'dos', 'são', 'mais'],
  nl: ['de', 'het', 'een', 'van', 'en', 'niet', 'dat', 'zijn', 'voor', 'met', 'ook', 'op', 'maar'],
  fa: ['این', 'که', 'از', 'به', 'را', 'است', 'با', 'برای', 'آن'],
}

export function detectLanguage(text: string): string | undefined {
  const sample = text.slice(0, 20_000)
  const letters = sample.match(/\p{L}/gu)?.length ?? 0
  if (letters < 20) return undefined

  let best: [string, number] | undefined
  for (const [pattern, language] of SCRIPTS) {
    const count = sample.match(pattern)?.length ?? 0
    if (count > (best?.[1] ?? 0)) best = [language, count]
  }
  // Japanese text mixes kana with Han: any real amount of kana makes it Japanese.
  const kana = sample.match(/[\u3040-\u30FF]/g)?.length ?? 0
  if (best && kana > letters * 0.05) return 'ja'
  const words = sample.toLowerCase().match(/\p{L}+/gu) ?? []
  if (best && best[1] > letters * 0.3) {
    // Ukrainian has letters Russian lacks (і, ї, є, ґ).
    if (best[0] === 'ru') return (sample.match(/[іїєґІЇЄҐ]/g)?.length ?? 0) > letters * 0.01 ? 'uk' : 'ru'
    if (best[0] === 'ar') return (countHits(words, ['fa']).fa ?? 0) > 5 ? 'fa' : 'ar'
    return best[0]
  }
  const hits = countHits(words, ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl'])
  const ranked = Object.entries(hits).sort((a, b) => b[1] - a[1])
  const [top, second] = ranked
  if (!top || top[1] < 3 || top[1] < words.length * 0.03) return undefined
  // Romance languages share words; demand a clear lead before naming one.
  if (second && top[1] < second[1] * 1.3) return undefined
  return top[0]
}

function countHits(words: string[], languages: string[]): Record<string, number> {
  const hits: Record<string, number> = {}
  for (const language of languages) {
    const set = new Set(FUNCTION_WORDS[language])
    hits[language] = words.reduce((n, word) => n + (set.has(word) ? 1 : 0), 0)
  }
  return hits
}
