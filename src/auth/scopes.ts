/** The scopes of the spec's Authentication section. `admin` implies every other scope. */
export const SCOPES = ['read:portfolio', 'read:messages', 'write:messages', 'write:sessions', 'read:prices', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function grants(held: readonly Scope[], required: Scope): boolean {
  return held.includes('admin') || held.includes(required);
}
