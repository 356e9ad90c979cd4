// Zod schemas for the legacy interface (/rest/*, /api/*, callbacks), written from legacy-interface.md, one
// file per endpoint family; this is the one import point. Requests are strict and carry the spec's cross-field
// rules; responses are loose ("subject to change and extension").
export * from './legacy-shared-schemas';
export * from './legacy-sms-schemas';
export * from './legacy-account-schemas';
export * from './legacy-service-schemas';
