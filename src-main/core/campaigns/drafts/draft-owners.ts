// Drafts belong to their author unless shared (issue 21): the core's side of src-shared/campaigns/draft-access.ts.
// Every campaigns.* call that names a campaign asks here first, so a colleague's private draft is not found by staff
// and cannot be changed or sent by an owner; the list leaves out what the caller may not see; sharing is the author's.
import { draftAccess, maySetSharing, type DraftAccess, type DraftFacts, type Viewer } from '../../../../src-shared/campaigns/draft-access';
import { coded } from '../../../../src-shared/error-codes';
import type { Db } from '../../db/database';
import { BeskedError } from '../../errors';
import { currentCaller, type Caller } from '../../team/caller';
import type { CampaignRow, CampaignStore } from '../campaign-store';

/** What a call needs of the campaign: to see it, to change or send it, or to delete it (an owner may, of anyone's). */
export type DraftNeed = 'see' | 'edit' | 'delete';

export function factsOf(row: CampaignRow): DraftFacts {
  return { state: row.state, authorId: row.author_id, shared: row.shared === 1 };
}

export function viewerOf(c: Caller): Viewer {
  return { kind: c.kind, userId: c.user?.id ?? null, role: c.user?.role ?? null };
}

const viewer = (): Viewer => viewerOf(currentCaller());

export class DraftOwners {
  constructor(
    private readonly db: Db,
    private readonly store: CampaignStore,
  ) {}

  access(row: CampaignRow): DraftAccess {
    return draftAccess(factsOf(row), viewer());
  }

  /** The campaign if the caller may do what the call needs; a draft they may not see does not exist for them. */
  check(id: number, need: DraftNeed): CampaignRow {
    const row = this.store.row(id);
    const access = this.access(row);
    if (access === 'hidden') throw new BeskedError('not_found', 'This campaign no longer exists.', coded('campaign.notFound'));
    if (access === 'view' && need === 'edit') throw notYours(row);
    return row;
  }

  /** The rows the caller may see, in the order given. */
  *visible(rows: Iterable<CampaignRow>): Iterable<CampaignRow> {
    for (const row of rows) if (this.access(row) !== 'hidden') yield row;
  }

  /** What the caller may do with it, for the composer (campaigns.get). */
  rights(row: CampaignRow): { mayEdit: boolean; mayShare: boolean } {
    return { mayEdit: this.access(row) === 'edit', mayShare: maySetSharing(factsOf(row), viewer()) };
  }

  share(id: number, shared: boolean): void {
    const row = this.check(id, 'see');
    if (!maySetSharing(factsOf(row), viewer())) throw notYours(row);
    this.db.prepare("UPDATE campaigns SET shared = ? WHERE id = ? AND state = 'draft'").run(shared ? 1 : 0, id);
  }
}

function notYours(row: CampaignRow): BeskedError {
  const name = row.author_name ?? 'someone else';
  return new BeskedError(
    'conflict',
    `This draft belongs to ${name}, who has not shared it. Ask ${name} to share it, or duplicate it to work on a copy of your own.`,
    coded('campaign.notYourDraft', { name }),
  );
}
