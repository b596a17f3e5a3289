import { componentSeeds } from '../components/componentSeeds'
import { navigationSeeds } from '../navigation/navigationSeeds'
import { settingSeeds } from '../settings/settingSeeds'
import type { SeedRecord } from './SeedRecord'

/** Every record a new profile starts with, as BrainDrive seeds a new user. */
export const PROFILE_SEEDS: readonly SeedRecord[] = [...settingSeeds, ...navigationSeeds, ...componentSeeds]
