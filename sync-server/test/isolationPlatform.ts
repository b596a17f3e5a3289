/**
 * The platform API's part of isolation.test.ts: user A's platform records (made by `seedPlatform`),
 * and for every platform route how user B would try to reach them. A 422 instead of 404 is expected
 * where the id is a field of a body that validation checks (an unknown definition or parent is an
 * invalid request), as the contract describes.
 */
export interface PlatformRecords {
  definition: string
  instance: string
  page: string
  pageRoute: string
  pageBackup: string
  navigation: string
  component: string
  user: string
  pluginState: string
  conversation: string
  tag: string
  persona: string
}

export type Attempt = { method: string; path: string; json?: unknown; form?: FormData; status?: number }
export type AttemptFor<R> = ((records: R) => Attempt) | { names: 'nothing'; why: string }
type Post = (path: string, json: unknown) => Promise<Record<string, unknown>>

/** Makes one record of each platform kind as A (through `post`, A's JSON POST); `user` is A's id. */
export async function seedPlatform(post: Post, user: string): Promise<PlatformRecords> {
  await post('/api/v1/settings/definitions', { id: 'iso.def', name: 'X', category: 'c', type: 'string' })
  const instance = await post('/api/v1/settings/instances', { definition_id: 'iso.def', value: 'v' })
  const page = await post('/api/v1/pages', { name: 'P', route: '/iso/inner' })
  const { backup } = (await post(`/api/v1/pages/${String(page.id)}/backup`, {})) as { backup: { id: string } }
  const navigation = await post('/api/v1/navigation-routes', { name: 'N', route: '/iso-nav' })
  await post('/api/v1/components', { name: 'C', component_id: 'iso-comp' })
  const pluginState = await post('/api/v1/plugin-state/', { plugin_id: 'p', state_data: { secret: 1 } })
  const persona = await post('/api/v1/personas', { name: 'Mentor' })
  const tag = await post('/api/v1/tags', { name: 'private' })
  const conversation = await post('/api/v1/conversations', { title: 'A’s talk', persona_id: persona.id })
  await post(`/api/v1/conversations/${String(conversation.id)}/messages`, { sender: 'user', message: 'hi' })
  await post(`/api/v1/conversations/${String(conversation.id)}/tags`, { tag_id: tag.id })
  return {
    user,
    pluginState: String(pluginState.id),
    persona: String(persona.id),
    tag: String(tag.id),
    conversation: String(conversation.id),
    definition: 'iso.def',
    instance: String(instance.id),
    page: String(page.id),
    pageRoute: 'iso/inner',
    pageBackup: backup.id,
    navigation: String(navigation.id),
    component: 'iso-comp',
  }
}

const lists = { names: 'nothing', why: 'checked by the lists' } as const

export const platformAttempts: Record<string, AttemptFor<PlatformRecords>> = {
  listSettingDefinitions: lists,
  createSettingDefinition: { names: 'nothing', why: 'creates in B’s own space (the same id is free there)' },
  getSettingDefinition: (a) => ({ method: 'GET', path: `/api/v1/settings/definitions/${a.definition}` }),
  patchSettingDefinition: (a) => ({
    method: 'PATCH',
    path: `/api/v1/settings/definitions/${a.definition}`,
    json: { name: 'Taken' },
  }),
  updateSettingDefinition: (a) => ({
    method: 'PUT',
    path: `/api/v1/settings/definitions/${a.definition}`,
    json: { name: 'Taken' },
  }),
  deleteSettingDefinition: (a) => ({
    method: 'DELETE',
    path: `/api/v1/settings/definitions/${a.definition}`,
  }),
  listSettingInstances: lists,
  createSettingInstance: {
    names: 'nothing',
    why: 'saves in B’s own space (an unknown definition is made there, as BrainDrive does)',
  },
  getSettingInstance: (a) => ({ method: 'GET', path: `/api/v1/settings/instances/${a.instance}` }),
  patchSettingInstance: (a) => ({
    method: 'PATCH',
    path: `/api/v1/settings/instances/${a.instance}`,
    json: { value: 'taken' },
  }),
  updateSettingInstance: (a) => ({
    method: 'PUT',
    path: `/api/v1/settings/instances/${a.instance}`,
    json: { value: 'taken' },
  }),
  deleteSettingInstance: (a) => ({ method: 'DELETE', path: `/api/v1/settings/instances/${a.instance}` }),
  listPages: lists,
  createPage: { names: 'nothing', why: 'creates in B’s own space' },
  getPageByRoute: (a) => ({ method: 'GET', path: `/api/v1/pages/route/${a.pageRoute}` }),
  getPage: (a) => ({ method: 'GET', path: `/api/v1/pages/${a.page}` }),
  updatePage: (a) => ({ method: 'PUT', path: `/api/v1/pages/${a.page}`, json: { name: 'Taken' } }),
  deletePage: (a) => ({ method: 'DELETE', path: `/api/v1/pages/${a.page}` }),
  updatePageHierarchy: (a) => ({
    method: 'PUT',
    path: `/api/v1/pages/${a.page}/hierarchy`,
    json: { parent_route: null, parent_type: null },
  }),
  publishPage: (a) => ({ method: 'POST', path: `/api/v1/pages/${a.page}/publish`, json: { publish: true } }),
  backupPage: (a) => ({
    method: 'POST',
    path: `/api/v1/pages/${a.page}/backup`,
    json: { create_backup: true },
  }),
  listPageBackups: (a) => ({ method: 'GET', path: `/api/v1/pages/${a.page}/backups` }),
  restorePageBackup: (a) => ({
    method: 'POST',
    path: `/api/v1/pages/${a.page}/backups/${a.pageBackup}/restore`,
  }),
  getNavigationTree: lists,
  listNavigationRoutes: lists,
  createNavigationRoute: (a) => ({
    method: 'POST',
    path: '/api/v1/navigation-routes',
    json: { name: 'Under A', route: '/under-a', parent_id: a.navigation },
    status: 422,
  }),
  getNavigationRoute: (a) => ({ method: 'GET', path: `/api/v1/navigation-routes/${a.navigation}` }),
  updateNavigationRoute: (a) => ({
    method: 'PUT',
    path: `/api/v1/navigation-routes/${a.navigation}`,
    json: { name: 'Taken' },
  }),
  deleteNavigationRoute: (a) => ({ method: 'DELETE', path: `/api/v1/navigation-routes/${a.navigation}` }),
  batchUpdateNavigationRoutes: (a) => ({
    method: 'POST',
    path: '/api/v1/navigation-routes/batch-update',
    json: [{ id: a.navigation, parent_id: null, display_order: 5 }],
  }),
  moveNavigationRoute: (a) => ({
    method: 'PUT',
    path: `/api/v1/navigation-routes/${a.navigation}/move`,
    json: { parent_id: null, display_order: 0 },
  }),
  listComponents: lists,
  createComponent: { names: 'nothing', why: 'creates in B’s own space' },
  getComponent: (a) => ({ method: 'GET', path: `/api/v1/components/${a.component}` }),
  updateComponent: (a) => ({
    method: 'PUT',
    path: `/api/v1/components/${a.component}`,
    json: { name: 'Taken' },
  }),
  deleteComponent: (a) => ({ method: 'DELETE', path: `/api/v1/components/${a.component}` }),
}

const conversationAttempts: Record<string, AttemptFor<PlatformRecords>> = {
  savePluginState: { names: 'nothing', why: 'saves in B’s own space' },
  listPluginStates: lists,
  savePluginStates: { names: 'nothing', why: 'saves in B’s own space' },
  pluginStateStats: lists,
  cleanupPluginStates: { names: 'nothing', why: 'cleans B’s own space' },
  getPluginState: (a) => ({ method: 'GET', path: `/api/v1/plugin-state/${a.pluginState}` }),
  updatePluginState: (a) => ({
    method: 'PUT',
    path: `/api/v1/plugin-state/${a.pluginState}`,
    json: { state_data: { taken: true } },
  }),
  deletePluginState: (a) => ({ method: 'DELETE', path: `/api/v1/plugin-state/${a.pluginState}` }),
  // Another user's id is refused with 403, as BrainDrive does (DESIGN.md section 2).
  listUserConversations: (a) => ({
    method: 'GET',
    path: `/api/v1/users/${a.user}/conversations`,
    status: 403,
  }),
  listPersonaConversations: (a) => ({ method: 'GET', path: `/api/v1/conversations/by-persona/${a.persona}` }),
  createConversation: (a) => ({
    method: 'POST',
    path: '/api/v1/conversations',
    json: { persona_id: a.persona },
  }),
  getConversation: (a) => ({ method: 'GET', path: `/api/v1/conversations/${a.conversation}` }),
  getConversationWithMessages: (a) => ({
    method: 'GET',
    path: `/api/v1/conversations/${a.conversation}/with-messages`,
  }),
  getConversationWithPersona: (a) => ({
    method: 'GET',
    path: `/api/v1/conversations/${a.conversation}/with-persona`,
  }),
  updateConversation: (a) => ({
    method: 'PUT',
    path: `/api/v1/conversations/${a.conversation}`,
    json: { title: 'Taken' },
  }),
  setConversationPersona: (a) => ({
    method: 'PUT',
    path: `/api/v1/conversations/${a.conversation}/persona`,
    json: { persona_id: null },
  }),
  deleteConversation: (a) => ({ method: 'DELETE', path: `/api/v1/conversations/${a.conversation}` }),
  attachConversationTag: (a) => ({
    method: 'POST',
    path: `/api/v1/conversations/${a.conversation}/tags`,
    json: { tag_id: a.tag },
  }),
  detachConversationTag: (a) => ({
    method: 'DELETE',
    path: `/api/v1/conversations/${a.conversation}/tags/${a.tag}`,
  }),
  listConversationMessages: (a) => ({
    method: 'GET',
    path: `/api/v1/conversations/${a.conversation}/messages`,
  }),
  addConversationMessage: (a) => ({
    method: 'POST',
    path: `/api/v1/conversations/${a.conversation}/messages`,
    json: { sender: 'user', message: 'planted' },
  }),
  replyToConversation: (a) => ({
    method: 'POST',
    path: `/api/v1/conversations/${a.conversation}/reply`,
    json: {},
  }),
  listUserTags: (a) => ({ method: 'GET', path: `/api/v1/users/${a.user}/tags`, status: 403 }),
  createTag: { names: 'nothing', why: 'creates in B’s own space' },
  updateTag: (a) => ({ method: 'PUT', path: `/api/v1/tags/${a.tag}`, json: { name: 'taken' } }),
  deleteTag: (a) => ({ method: 'DELETE', path: `/api/v1/tags/${a.tag}` }),
  listTagConversations: (a) => ({ method: 'GET', path: `/api/v1/tags/${a.tag}/conversations` }),
  listPersonas: lists,
  createPersona: { names: 'nothing', why: 'creates in B’s own space' },
  listPersonaTags: lists,
  getPersona: (a) => ({ method: 'GET', path: `/api/v1/personas/${a.persona}` }),
  updatePersona: (a) => ({ method: 'PUT', path: `/api/v1/personas/${a.persona}`, json: { name: 'Taken' } }),
  patchPersona: (a) => ({
    method: 'PATCH',
    path: `/api/v1/personas/${a.persona}`,
    json: { is_active: false },
  }),
  deletePersona: (a) => ({ method: 'DELETE', path: `/api/v1/personas/${a.persona}` }),
}
Object.assign(platformAttempts, conversationAttempts)

/** B's platform lists, each of which must hold none of A's records. */
export const platformLists: Array<{ path: string; items: (body: unknown) => unknown[] }> = [
  { path: '/api/v1/settings/definitions', items: (body) => body as unknown[] },
  { path: '/api/v1/settings/instances', items: (body) => body as unknown[] },
  { path: '/api/v1/pages', items: (body) => (body as { pages: unknown[] }).pages },
  { path: '/api/v1/navigation-routes', items: (body) => body as unknown[] },
  { path: '/api/v1/navigation-routes/tree', items: (body) => body as unknown[] },
  { path: '/api/v1/components', items: (body) => body as unknown[] },
  { path: '/api/v1/plugin-state/', items: (body) => body as unknown[] },
  { path: '/api/v1/personas', items: (body) => (body as { personas: unknown[] }).personas },
  { path: '/api/v1/personas/tags', items: (body) => body as unknown[] },
]
