// Campaigns as the core would report them, for store and view tests: a plain summary or detail with what a test changes.
import type { CampaignDetail, CampaignDraft, CampaignSummary, StatusTimeline } from '../../../../src-shared/contract';

const counts = { total: 3, queued: 0, inFlight: 0, accepted: 3, uncertain: 0, failed: 0, cancelled: 0, dismissed: 0, excluded: 0 };
const delivery = { pending: 0, sent: 0, delivered: 3, read: 0, failed: 0, expired: 0, cancelled: 0, unknown: 0 };

export type SummaryPatch = Omit<Partial<CampaignSummary>, 'counts' | 'delivery'> & {
  counts?: Partial<CampaignSummary['counts']>;
  delivery?: Partial<CampaignSummary['delivery']>;
};

export function summary(patch: SummaryPatch = {}): CampaignSummary {
  return {
    id: 1,
    kind: 'campaign',
    name: 'Spring sale',
    state: 'sent',
    waitingReason: null,
    lastError: null,
    lastErrorCode: null,
    channel: 'legacy',
    mode: 'sandbox',
    sender: 'Shop',
    textPreview: 'Spring sale today',
    sendAt: null,
    frozenAt: '2026-03-01T10:00:00.000Z',
    scheduledAtGateway: false,
    pendingAtGateway: false,
    automationId: null,
    runDueAt: null,
    author: null,
    shared: true,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T10:05:00.000Z',
    startedAt: '2026-03-01T10:00:00.000Z',
    finishedAt: '2026-03-01T10:05:00.000Z',
    nextAttemptAt: null,
    estimatedParts: 3,
    estimatedCost: 0.9,
    cost: 0.9,
    currency: 'DKK',
    etaSeconds: null,
    ...patch,
    counts: { ...counts, ...patch.counts },
    delivery: { ...delivery, ...patch.delivery },
  };
}

export const draftOf = (patch: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: 'Spring sale',
  channel: 'legacy',
  sender: 'Shop',
  text: 'Spring sale today',
  fallbacks: {},
  options: { label: '', priority: 'normal', validitySeconds: null, messageClass: 'standard', flash: false },
  recipients: { contactIds: [], groupIds: [], searches: [], numbers: ['+4512345678'] },
  sendAt: null,
  ...patch,
});

export function detail(patch: SummaryPatch = {}): CampaignDetail {
  return {
    ...summary(patch),
    mayEdit: true,
    mayShare: false,
    draft: draftOf(),
    maxParts: null,
    failures: [],
    exclusions: [],
    uncertainChunks: [],
    duplicatedFrom: null,
  };
}

export function timeline(): StatusTimeline {
  const at = (m: number) => new Date(Date.parse('2026-03-01T10:00:00.000Z') + m * 60_000).toISOString();
  const mix = (pending: number, delivered: number, failed: number) => ({ pending, sent: 0, delivered, read: 0, failed, expired: 0, cancelled: 0, unknown: 0 });
  return {
    from: at(0),
    to: at(3),
    buckets: [
      { at: at(1), counts: mix(3, 0, 0) },
      { at: at(2), counts: mix(1, 2, 0) },
      { at: at(3), counts: mix(0, 2, 1) },
    ],
    rollup: {
      total: 3,
      excluded: 0,
      excludedByReason: [],
      queued: 0,
      uncertain: 0,
      notSent: 0,
      sent: 3,
      delivered: 2,
      read: 0,
      failed: 1,
      failedByReason: [{ reason: 'Unknown number', count: 1 }],
      pending: 0,
      awaitingWebhook: 0,
      unknown: 0,
      outcome: 'partly_delivered',
    },
  };
}
