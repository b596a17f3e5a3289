import type { ModuleData } from '../manifest/pluginSchemas'
import { moduleMayCall } from '../manifest/moduleMayCall'
import { SERVICE_NAMES } from './frameProtocol'

/**
 * Why the host refuses a module's service call, or undefined when it may go on: "a module may only
 * call the methods it declares" (`required_services[service].methods`), and only services Quire has.
 * Permissions (api.access, storage.*, network.request) are the api service's own check, planApiRequest.
 */
export function serviceCallRefusal(
  module: Pick<ModuleData, 'name' | 'required_services'>,
  service: string,
  method: string,
): string | undefined {
  if (!(SERVICE_NAMES as readonly string[]).includes(service)) {
    return `Quire has no "${service.slice(0, 100)}" service (it has ${SERVICE_NAMES.join(', ')})`
  }
  // BrainDrive's renderer hands a module that declares pluginState the whole service of its plugin
  // (`ModuleRenderer.tsx:156`), whatever methods it lists; the state it reaches is its plugin's own.
  if (service === 'pluginState' && Object.hasOwn(module.required_services, 'pluginState')) return undefined
  if (!moduleMayCall(module, service, method)) {
    return `${module.name} did not declare ${service}.${method.slice(0, 100)} in its required_services, so Quire refuses it`
  }
  return undefined
}
