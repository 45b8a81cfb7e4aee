/**
 * Paths under /api that do not take a `manage` token: the public API (its own middleware),
 * operator routes (ADMIN_TOKEN), public media, the OpenAPI document and its rendered reference
 * (/api/docs), and signed callbacks.
 */
const NOT_MANAGEMENT = [
  /^\/api\/v1\/public(\/|$)/,
  /^\/api\/admin\//,
  /^\/api\/media\//,
  /^\/api\/openapi\.json$/,
  /^\/api\/docs(\/start\.js)?$/,
  /^\/api\/billing\/callback\//,
  // Google's redirect back after consent: the single-use `state` names the account.
  /^\/api\/integrations\/google\/callback$/,
  /^\/api\/session(\/|$)/,
  /^\/api\/platforms\/wordpress\/connector\.zip$/,
  // A client's approval page: the link's secret is the key (src/approvals/).
  /^\/api\/approvals\//,
  // The unsubscribe link of an e-mail: its signed token is the permission (src/email/routes.ts).
  /^\/api\/email\//,
  // An export's e-mailed download link: its key is the permission (src/account-data/export-routes.ts).
  /^\/api\/exports\//,
];

export function isManagementPath(path: string): boolean {
  return !NOT_MANAGEMENT.some((pattern) => pattern.test(path));
}
