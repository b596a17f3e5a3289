import { urlSafeKey } from '../urlSafeKey'

/** Component ids appear in paths, so they keep to URL-safe characters. */
export const componentKey = urlSafeKey
