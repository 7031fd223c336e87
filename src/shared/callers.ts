/** Scopes a caller may be granted: every proposal, personal-data look-ups, the federation router's fields, the audit trail. */
export const CALLER_SCOPES = ['proposals.all', 'registry.read', 'federation', 'audit.read'] as const;

/** A caller's scope. */
export type Scope = (typeof CALLER_SCOPES)[number];

/** Caller id used when no caller authentication (API keys or JWTs) is configured. */
export const ANONYMOUS_CALLER = 'anonymous';
