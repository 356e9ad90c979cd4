// Team answers as the core gives them, for the team store's and components' tests: an open invitation link.
import type { Invitation } from '../../../../src-shared/contract';

export const invitation = (id: number, over: Partial<Invitation> = {}): Invitation => ({
  id,
  kind: 'invite',
  role: 'staff',
  name: '',
  createdBy: 'Anna',
  createdAt: '2026-11-25T10:00:00Z',
  expiresAt: '2026-12-02T10:00:00Z',
  ...over,
});
