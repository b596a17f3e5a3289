/** The authentication decisions, as the server's OpenAPI description states them. */
export const AUTH_DESCRIPTION = `
Authentication (this server keeps accounts):
- Every endpoint needs a signed-in user except \`POST /api/v1/auth/register\`, \`login\`, \`refresh\`, \`logout\`,
  \`GET /health\`, \`GET /api/health\` and this document. Without one: 401 with \`WWW-Authenticate: Bearer\`.
- Browsers of the app's own origin sign in with cookies: \`access_token\` (JWT, 15 minutes, HttpOnly,
  SameSite=Lax, Path=/) and \`refresh_token\` (30 days, HttpOnly, SameSite=Strict, Path=/api/v1/auth),
  \`Secure\` over HTTPS. A cookie-authenticated POST, PUT, PATCH or DELETE sent by another site's page
  (\`Sec-Fetch-Site\` cross-site or same-site, or a foreign \`Origin\`) answers 403.
- Scripts send \`Authorization: Bearer <token>\`: an access token (\`POST /api/v1/auth/login?include_tokens=true\`)
  or a personal access token (\`POST /api/v1/auth/tokens\`, shown once; only a signed-in session makes one).
  A token's \`scope\` is \`full\` or \`read\` (GET and HEAD only: any other method answers 403). A password
  change revokes every personal access token unless it says \`revoke_tokens: false\`. Other origins may call
  with Bearer tokens (CORS allows any origin, without credentials).
- Refresh tokens rotate: each works once; presenting a spent one revokes its whole session.
- Each user sees only their own data: another user's ids answer 404.
- Rate limits answer 429 with \`Retry-After\` (seconds): login 10 a minute and register 5 an hour per IP,
  everything else 600 a minute per user (configurable with RATE_LIMIT_LOGIN, RATE_LIMIT_REGISTER, RATE_LIMIT_USER).
- Uploads and evaluation runs are jobs (\`document_process\`, \`evaluation_run\`): follow them at
  \`/api/v1/jobs/{job_id}\` and its event stream.`
