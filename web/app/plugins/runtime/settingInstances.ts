import { requestJson } from '../../api/requestJson'
import { ServiceError } from './runApiPlan'
import { announceSettingChange, listDefinitions } from './pluginSettings'

/**
 * The settings service's instance methods (BrainDrive's `services/SettingsService.ts:197` .. 388) on
 * Quire's `/api/v1/settings/instances`. BrainDrive keeps instances in the page (and localStorage);
 * Quire keeps them as the person's settings, so they sync, and the API's rules hold: every instance is
 * the caller's own (another user's id answers 403), the definition must allow the scope, the value must
 * fit the definition. Each change is announced, so `subscribe` and `subscribeToCategory` hear it.
 */

/** BrainDrive's SettingInstance, as its service answers it (camelCase, `services/SettingsService.ts:280`). */
export interface BrainDriveInstance {
  id: string
  definitionId: string
  name: string
  value: unknown
  scope: string
  userId?: string
  pageId?: string
  createdAt: string
  updatedAt: string
}

const BASE = '/api/v1/settings/instances'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** BrainDrive's context, `{userId?, pageId?}`; anything else is refused. */
function contextOf(method: string, context: unknown): { userId?: string; pageId?: string } {
  if (context === undefined || context === null) return {}
  if (!isRecord(context)) throw new ServiceError(`${method}: the context is {userId?, pageId?}`, 400)
  const read = (field: 'userId' | 'pageId') => {
    const value = context[field]
    if (value === undefined || value === null || value === '') return undefined
    if (typeof value !== 'string' || value.length > 100) {
      throw new ServiceError(`${method}: context.${field} must be an id`, 400)
    }
    return value
  }
  const userId = read('userId')
  const pageId = read('pageId')
  return { ...(userId ? { userId } : {}), ...(pageId ? { pageId } : {}) }
}

/**
 * The scope BrainDrive derives from a context (`services/SettingsService.ts:146`): user and page is
 * BrainDrive's `user_page`, which Quire calls `page`; neither is `system`.
 */
function scopeOf(context: { userId?: string; pageId?: string }): 'system' | 'user' | 'page' {
  if (context.pageId) return 'page'
  return context.userId ? 'user' : 'system'
}

function requireId(method: string, what: string, id: unknown): string {
  if (typeof id !== 'string' || id === '' || id.length > 200) {
    throw new ServiceError(`${method} needs a ${what}`, 400)
  }
  return id
}

export function braindriveInstance(record: unknown): BrainDriveInstance | undefined {
  if (!isRecord(record) || typeof record.id !== 'string') return undefined
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    id: record.id,
    definitionId: text(record.definition_id),
    name: text(record.name),
    value: record.value,
    scope: text(record.scope),
    ...(typeof record.user_id === 'string' ? { userId: record.user_id } : {}),
    ...(typeof record.page_id === 'string' ? { pageId: record.page_id } : {}),
    createdAt: text(record.created_at),
    updatedAt: text(record.updated_at),
  }
}

async function list(query: Record<string, string>): Promise<BrainDriveInstance[]> {
  const answer = await requestJson<unknown>(`${BASE}?${new URLSearchParams(query)}`)
  return (Array.isArray(answer) ? answer : []).flatMap((record) => braindriveInstance(record) ?? [])
}

async function byId(method: string, instanceId: unknown): Promise<BrainDriveInstance> {
  const id = requireId(method, 'setting instance id', instanceId)
  const found = braindriveInstance(await requestJson<unknown>(`${BASE}/${encodeURIComponent(id)}`))
  if (!found) throw new ServiceError(`Setting instance ${id} not found`, 404)
  return found
}

/** The instance of a definition in a context, as BrainDrive's getSettingInstance finds it. */
export async function getSettingInstance(
  definitionId: unknown,
  context: unknown,
): Promise<BrainDriveInstance | undefined> {
  const id = requireId('getSettingInstance', 'setting definition id', definitionId)
  const where = contextOf('getSettingInstance', context)
  const instances = await list({
    definition_id: id,
    scope: scopeOf(where),
    user_id: where.userId ?? 'current',
    ...(where.pageId ? { page_id: where.pageId } : {}),
  })
  return instances[0]
}

/** Every instance of a definition, narrowed by the context's page as BrainDrive's getSettingInstances. */
export async function getSettingInstances(
  definitionId: unknown,
  context: unknown,
): Promise<BrainDriveInstance[]> {
  const id = requireId('getSettingInstances', 'setting definition id', definitionId)
  const where = contextOf('getSettingInstances', context)
  return list({
    definition_id: id,
    user_id: where.userId ?? 'current',
    ...(where.pageId ? { page_id: where.pageId } : {}),
  })
}

/**
 * A new instance. As BrainDrive's, one that exists in the same context is refused unless the definition
 * takes several (`isMultiple`), rather than saved over as the API's upsert would.
 */
export async function createSettingInstance(
  definitionId: unknown,
  value: unknown,
  context: unknown,
  name: unknown,
): Promise<BrainDriveInstance> {
  const id = requireId('createSettingInstance', 'setting definition id', definitionId)
  const where = contextOf('createSettingInstance', context)
  const definitions = await listDefinitions({})
  const definition = definitions.find((known) => isRecord(known) && known.id === id) as
    Record<string, unknown> | undefined
  if (!definition) throw new ServiceError(`Setting definition ${id} not found`, 404)
  if (definition.is_multiple !== true && (await getSettingInstance(id, where))) {
    throw new ServiceError(`Setting ${id} does not support multiple instances`, 409)
  }
  const created = braindriveInstance(
    await requestJson<unknown>(BASE, {
      method: 'POST',
      body: {
        definition_id: id,
        name: typeof name === 'string' && name !== '' ? name : definition.name,
        value,
        scope: scopeOf(where),
        user_id: where.userId ?? 'current',
        ...(where.pageId ? { page_id: where.pageId } : {}),
      },
    }),
  )
  if (!created) throw new ServiceError('The instance was not created', 500)
  announceSettingChange(id, created.value)
  return created
}

export async function updateSettingInstance(
  instanceId: unknown,
  value: unknown,
): Promise<BrainDriveInstance> {
  const before = await byId('updateSettingInstance', instanceId)
  const updated = braindriveInstance(
    await requestJson<unknown>(`${BASE}/${encodeURIComponent(before.id)}`, {
      method: 'PUT',
      body: { value },
    }),
  )
  if (!updated) throw new ServiceError('The instance was not saved', 500)
  announceSettingChange(updated.definitionId, updated.value)
  return updated
}

export async function deleteSettingInstance(instanceId: unknown): Promise<void> {
  const instance = await byId('deleteSettingInstance', instanceId)
  await requestJson(`${BASE}/${encodeURIComponent(instance.id)}`, { method: 'DELETE' })
  announceSettingChange(instance.definitionId, undefined)
}

/** BrainDrive's deleteSetting: the instance of the definition in the context goes; none is an error. */
export async function deleteSetting(definitionId: unknown, context: unknown): Promise<void> {
  const instance = await getSettingInstance(definitionId, context)
  if (!instance) throw new ServiceError(`Setting instance ${String(definitionId)} not found`, 404)
  await requestJson(`${BASE}/${encodeURIComponent(instance.id)}`, { method: 'DELETE' })
  announceSettingChange(instance.definitionId, undefined)
}

/**
 * What BrainDrive's category subscribers get (`services/SettingsService.ts:468`): every instance whose
 * definition is in the category.
 */
export async function categoryInstances(category: string): Promise<BrainDriveInstance[]> {
  const definitions = await listDefinitions({ category })
  const ids = new Set(definitions.flatMap((definition) => (isRecord(definition) ? [definition.id] : [])))
  if (ids.size === 0) return []
  const all = await list({ user_id: 'current' })
  return all.filter((instance) => ids.has(instance.definitionId))
}

/** The category of a definition, or undefined when there is no such definition. */
export async function categoryOf(definitionId: string): Promise<string | undefined> {
  const definitions = await listDefinitions({})
  const found = definitions.find((definition) => isRecord(definition) && definition.id === definitionId)
  return isRecord(found) && typeof found.category === 'string' ? found.category : undefined
}
