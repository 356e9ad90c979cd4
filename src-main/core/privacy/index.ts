// A customer's data on request as a module of the core (issue 28 points 9-11): exports the privacy.* handlers (the
// data export, the erasure, the retention of texts) and the retention's daily schedule.
import type { DomainCallName } from '../../../src-shared/contract';
import type { Db } from '../db/database';
import type { Handlers } from '../dispatch';
import type { EventBus } from '../events';
import type { Logger } from '../log';
import { fileDownload } from '../downloads/file-download';
import type { Every } from '../pricing/price-schedule';
import { InboundStore } from '../inbox/inbound-store';
import type { Mode } from '../../../src-shared/contract';
import { resolvePerson } from './person';
import { readPersonData } from './person-data';
import { exportPage } from './export-page';
import { erasePerson } from './erasure';
import { applyRetention, retention, setRetentionMonths, textsDue } from './retention';
import { RetentionSchedule } from './retention-schedule';
import { ErasureFinisher, type FreeSpace } from './erasure-finish';

export interface PrivacyDeps {
  db: Db;
  events: EventBus;
  log: Logger;
  /** The core's clock. */
  now: () => number;
  /** The connection's mode, whose unread count the header shows. */
  currentMode: () => Promise<Mode>;
  /** The name the export page gives the shop. */
  shopName: () => string;
  /** The daily run's audited call (the dispatcher, made after the handlers). */
  applyAsBesked: () => Promise<unknown>;
  every?: Every;
  /** Free bytes on the data folder's disk (erasure-finish.ts; tests make it full). */
  freeSpace?: FreeSpace;
}

export interface PrivacyModule {
  handlers: Pick<Handlers, DomainCallName<'privacy'>>;
  schedule: RetentionSchedule;
  /** At start: finishes an erasure a crash or a stop cut short (erasure-finish.ts). */
  resumeAtStart(): void;
  /** Ends the background wipe of a log a reader held past an erasure's call. */
  stop(): void;
}

export function createPrivacyModule(d: PrivacyDeps): PrivacyModule {
  const iso = () => new Date(d.now()).toISOString();
  const finisher = new ErasureFinisher(d.db, d.log, d.freeSpace);
  return {
    resumeAtStart: () => finisher.resumeAtStart(),
    stop: () => finisher.stop(),
    schedule: new RetentionSchedule({ now: d.now, due: () => textsDue(d.db, d.now()), apply: d.applyAsBesked, log: d.log, ...(d.every ? { every: d.every } : {}) }),
    handlers: {
      'privacy.dataExport': ({ person, language }) => {
        const p = resolvePerson(d.db, person);
        const at = iso();
        const html = exportPage(readPersonData(d.db, p), d.shopName(), at, language ?? 'en');
        return fileDownload(`besked-data-${p.msisdn}-${at.slice(0, 10)}.html`, 'text/html;charset=utf-8', Buffer.from(html, 'utf8'), 'Please report this: one person\'s data should never be this large.');
      },
      'privacy.erase': async ({ person }) => {
        const result = erasePerson(d.db, resolvePerson(d.db, person), iso());
        // Committed: the copies the index's old segments, the file's free pages and the log still hold go now (or in
        // the background, see LogWiper); a failed rewrite is owed to the next start and said to the caller.
        try {
          await finisher.finish();
        } finally {
          d.events.emit('contacts.changed', { reason: 'deleted' });
          // The person's unread texts are gone with them: the header's count says so at once.
          d.events.emit('inbox.unread', { count: new InboundStore(d.db).unreadCount(await d.currentMode()) });
        }
        return result;
      },
      'privacy.retention': () => retention(d.db),
      'privacy.setRetention': ({ months }) => setRetentionMonths(d.db, months),
      'privacy.applyRetention': () => applyRetention(d.db, d.now()),
    },
  };
}
