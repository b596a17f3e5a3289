import { fieldLabel, initialValue, type ConfigFieldSpec } from './configValidation'

/**
 * The settings a module's card shows on the design grid, as "Label: value" lines: what the module will
 * show once on the page (its title, its collection by name), without rendering it. A select shows its
 * option's label (a collection's name, "None: follow…"), a boolean Yes/No; empty values are left out.
 */
export function moduleSummary(
  fields: Readonly<Record<string, ConfigFieldSpec>>,
  config: Readonly<Record<string, unknown>>,
  limit = 3,
): string[] {
  const lines: string[] = []
  for (const [name, field] of Object.entries(fields)) {
    const value = initialValue(field, config[name])
    let text: string
    if (field.type === 'boolean') text = value === true ? 'Yes' : 'No'
    else if (field.type === 'select')
      text = field.options?.find((option) => option.value === value)?.label ?? String(value ?? '')
    else text = value === undefined || value === null ? '' : String(value)
    if (text.trim() === '') continue
    lines.push(`${fieldLabel(name, field)}: ${text}`)
    if (lines.length === limit) break
  }
  return lines
}

/**
 * A module's icon: BrainDrive's manifests name Material icons (`StickyNote2`), Quire's built-ins Lucide
 * ones (`MessageSquare`); neither icon set is bundled, so the known names map onto a few drawn here
 * (`ModuleIcon`), and any other shows the module's first letter.
 */
export type ModuleIconKind = 'chat' | 'search' | 'library' | 'chart' | 'note' | 'eye' | 'theme' | 'puzzle'

const KINDS: Readonly<Record<string, ModuleIconKind>> = {
  MessageSquare: 'chat',
  Chat: 'chat',
  Search: 'search',
  Library: 'library',
  CollectionsBookmark: 'library',
  ChartLine: 'chart',
  Assessment: 'chart',
  StickyNote2: 'note',
  Notes: 'note',
  Visibility: 'eye',
  DarkMode: 'theme',
  Extension: 'puzzle',
}

export function moduleIconKind(icon: string | undefined): ModuleIconKind | undefined {
  return icon ? KINDS[icon] : undefined
}

/** The letter shown for an icon Quire does not draw. */
export function moduleInitial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?'
}
