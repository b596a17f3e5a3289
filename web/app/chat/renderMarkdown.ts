import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked'

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Only these schemes become links; `javascript:` and friends stay text. */
const SAFE_HREF = /^(https?:|mailto:)/i

/** `[3]` in an answer: a citation of source number 3, rendered as a chip the reader can open. */
const citation: TokenizerAndRendererExtension = {
  name: 'citation',
  level: 'inline',
  start: (src) => src.indexOf('['),
  tokenizer(src) {
    const match = /^\[(\d{1,3})\](?!\()/.exec(src)
    if (!match) return undefined
    return { type: 'citation', raw: match[0], number: Number(match[1]) }
  },
  renderer(token) {
    const n = Number(token.number)
    return `<button type="button" class="citation-chip" data-source="${n}" aria-label="Source ${n}">${n}</button>`
  },
}

/**
 * Markdown for model output, which is untrusted: raw HTML in it is shown as text (never parsed), links keep
 * only http(s)/mailto targets and open in a new tab without an opener, and images become their alt text so
 * an answer cannot make the browser fetch anything. The result is therefore safe to set as innerHTML.
 */
const marked = new Marked({
  gfm: true,
  breaks: false,
  extensions: [citation],
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text)
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens)
      if (!SAFE_HREF.test(href)) return text
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : ''
      return `<a href="${escapeHtml(href)}"${titleAttr} target="_blank" rel="noopener noreferrer">${text}</a>`
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text)
    },
  },
})

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false })
}
