/** Which host serves which versions (spec §9 rule 3, api-notes.md §2). */
export type HostKind = 'api' | 'application';

/** The hosts of each kind, per environment (api-notes.md §2); a host application may pass its own. */
export interface ServiceHosts {
  /** Serve v2025-10-13 and later: production and sandbox share `api.b2brouter.net`, staging `api-staging`. */
  api: readonly string[];
  /** Serve the legacy v2025-01-01: `app.b2brouter.net` and `app-staging.b2brouter.net`. */
  application: readonly string[];
}

/** The public service's hosts (api-notes.md §2). */
export const SERVICE_HOSTS: ServiceHosts = {
  api: ['api.b2brouter.net', 'api-staging.b2brouter.net'],
  application: ['app.b2brouter.net', 'app-staging.b2brouter.net'],
};

/**
 * The kind of a request's host (`Host` header value, port and case ignored), or null for a host
 * that is neither (a local or self-hosted deployment, where the subdomain rule does not apply).
 *
 * @example
 * ```ts
 * hostKind('API-staging.b2brouter.net:443'); // 'api'
 * hostKind('localhost:3000'); // null
 * ```
 */
export function hostKind(
  host: string | null | undefined,
  hosts: ServiceHosts = SERVICE_HOSTS,
): HostKind | null {
  if (host === null || host === undefined) return null;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (hosts.api.includes(name)) return 'api';
  if (hosts.application.includes(name)) return 'application';
  return null;
}
