import type { MarketplaceEntry } from '../../api/pluginsApi'

export interface MarketplaceFilter {
  search: string
  /** '' for every category. */
  category: string
}

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '')

/**
 * The entries matching the search (name, slug, description or a tag contain it, ignoring case) and the
 * category (ignoring case: catalogs write "utility" and BrainDrive's plugins "Utilities").
 */
export function filterMarketplace(
  entries: readonly MarketplaceEntry[],
  filter: MarketplaceFilter,
): MarketplaceEntry[] {
  const search = filter.search.trim().toLowerCase()
  const category = filter.category.trim().toLowerCase()
  return entries.filter((entry) => {
    if (category !== '' && lower(entry.category) !== category) return false
    if (search === '') return true
    const text = [entry.name, entry.plugin_slug, entry.description, ...(entry.tags ?? [])].map(lower)
    return text.some((t) => t.includes(search))
  })
}

/** The catalog's categories, each once (first spelling kept), sorted ignoring case. */
export function marketplaceCategories(entries: readonly MarketplaceEntry[]): string[] {
  const byKey = new Map<string, string>()
  for (const entry of entries) {
    const category = typeof entry.category === 'string' ? entry.category.trim() : ''
    if (category !== '' && !byKey.has(category.toLowerCase())) byKey.set(category.toLowerCase(), category)
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }))
}
