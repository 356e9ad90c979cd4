// The ordered list of schema migrations; a migration is never edited once released, only followed by a new one.
import type Database from 'better-sqlite3';
import { m001Foundation } from './migrations/001-foundation';
import { m002Contacts } from './migrations/002-contacts';
import { m003Campaigns } from './migrations/003-campaigns';
import { m004Inbox } from './migrations/004-inbox';
import { m005Account } from './migrations/005-account';
import { m006ChargeStatuses } from './migrations/006-charge-statuses';
import { m007ChunkSettlement } from './migrations/007-chunk-settlement';
import { m008RecipientBatches } from './migrations/008-recipient-batches';
import { m009CodedLastError } from './migrations/009-coded-last-error';
import { m010ColumnarBatches } from './migrations/010-columnar-batches';
import { m011ChunkAnswers } from './migrations/011-chunk-answers';
import { m012Automations } from './migrations/012-automations';
import { m013Team } from './migrations/013-team';
import { m014SharedInbox } from './migrations/014-shared-inbox';
import { m015TeamEdits } from './migrations/015-team-edits';
import { m016AuditChain } from './migrations/016-audit-chain';
import { m017Privacy } from './migrations/017-privacy';
import { m018ContactsIdSort } from './migrations/018-contacts-id-sort';
import { m019AutomationHistory } from './migrations/019-automation-history';
import { m020ContactsNameRank } from './migrations/020-contacts-name-rank';
import { m021WelcomeQueueOrder } from './migrations/021-welcome-queue-order';
import { m022ErasureToFinish } from './migrations/022-erasure-to-finish';
import { m023ContactsFreshIndex } from './migrations/023-contacts-fresh-index';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

export const migrations: readonly Migration[] = [m001Foundation, m002Contacts, m003Campaigns, m004Inbox, m005Account, m006ChargeStatuses, m007ChunkSettlement, m008RecipientBatches, m009CodedLastError, m010ColumnarBatches, m011ChunkAnswers, m012Automations, m013Team, m014SharedInbox, m015TeamEdits, m016AuditChain, m017Privacy, m018ContactsIdSort, m019AutomationHistory, m020ContactsNameRank, m021WelcomeQueueOrder, m022ErasureToFinish, m023ContactsFreshIndex];
