// Drafts belong to their author unless shared, as a table: who sees and may change a draft, who may share it, and
// who is told of its changes.
import { describe, expect, it } from 'vitest';
import { draftAccess, draftAudience, maySetSharing, type DraftFacts, type Viewer } from '../../../src-shared/campaigns/draft-access';

const BO: Viewer = { kind: 'remote', userId: 2, role: 'staff' };
const DORTE: Viewer = { kind: 'remote', userId: 3, role: 'staff' };
const ANNA: Viewer = { kind: 'remote', userId: 1, role: 'owner' };
const PC: Viewer = { kind: 'local', userId: null, role: null };
const NOBODY: Viewer = { kind: 'remote', userId: null, role: null };

const privateDraft: DraftFacts = { state: 'draft', authorId: 2, shared: false };
const sharedDraft: DraftFacts = { ...privateDraft, shared: true };
const sent: DraftFacts = { ...privateDraft, state: 'sent' };
const authorless: DraftFacts = { state: 'draft', authorId: null, shared: true };

describe('draftAccess', () => {
  it.each<[string, DraftFacts, Viewer, string]>([
    ['its author', privateDraft, BO, 'edit'],
    ['other staff', privateDraft, DORTE, 'hidden'],
    ['an owner', privateDraft, ANNA, 'view'],
    ['this PC', privateDraft, PC, 'edit'],
    ['someone not signed in', privateDraft, NOBODY, 'hidden'],
    ['other staff, shared', sharedDraft, DORTE, 'edit'],
    ['an owner, shared', sharedDraft, ANNA, 'edit'],
    ['other staff, once sent', sent, DORTE, 'edit'],
    ['other staff, a draft from one PC', authorless, DORTE, 'edit'],
  ])('%s → %s', (_who, d, viewer, access) => {
    expect(draftAccess(d, viewer)).toBe(access);
  });
});

describe('maySetSharing', () => {
  it.each<[string, DraftFacts, Viewer, boolean]>([
    ['its author', privateDraft, BO, true],
    ['its author, shared', sharedDraft, BO, true],
    ['other staff, shared', sharedDraft, DORTE, false],
    ['an owner', privateDraft, ANNA, false],
    ['its author, once sent', sent, BO, false],
    ['a draft from one PC', authorless, BO, false],
    ['this PC', privateDraft, PC, false],
  ])('%s → %s', (_who, d, viewer, may) => {
    expect(maySetSharing(d, viewer)).toBe(may);
  });
});

describe('draftAudience', () => {
  it.each<[string, DraftFacts, unknown]>([
    ['a private draft: its author and the owners', privateDraft, { userIds: [2], roles: ['owner'] }],
    ['a shared draft: everyone', sharedDraft, null],
    ['a sent campaign: everyone', sent, null],
    ['a draft from one PC: everyone', authorless, null],
  ])('%s', (_what, d, audience) => {
    expect(draftAudience(d)).toEqual(audience);
  });
});
