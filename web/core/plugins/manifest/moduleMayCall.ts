import type { ModuleData } from './pluginSchemas'

/**
 * "A module may only call the methods it declares": true when the module lists `method` under
 * `required_services[service].methods`, or declares `service` with no method list (all of it). Own properties only, so a service named `constructor` or
 * `__proto__` never matches something inherited.
 */
export function moduleMayCall(
  module: Pick<ModuleData, 'required_services'>,
  service: string,
  method: string,
): boolean {
  const services = module.required_services
  if (!Object.hasOwn(services, service)) return false
  const declared = services[service]
  // A service declared without a method list is the whole service, as in BrainDrive.
  return !Array.isArray(declared?.methods) || declared.methods.includes(method)
}
