import { Parser } from 'htmlparser2'
import { ParseError } from '../../ParseError'

/**
 * A parsed XML element. `name` is canonical: the namespace's usual OOXML prefix ('w:p', 'a:t',
 * 'p:sp', 'r:id'), whatever prefix the file itself used, so readers can match names literally.
 * Elements in namespaces this table does not know keep the file's own prefix.
 */
export interface XmlElement {
  name: string
  attrs: Record<string, string>
  children: XmlNode[]
}
export type XmlNode = XmlElement | string

// Transitional and Strict (ISO 29500) namespace URIs map to the same prefix.
const canonicalPrefixes: Record<string, string> = {
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main': 'w',
  'http://purl.oclc.org/ooxml/wordprocessingml/main': 'w',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://purl.oclc.org/ooxml/drawingml/main': 'a',
  'http://schemas.openxmlformats.org/presentationml/2006/main': 'p',
  'http://purl.oclc.org/ooxml/presentationml/main': 'p',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships': 'r',
  'http://purl.oclc.org/ooxml/officeDocument/relationships': 'r',
  'http://schemas.openxmlformats.org/package/2006/relationships': 'rel',
  'http://schemas.openxmlformats.org/drawingml/2006/diagram': 'dgm',
  'http://purl.oclc.org/ooxml/drawingml/diagram': 'dgm',
  'http://schemas.microsoft.com/office/drawing/2008/diagram': 'dsp',
  'http://schemas.openxmlformats.org/officeDocument/2006/math': 'm',
  'http://purl.oclc.org/ooxml/officeDocument/math': 'm',
  'http://schemas.openxmlformats.org/markup-compatibility/2006': 'mc',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://schemas.openxmlformats.org/package/2006/metadata/core-properties': 'cp',
}

// Real documents nest a few dozen levels; a file nesting thousands is hostile, and refusing it
// keeps every recursive reader of the tree far from the stack limit.
const MAX_DEPTH = 1000

/**
 * Elements and attributes one part may hold (its element budget). 60 MB of empty elements deflate to
 * under 100 KB and were 15 million objects, 2.4 GB of heap, when the whole tree was built; counted as
 * they stream past, a part stops at 2 million (some 150 MB of tree), while a 1,000-page book's body
 * holds a few hundred thousand. Past it the document fails `too_large`.
 */
export const MAX_XML_ITEMS = 2_000_000

// Most elements have no attributes or no children: they share these instead of an object and an
// array each (frozen, so a reader can never write into every element's at once).
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>
const NO_CHILDREN: XmlNode[] = Object.freeze([]) as unknown as XmlNode[]

/**
 * Parses an XML part with htmlparser2 (xmlMode: entities decoded, CDATA as text, no DTD entity
 * expansion) into a small tree, in one pass and without recursion:
 * - names are canonicalised by namespace URI (see XmlElement);
 * - markup-compatibility blocks (`mc:AlternateContent`) are replaced by the content of their first
 *   `mc:Choice` (else `mc:Fallback`), so the same text is never read twice;
 * - nesting deeper than MAX_DEPTH throws ParseError('corrupt');
 * - more than MAX_XML_ITEMS elements and attributes throws ParseError('too_large'), counted as the
 *   parser streams, so a hostile part stops before its tree is built.
 */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] }
  const stack: XmlElement[] = [root]
  const scopes: Map<string, string>[] = [new Map()]
  // Canonical names per namespace scope: most elements share their parent's scope, so each
  // distinct name is resolved once.
  const names = new Map<Map<string, string>, Map<string, string>>()
  const canonical = (name: string, scope: Map<string, string>, isElement: boolean) => {
    let cache = names.get(scope)
    if (cache === undefined) names.set(scope, (cache = new Map()))
    const key = isElement ? name : `@${name}`
    let result = cache.get(key)
    if (result === undefined) cache.set(key, (result = canonicalName(name, scope, isElement)))
    return result
  }
  let items = 0
  const parser = new Parser(
    {
      onopentag(rawName, rawAttrs) {
        if (stack.length > MAX_DEPTH)
          throw new ParseError('corrupt', 'The document is nested too deeply to read')
        items++
        const scope = declareNamespaces(scopes[scopes.length - 1] ?? new Map(), rawAttrs)
        let attrs = NO_ATTRS
        for (const name in rawAttrs) {
          if (name === 'xmlns' || name.startsWith('xmlns:')) continue
          if (attrs === NO_ATTRS) attrs = {}
          items++
          attrs[name.includes(':') ? canonical(name, scope, false) : name] = rawAttrs[name] ?? ''
        }
        if (items > MAX_XML_ITEMS) throw tooManyItems()
        const element: XmlElement = { name: canonical(rawName, scope, true), attrs, children: NO_CHILDREN }
        appendChild(stack[stack.length - 1], element)
        stack.push(element)
        scopes.push(scope)
      },
      ontext(text) {
        const parent = stack[stack.length - 1]
        if (parent === undefined) return
        const last = parent.children[parent.children.length - 1]
        if (typeof last === 'string') parent.children[parent.children.length - 1] = last + text
        else appendChild(parent, text)
      },
      onclosetag() {
        if (stack.length <= 1) return
        const element = stack.pop()
        scopes.pop()
        if (element?.name === 'mc:AlternateContent') resolveAlternateContent(element, stack[stack.length - 1])
      },
    },
    { xmlMode: true },
  )
  parser.end(xml)
  return root
}

function appendChild(parent: XmlElement | undefined, child: XmlNode): void {
  if (parent === undefined) return
  if (parent.children === NO_CHILDREN) parent.children = [child]
  else parent.children.push(child)
}

function tooManyItems(): ParseError {
  return new ParseError(
    'too_large',
    `A part of the file holds more than ${String(MAX_XML_ITEMS).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} XML elements and ` +
      'attributes, the most one part may hold (a 1,000-page document needs a fraction of that); ' +
      'split the document into smaller files.',
  )
}

function declareNamespaces(parent: Map<string, string>, attrs: Record<string, string>): Map<string, string> {
  let scope = parent
  for (const name in attrs) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue
    if (scope === parent) scope = new Map(parent)
    scope.set(name === 'xmlns' ? '' : name.slice(6), attrs[name] ?? '')
  }
  return scope
}

function canonicalName(name: string, scope: Map<string, string>, isElement: boolean): string {
  const colon = name.indexOf(':')
  const prefix = colon < 0 ? '' : name.slice(0, colon)
  const local = colon < 0 ? name : name.slice(colon + 1)
  // Unprefixed attributes are in no namespace; unprefixed elements are in the default one.
  const uri = colon < 0 && !isElement ? undefined : scope.get(prefix)
  const canonical = uri === undefined ? undefined : canonicalPrefixes[uri]
  if (canonical === undefined) return name
  return canonical === '' ? local : `${canonical}:${local}`
}

function resolveAlternateContent(element: XmlElement, parent: XmlElement | undefined): void {
  if (parent === undefined) return
  const branches = element.children.filter((child): child is XmlElement => typeof child !== 'string')
  const chosen =
    branches.find((b) => b.name === 'mc:Choice') ?? branches.find((b) => b.name === 'mc:Fallback')
  const index = parent.children.lastIndexOf(element)
  if (index >= 0) parent.children.splice(index, 1, ...(chosen?.children ?? []))
}

/** Child elements, optionally only those named `name`. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  const found: XmlElement[] = []
  for (const child of element.children) {
    if (typeof child !== 'string' && (name === undefined || child.name === name)) found.push(child)
  }
  return found
}

/** The first child element named `name`. */
export function firstChild(element: XmlElement, name: string): XmlElement | undefined {
  for (const child of element.children) {
    if (typeof child !== 'string' && child.name === name) return child
  }
  return undefined
}

/** Follows a path of child names ('w:pPr', 'w:pStyle'); undefined where a step is missing. */
export function childPath(element: XmlElement, ...names: string[]): XmlElement | undefined {
  let current: XmlElement | undefined = element
  for (const name of names) current = current === undefined ? undefined : firstChild(current, name)
  return current
}

/** All descendants named `name`, in document order (iterative: no recursion on hostile depth). */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = []
  const pending: XmlNode[] = [...element.children].reverse()
  while (pending.length > 0) {
    const node = pending.pop()
    if (node === undefined || typeof node === 'string') continue
    if (node.name === name) found.push(node)
    for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i] as XmlNode)
  }
  return found
}

/** All text inside an element, concatenated. */
export function textContent(element: XmlElement): string {
  let text = ''
  const pending: XmlNode[] = [element]
  while (pending.length > 0) {
    const node = pending.pop()
    if (node === undefined) continue
    if (typeof node === 'string') text += node
    else for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i] as XmlNode)
  }
  return text
}
