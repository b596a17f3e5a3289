import type { Token } from 'marked'
import { decodeHtmlEntities } from './decodeHtmlEntities'

/** Inline HTML elements whose content is never text (their tags arrive as separate tokens). */
const SKIPPED_INLINE_HTML = /^<(script|style|noscript|template|svg|textarea|select|button)\b/i

/**
 * The plain text of inline Markdown: emphasis and links give their text, images their alt text, code
 * spans their content; inline HTML tags are removed (the text between them stays, except inside
 * scripts and the like). Soft line breaks become spaces, hard breaks (`  \n`, `<br>`) newlines.
 */
export function markdownInlineText(tokens: readonly Token[]): string {
  let text = ''
  let skipUntil: RegExp | undefined
  const visit = (token: Token): void => {
    if (skipUntil) {
      if (token.type === 'html' && skipUntil.test(token.raw)) skipUntil = undefined
      return
    }
    switch (token.type) {
      case 'codespan':
      case 'escape':
        // Code spans are literal: character references in them are not resolved.
        text += token.type === 'codespan' ? token.text : decodeHtmlEntities(token.text)
        return
      case 'br':
        text += '\n'
        return
      case 'checkbox':
        return
      case 'html': {
        const opening = SKIPPED_INLINE_HTML.exec(token.raw)
        if (opening) {
          if (!new RegExp(`</${opening[1]}\\s*>`, 'i').test(token.raw)) {
            skipUntil = new RegExp(`^</${opening[1]}\\s*>`, 'i')
          }
        } else if (/^<br\b/i.test(token.raw)) text += '\n'
        return
      }
    }
    if ('tokens' in token && token.tokens && token.tokens.length > 0) token.tokens.forEach(visit)
    else if ('text' in token && typeof token.text === 'string')
      text += decodeHtmlEntities(token.text).replace(/\n/g, ' ')
  }
  tokens.forEach(visit)
  return text
}
