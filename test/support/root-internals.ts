/**
 * What the service's root carries for the session and its forms that no person needs to see (the
 * emulator's, test/emulator/api-root.ts): the words a page must keep out of its main view and may
 * show only in its details.
 */
export const ROOT_INTERNALS = [
  'Csrf',
  'csrfToken',
  'Validation',
  'validationRules',
  '^[0-9]{11}$',
  'authenticationlevelIdporten',
  'PRIVAT',
  'This resource',
  'Digipost resource',
] as const;
