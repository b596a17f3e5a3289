import { requestJson } from '../api/requestJson'

interface StoredPage {
  content: Record<string, unknown> & { modules?: Record<string, { config?: Record<string, unknown> }> }
}

/**
 * Saves settings of one module of a page, as the designer would: the page's content is read afresh, the
 * module's `config` takes `patch` (its other settings and the rest of the page kept), and the content is
 * written back. Answers the module's whole config as saved.
 */
export async function saveModuleConfig(
  pageId: string,
  moduleKey: string,
  patch: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const path = `/api/v1/pages/${encodeURIComponent(pageId)}`
  const page = await requestJson<StoredPage>(path)
  const module = page.content.modules?.[moduleKey]
  if (!module) throw new Error('This module is no longer on the page; reload the page to see it as saved.')
  const config = { ...(module.config ?? {}), ...patch }
  const content = {
    ...page.content,
    modules: { ...page.content.modules, [moduleKey]: { ...module, config } },
  }
  await requestJson(path, { method: 'PUT', body: { content } })
  return config
}
