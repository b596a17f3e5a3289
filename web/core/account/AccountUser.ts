import { z } from 'zod'

/** The platform API's User (UserResponse), as `GET /api/v1/auth/me` answers on both hosts. */
export const accountUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  profile_picture: z.string().nullable(),
  is_active: z.boolean(),
  is_verified: z.boolean(),
})

export type AccountUser = z.infer<typeof accountUserSchema>

/**
 * Who owns the data on a device nobody signed in on: the browser's implicit local user. Its id is the
 * vault's `localUserId`, made once per device, so data created before any sign-in has a stable owner.
 */
export function localProfile(id: string): AccountUser {
  return {
    id,
    username: 'local',
    email: '',
    full_name: 'This device',
    profile_picture: null,
    is_active: true,
    is_verified: true,
  }
}
