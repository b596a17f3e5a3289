import type { Token, Tokens } from 'marked'
import type { DocumentParser } from '../../DocumentModel'
import { appendHtmlBlocks } from './appendHtmlBlocks'
import { BlockBuilder } from './BlockBuilder'
import { cleanInlineText } from './cleanInlineText'
import { decodeText } from './decodeText'
import { limitMarkdownNesting } from './limitMarkdownNesting'
import { markdownInlineText } from './markdownInlineText'
import { parseHtmlDocument } from './parseHtmlDocument'
import { stripFrontMatter } from './stripFrontMatter'

/**
 * Markdown (GitHub-flavoured, as marked reads it) as headings, paragraphs, lists, tables and code
 * blocks. Blockquotes become the blocks they contain; raw HTML goes through the HTML extraction, so
 * scripts, styles, comments and hidden elements in it are left out. The title is the first level-1
 * heading, else the first heading.
 */
export const markdownParser: DocumentParser = {
  kinds: ['markdown'],
  async parse(bytes, options) {
    // marked lexes the whole file at once; the walk over its tokens stops at `maxChars`.
    const builder = new BlockBuilder(options.maxChars)
    const markdown = limitMarkdownNesting(stripFrontMatter(decodeText(bytes)))
    // Loaded on the first Markdown file: marked builds its rules' regular expressions as it is imported,
    // which the in-browser API worker, whose routes parse documents, paid at every start (16-50 ms of
    // its start on a 2-core machine, in a trace of the API worker's start).
    const { marked } = await import('marked')
    appendMarkdownBlocks(marked.lexer(markdown, { gfm: true }), builder)
    return builder.finish(builder.headingTitle())
  },
}

function appendMarkdownBlocks(tokens: readonly Token[], builder: BlockBuilder, inQuote = false): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'heading':
        builder.heading(token.depth, withoutAttributeList(headingText(token.tokens ?? [])))
        break
      case 'paragraph':
      case 'text': {
        if (badgeRow(token.tokens ?? [])) break
        const text = withoutDirectiveFences(inline(token.tokens ?? [token]))
        if (text !== '') builder.add('paragraph', inQuote ? withoutAlertMarker(text) : text)
        break
      }
      case 'code':
        // Indentation inside code is meaningful; only the trailing blank lines go.
        builder.add('code', token.text.replace(/\s+$/, ''))
        break
      case 'list':
        builder.add('list', listLines(token as Tokens.List, 0).join('\n'))
        break
      case 'table':
        appendTable(token as Tokens.Table, builder)
        break
      case 'blockquote':
        appendMarkdownBlocks(token.tokens ?? [], builder, true)
        break
      case 'html':
        // A fragment: its header/footer/aside are the author's content, not page furniture.
        appendHtmlBlocks(parseHtmlDocument(token.text), builder, true)
        break
      // space, hr and def (link reference definitions) have no text; extensions' tokens fall through.
      default:
        if ('tokens' in token && token.tokens) builder.add('paragraph', inline(token.tokens))
    }
  }
}

function inline(tokens: readonly Token[]): string {
  return cleanInlineText(markdownInlineText(tokens))
}

/**
 * A heading's words without its pictures: `# better-sqlite3 [![Build Status](…)](…)` is titled
 * "better-sqlite3", a badge's alt text ("Build Status", "npm version") being no word of the title. A
 * heading that is a picture alone keeps its alt text.
 */
function headingText(tokens: readonly Token[]): string {
  const words = inline(tokens.filter((token) => !picture(token)))
  return words === '' ? inline(tokens) : words
}

/** An image, or a link whose content is images alone: a badge, a logo. */
function picture(token: Token): boolean {
  return (
    token.type === 'image' ||
    (token.type === 'link' && (token.tokens ?? []).every((inner) => picture(inner) || blank(inner)))
  )
}

/** Space between pictures: a text token of whitespace, a line break. */
function blank(token: Token): boolean {
  return (token.type === 'text' || token.type === 'br') && token.raw.trim() === ''
}

/**
 * A README's row of badges ("Build Status NPM version"): a paragraph of two pictures or more and nothing
 * else. Their alt texts are no sentence; read as one, the row stood between a title and its tagline. A
 * picture alone keeps its alt text (a logo's "Koa middleware framework for nodejs").
 */
function badgeRow(tokens: readonly Token[]): boolean {
  return tokens.filter(picture).length >= 2 && tokens.every((token) => picture(token) || blank(token))
}

/** `# FastAPI { #fastapi }`: a trailing attribute list (MkDocs, Pandoc) is markup, not title. */
function withoutAttributeList(heading: string): string {
  return heading.replace(/\s*\{\s*[#.][^{}]*\}\s*$/, '')
}

/** GitHub's `> [!IMPORTANT]` alert marker becomes a plain label: "Important: ...". */
function withoutAlertMarker(text: string): string {
  return text.replace(
    /^\[!(note|tip|important|warning|caution)\]\s*/i,
    (_, kind: string) => `${kind[0]?.toUpperCase()}${kind.slice(1).toLowerCase()}: `,
  )
}

/** Sphinx's admonitions, written as MyST or Docusaurus fences, read as a label ("Note: …"). */
const ADMONITION = /^(?:note|tip|hint|important|warning|caution|danger|attention|error|info|seealso)$/iu
/** Sphinx's version notes: "{versionchanged} v17.0.0" reads "Changed in v17.0.0". */
const VERSION_NOTE: Readonly<Record<string, string>> = {
  versionadded: 'New in',
  versionchanged: 'Changed in',
  deprecated: 'Deprecated in',
}

/**
 * A paragraph without the fences of a MyST, Docusaurus, Pandoc or MkDocs block (`:::{note}`, `:::tip`,
 * `::: {.warning}`, `/// tip`, a closing `:::` or `///`): marked reads them as text, and "`:::{note} The
 * sidecar file…`" would be quoted as the document's words. An admonition's name becomes its label, a
 * version note's its words; any other directive's name goes, and so do mdBook's and Hugo's includes.
 */
function withoutDirectiveFences(text: string): string {
  const unfenced = text
    .replace(/(?:^|\s+)(?::{3,}|\/{3})\s*$/u, '')
    .replace(/^(?::{3,}|\/{3})\s*\{?\.?([A-Za-z][\w-]*)\}?[ \t]*/u, (_, name: string) => {
      const lower = name.toLowerCase()
      if (ADMONITION.test(lower)) return `${lower[0]!.toUpperCase()}${lower.slice(1)}: `
      return VERSION_NOTE[lower] ? `${VERSION_NOTE[lower]} ` : ''
    })
    .replace(/^(?::{3,}|\/{3})\s*/u, '')
    // An mdBook or Hugo include ("{{#rustdoc_include ../listings/…/main.rs:here}}", "{{< figure … >}}")
    // stands for a file the book's build puts there: its path is no text of the document.
    .replace(/\{\{\s*(?:#[\w-]+|[<%])[^{}]*\}\}/gu, '')
    .replace(/[ \t]{2,}/gu, ' ')
    .trim()
  // A fence on its own line, its text in the paragraphs after: its label alone says nothing. Nor does
  // a MyST target ("(image-processing)="), the anchor of the heading after it.
  if (/^\([\w.:-]+\)=$/u.test(unfenced)) return ''
  return /^\p{L}+:$/u.test(unfenced) && text.trim() !== unfenced ? '' : unfenced
}

/**
 * One line per item: the item's own text (paragraphs and code inside it joined into the line), then
 * its nested lists indented two spaces per level. Ordered items keep their number.
 */
function listLines(list: Tokens.List, depth: number): string[] {
  const lines: string[] = []
  const start = typeof list.start === 'number' ? list.start : 1
  list.items.forEach((item, index) => {
    const nested: Tokens.List[] = []
    const parts: string[] = []
    for (const token of item.tokens) {
      if (token.type === 'list') nested.push(token as Tokens.List)
      else if (token.type === 'code') parts.push(token.text)
      else if (token.type === 'html') parts.push(htmlText(token.text))
      else parts.push(markdownInlineText('tokens' in token && token.tokens ? token.tokens : [token]))
    }
    const text = parts.join(' ').replace(/\s+/g, ' ').trim()
    if (text) lines.push('  '.repeat(depth) + (list.ordered ? `${start + index}. ` : '') + text)
    for (const sublist of nested) lines.push(...listLines(sublist, depth + 1))
  })
  return lines
}

/** HTML inside a list item, flattened to the item's line. */
function htmlText(html: string): string {
  const builder = new BlockBuilder()
  appendHtmlBlocks(parseHtmlDocument(html), builder, true)
  return builder.blocks.map((block) => block.text).join(' ')
}

function appendTable(table: Tokens.Table, builder: BlockBuilder): void {
  const rows = [table.header, ...table.rows]
    .map((row) => row.map((cell) => inline(cell.tokens).replace(/\n/g, ' ')))
    .filter((row) => row.some((cell) => cell !== ''))
  builder.add('table', rows.map((row) => row.join(' | ')).join('\n'), rows)
}
