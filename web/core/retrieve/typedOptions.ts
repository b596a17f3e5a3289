/** A command-line option as typed: "-s", "--mathml", "--pdf-engine". */
const OPTION = /(?<![\p{L}\p{N}-])--?\p{L}[\p{L}\p{N}-]*(?![\p{L}\p{N}])/gu

/**
 * The command-line options a question names ("whats the -s option do", "what does --mathml do"), as
 * typed. Search terms leave out a one-letter word and the dashes, so "-s" is matched only here.
 */
export function typedOptions(ask: string): string[] {
  return [...new Set([...ask.matchAll(OPTION)].map(([option]) => option))]
}

/** Whether a text prints an option as such, not as part of a longer one ("-s" is not in "-so" or "--s"). */
export function printsOption(text: string, option: string): boolean {
  const escaped = option.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')
  return new RegExp(`(?<![\\p{L}\\p{N}-])${escaped}(?![\\p{L}\\p{N}-])`, 'u').test(text)
}
