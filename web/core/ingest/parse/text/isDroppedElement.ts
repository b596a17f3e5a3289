import type { Element } from 'domhandler'
import { DomUtils } from 'htmlparser2'

/** Never reading text: code, styling, embedded objects, form controls, navigation. */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'head',
  'title',
  'iframe',
  'object',
  'embed',
  'canvas',
  'audio',
  'video',
  'map',
  'button',
  'select',
  'input',
  'textarea',
  'nav',
])

/** Landmark roles of page furniture, not content. */
const BOILERPLATE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search'])

/** Page-level furniture; the same elements inside an article or section are the article's own. */
const PAGE_LEVEL_TAGS = new Set(['header', 'footer', 'aside'])

/**
 * Words in an id or class that mark navigation and other page furniture (a readability-style
 * heuristic). Matched against whole words of the name (`mw-navigation`, `sidebar_re4s`,
 * `vectorMenu` and `jump-to-nav` all match), never substrings, so `navigator` or `commentary` do not.
 */
const BOILERPLATE_WORDS = new Set([
  'nav',
  'navbar',
  'navigation',
  'menu',
  'sidebar',
  'footer',
  'breadcrumb',
  'breadcrumbs',
  'cookie',
  'cookies',
  'consent',
  'share',
  'sharing',
  'social',
  'comment',
  'comments',
  'toc',
])

/** Site headers and banners by name; inside an article or section such a name is the article's own. */
const PAGE_LEVEL_WORDS = new Set(['header', 'masthead', 'banner', 'pagination', 'pager', 'related', 'popup'])

/**
 * Names that say "this holds the content" (`content-with-sidebar`, `page-wrapper`): a wrapper
 * around the whole page must never go just because its name also mentions a sidebar.
 */
const CONTENT_WORDS = new Set([
  'content',
  'main',
  'article',
  'body',
  'page',
  'wrapper',
  'container',
  'layout',
])

/** Words that mark furniture on any element, spans included: MediaWiki's "[edit]" links. */
const INLINE_FURNITURE_WORDS = new Set(['editsection'])

/**
 * The heuristic looks only at containers: syntax highlighters put `comment` on spans inside code,
 * and a span named `share-count` is not a sidebar.
 */
const CONTAINER_TAGS = new Set([
  'div',
  'section',
  'aside',
  'header',
  'footer',
  'ul',
  'ol',
  'form',
  'table',
  'dl',
])

/**
 * Whether an element and everything inside it is left out: non-content elements, hidden elements
 * (`hidden`, `aria-hidden="true"`, inline `display:none`/`visibility:hidden`, a closed `<dialog>`),
 * navigation landmarks, page-level header/footer/aside (`inSection` says whether an article, main or
 * section encloses the element), and containers named like furniture (unless also named like
 * content, or holding the main content). Stylesheets are not applied, so content hidden by a class
 * stays in.
 */
export function isDroppedElement(element: Element, inSection: boolean): boolean {
  const name = element.name
  const attribs = element.attribs
  if (DROPPED_TAGS.has(name)) return true
  if (attribs.hidden !== undefined || attribs['aria-hidden']?.trim().toLowerCase() === 'true') return true
  if (attribs.style && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(attribs.style)) return true
  if (name === 'dialog' && attribs.open === undefined) return true
  if (attribs.role && BOILERPLATE_ROLES.has(attribs.role.trim().toLowerCase())) return true
  if (!inSection && PAGE_LEVEL_TAGS.has(name)) return true
  if (!attribs.id && !attribs.class) return false
  const words = nameWords(`${attribs.id ?? ''} ${attribs.class ?? ''}`)
  if (words.some((word) => INLINE_FURNITURE_WORDS.has(word))) return true
  if (!CONTAINER_TAGS.has(name) || words.some((word) => CONTENT_WORDS.has(word))) return false
  const furniture = words.some(
    (word) => BOILERPLATE_WORDS.has(word) || (!inSection && PAGE_LEVEL_WORDS.has(word)),
  )
  // Nor a container that holds the page's main content or its title, whatever it is called.
  return furniture && !DomUtils.existsOne((inner) => MAIN_CONTENT.has(inner.name), element.children)
}

const MAIN_CONTENT = new Set(['main', 'article', 'h1'])

/** `mw-navigation sidebar_re4s vectorMenu` -> mw, navigation, sidebar, re4s, vector, menu. */
function nameWords(names: string): string[] {
  return names
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
}
