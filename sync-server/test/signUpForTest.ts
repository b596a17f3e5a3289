/** A user made over the real API: their credentials, an access token pair and a personal access token. */
export interface TestUser {
  id: string
  email: string
  password: string
  access_token: string
  refresh_token: string
  /** A personal access token (`qpat_...`). */
  token: string
  /** `Authorization: Bearer <personal token>`. */
  auth: Record<string, string>
}

/** Registers `name`, signs in for tokens and creates a personal access token, all over HTTP. */
export async function signUpForTest(baseUrl: string, name: string): Promise<TestUser> {
  const email = `${name}@example.com`
  const password = `${name} has a long password`
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`)
    return JSON.parse(text) as Record<string, string>
  }
  const user = await post('/api/v1/auth/register', { username: name, email, password })
  const tokens = await post('/api/v1/auth/login?include_tokens=true', { email, password })
  const personal = await post('/api/v1/auth/tokens', { name: `${name}'s script` }, tokens.access_token)
  return {
    id: user.id!,
    email,
    password,
    access_token: tokens.access_token!,
    refresh_token: tokens.refresh_token!,
    token: personal.token!,
    auth: { authorization: `Bearer ${personal.token}` },
  }
}
