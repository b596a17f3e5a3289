import { MOVING_DEFINITIONS, movedServices, type MovedService } from '../../../core/plugins/providedServices'
import { readSetting } from './pluginSettings'

/**
 * The provided services the person moved to other ports in a plugin's settings (the Chat plugin's RAG
 * service port), read as a module's frame starts; a change while the page is open reaches the module's
 * host as the setting is saved (ModuleHost.moveServices). A setting that cannot be read moves nothing:
 * the services keep their default ports.
 */
export async function loadMovedServices(): Promise<MovedService[]> {
  const settings: Record<string, unknown> = {}
  await Promise.all(
    MOVING_DEFINITIONS.map(async (definition) => {
      try {
        const value = await readSetting(definition)
        if (value !== undefined) settings[definition] = value
      } catch (error) {
        console.warn(`Quire: the setting ${definition} could not be read`, error)
      }
    }),
  )
  return movedServices(settings)
}
