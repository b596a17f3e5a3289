/** Paths that belong to the REST surface on every host; everything else is the app (the PWA shell). */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/health' || path === '/openapi.json'
}
