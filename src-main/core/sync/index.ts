// Sync as a module of the core: the status and inbox pollers and the webhook receiver (composed in service.ts);
// exports the sync.* handlers through the service.
export { createSyncService, STATUS_EVENT_MAX_CHANGES, type SyncCalls, type SyncService, type SyncServiceDeps } from './service';
