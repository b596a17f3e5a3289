import type { Document, Element } from 'domhandler'
import { DomUtils } from 'htmlparser2'

export interface ContentRoot {
  root: Element | Document
  /** The root is itself the main content, so header/footer/aside inside it belong to the content. */
  isContent: boolean
}

/**
 * Where the page's main content lives: the `<main>` element (or `role="main"`), else the only
 * `<article>`, else the body. Several articles (a blog index, a comment thread) mean no single one
 * is the content, so the body is used and the furniture filter does the rest.
 */
export function findContentRoot(document: Document): ContentRoot {
  const main = DomUtils.findOne(
    (element) => element.name === 'main' || element.attribs.role?.trim().toLowerCase() === 'main',
    document,
  )
  if (main) return { root: main, isContent: true }
  const articles = DomUtils.findAll((element) => element.name === 'article', document)
  if (articles.length === 1 && articles[0]) return { root: articles[0], isContent: true }
  const body = DomUtils.findOne((element) => element.name === 'body', document)
  return { root: body ?? document, isContent: false }
}
