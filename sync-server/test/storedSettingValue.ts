import type { UserSpaces } from '../src/spaces/UserSpaces'

/** A setting instance's value as the server keeps it at rest (sealed keys and all), read past the API. */
export async function storedSettingValue(
  server: { spaces: UserSpaces },
  userId: string,
  id: string,
): Promise<unknown> {
  const space = await server.spaces.get(userId)
  return (await space.runtime.ports.store.records.getRecord('setting_instance', id))?.data.value
}
