import type { ApiVersion } from '../versions/apiVersion.js';

/**
 * Who is asking, as the use cases need it (spec §5, §9): the group of the API key, which owns the
 * accounts its keys create (DESIGN.md "Tenancy"), and the API version of the request, which some
 * rules depend on (spec §2.3 rule 1: the parent-TIN check from v2026-04-20; §2.4 rule 3). The HTTP
 * binding builds it from `X-B2B-API-Key` and `resolveVersion`; a host calling the services directly
 * builds it itself.
 */
export interface Caller {
  readonly group_id: number;
  readonly api_version: ApiVersion;
}
