import { invalidField } from '../shared/errors';

/** Most origins one key or client token may list. */
export const MAX_ALLOWED_ORIGINS = 20;

/**
 * A list of web origins as browsers send them in `Origin` (`https://app.example.com`, a port
 * where not the scheme's default: scheme, host and port only), without repeats; or 400
 * `validation_error` naming `field`. An empty list allows no browser at all (servers send no `Origin`).
 */
export function originList(field: string, origins: readonly string[]): string[] {
  if (origins.length > MAX_ALLOWED_ORIGINS) {
    throw invalidField(field, `${field} may list at most ${MAX_ALLOWED_ORIGINS} origins, got ${origins.length}`);
  }
  for (const origin of origins) {
    if (!isOrigin(origin)) {
      throw invalidField(field, `"${origin.slice(0, 200)}" is not an origin: write it as a browser sends it, such as https://app.example.com (scheme, host and port; no path, no trailing slash)`);
    }
  }
  return [...new Set(origins)];
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text;
  } catch {
    return false;
  }
}
