import type { z } from 'zod'
import type { pageBackupSummarySchema } from '../../core/api/platform/pages/pageSchemas'
import { requestJson } from '../api/requestJson'
import { BUILTIN_PLUGIN_ID, builtinModules } from '../builtins/builtinModules'
import type { ConfigFieldSpec } from './configValidation'
import type { LayoutLimits } from './layoutLimits'

/** A module the palette offers: a plugin's (from `manifest/designer`) or one of Quire's own. */
export interface PaletteModule {
  /** `pluginId/moduleId`, unique in the palette. */
  key: string
  pluginId: string
  pluginName: string
  moduleId: string
  moduleName: string
  displayName: string
  description: string
  /** The manifest's icon name (Material or Lucide), shown as a glyph (`moduleGlyph`). */
  icon?: string
  category: string
  tags: string[]
  configFields: Record<string, ConfigFieldSpec>
  layout: LayoutLimits | undefined
}

/** The page as the designer reads it (PageDetailResponse). */
export interface DesignerPageRecord {
  id: string
  name: string
  route: string
  is_published: boolean
  content: Record<string, unknown>
  content_backup: Record<string, unknown> | null
  backup_date: string | null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
const str = (value: unknown) => (typeof value === 'string' ? value : '')

/** Config fields with a select's plain options read as {label, value}, as the manifest validator does. */
function readFields(raw: Record<string, unknown>): Record<string, ConfigFieldSpec> {
  return Object.fromEntries(
    Object.entries(raw).flatMap(([name, field]) => {
      if (!isRecord(field) || typeof field.type !== 'string') return []
      const options = Array.isArray(field.options)
        ? field.options.map((option: unknown) =>
            isRecord(option) ? option : { label: String(option), value: option as string | number | boolean },
          )
        : undefined
      return [[name, { ...field, options } as ConfigFieldSpec]]
    }),
  )
}

/** A manifest module (plugin or built-in) as a palette entry. */
export function paletteModule(
  raw: Record<string, unknown>,
  pluginId: string,
  pluginName: string,
): PaletteModule {
  const name = str(raw.name)
  return {
    key: `${pluginId}/${name}`,
    pluginId,
    pluginName,
    moduleId: name,
    moduleName: name,
    displayName: str(raw.display_name) || name,
    description: str(raw.description),
    icon: str(raw.icon) || undefined,
    category: str(raw.category) || 'Other',
    tags: Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string') : [],
    configFields: isRecord(raw.config_fields) ? readFields(raw.config_fields) : {},
    layout: isRecord(raw.layout) ? (raw.layout as LayoutLimits) : undefined,
  }
}

/** Every enabled module of every enabled plugin, as the designer's manifest lists them. */
export async function loadDesignerModules(signal?: AbortSignal): Promise<PaletteModule[]> {
  const manifest = await requestJson<Record<string, Record<string, unknown>>>(
    '/api/v1/plugins/manifest/designer',
    {
      signal,
    },
  )
  return Object.entries(manifest).flatMap(([slug, plugin]) =>
    (Array.isArray(plugin.modules) ? plugin.modules : [])
      .filter(isRecord)
      .map((module) => paletteModule(module, str(module.pluginId) || slug, str(plugin.name) || slug)),
  )
}

/** Quire's own modules (chat, search, collections, evaluation), under the reserved plugin id `quire`. */
export function builtinPaletteModules(): PaletteModule[] {
  return builtinModules().map((entry) =>
    paletteModule(entry as unknown as Record<string, unknown>, BUILTIN_PLUGIN_ID, 'Quire'),
  )
}

const pagePath = (id: string) => `/api/v1/pages/${encodeURIComponent(id)}`

export const loadDesignerPage = (id: string, signal?: AbortSignal) =>
  requestJson<DesignerPageRecord>(pagePath(id), { signal })

export const savePageContent = (id: string, content: Record<string, unknown>) =>
  requestJson<DesignerPageRecord>(pagePath(id), { method: 'PUT', body: { content } })

export const publishPage = (id: string, publish: boolean) =>
  requestJson<DesignerPageRecord>(`${pagePath(id)}/publish`, { method: 'POST', body: { publish } })

export const backUpPage = (id: string) =>
  requestJson<DesignerPageRecord>(`${pagePath(id)}/backup`, { method: 'POST', body: { create_backup: true } })

/** A backup in the page's history (GET .../backups): no content, its module count. */
export type PageBackupSummary = z.output<typeof pageBackupSummarySchema>

export const listPageBackups = async (id: string, signal?: AbortSignal) =>
  (await requestJson<{ backups: PageBackupSummary[] }>(`${pagePath(id)}/backups`, { signal })).backups

/** Puts a backup's content back into the page and saves it; the server backs up what it replaces first. */
export const restorePageBackup = (id: string, backupId: string) =>
  requestJson<DesignerPageRecord & { backup: PageBackupSummary | null }>(
    `${pagePath(id)}/backups/${encodeURIComponent(backupId)}/restore`,
    { method: 'POST' },
  )
