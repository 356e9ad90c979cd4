// The database's first live send: its confirmation must have said that real texts go to real people and what they
// cost. The core refuses a first live send that comes without it, so no window (an old one, a second one) can skip
// the warning. What remembers it is the send itself: a campaign frozen in live mode is in the database from then on.
import { coded } from '../../../../src-shared/error-codes';
import type { Db } from '../../db/database';
import { BeskedError } from '../../errors';
import type { Mode } from '../../pricing/price-book';

export class FirstLiveSend {
  constructor(private readonly db: Db) {}

  /**
   * Whether a send in this mode would be the database's first live one. Read from the campaigns, not a flag of its
   * own: the confirmed send writes nothing extra (a full disk's single spare page stays for the user's next write),
   * and the fact cannot drift from what was sent. Deleting every live campaign brings the warning back, the safe way.
   */
  pending(mode: Mode): boolean {
    if (mode !== 'live') return false;
    return this.db.prepare("SELECT 1 FROM campaigns WHERE mode = 'live' AND frozen_at IS NOT NULL LIMIT 1").get() === undefined;
  }

  /** Refuses the first live send unless its confirmation carried the warning. */
  check(mode: Mode, acknowledged: boolean): void {
    if (acknowledged || !this.pending(mode)) return;
    throw new BeskedError(
      'conflict',
      'This is the first send with your live token: real texts go to real people and cost money. Press Send again and confirm the warning.',
      coded('campaign.firstLiveNotConfirmed'),
    );
  }
}
