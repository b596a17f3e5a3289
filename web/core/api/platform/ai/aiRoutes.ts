import { aiGenerationRoutes } from './aiGenerationRoutes'
import { aiProviderRoutes } from './aiProviderRoutes'
import { aiSettingsRoutes } from './aiSettingsRoutes'

/** `/api/v1/ai/*`: the provider registry's endpoints (DESIGN.md section 9), on both hosts. */
export const aiRoutes = [...aiProviderRoutes, ...aiGenerationRoutes, ...aiSettingsRoutes]
