// A refund when Besked never saw the charge status (no webhook receiver, and a stored message without it, as the spec
// shows it): asked for once the message is delivered, refused while it is not; on a real database, with the
// gateway's stored message given by a stand-in for GET /rest/mtsms/{id}.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../src-main/core/db/database';
import { RefundService } from '../../../src-main/core/account/refunds';
import type { AccountDeps } from '../../../src-main/core/account/deps';
import { BeskedError } from '../../../src-main/core/errors';

let dir: string | null = null;
let db: Db | null = null;

afterEach(() => {
  db?.close();
  db = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

function service(dsnstatus: string) {
  dir = mkdtempSync(join(tmpdir(), 'besked-refund-'));
  db = openDatabase(join(dir, 'besked.db'));
  const asked: unknown[] = [];
  const stored = [{ id: 7, class: 'charge', message: 'Vote', recipients: [{ msisdn: '4512345671', dsnstatus, csms: 1 }] }];
  const gateway = {
    getMtsms: () => Promise.resolve(stored),
    refund: (body: unknown) => {
      asked.push(body);
      return Promise.resolve(undefined);
    },
  } as unknown as AccountDeps['gateway'];
  const deps = { db, gateway, mode: () => Promise.resolve('sandbox' as const), spent: () => undefined, now: () => new Date('2026-11-22T10:00:00Z') } as unknown as AccountDeps;
  return { refunds: new RefundService(deps), asked };
}

describe('a refund without a charge status', () => {
  it('is asked for once the message was delivered', async () => {
    const { refunds, asked } = service('DELIVERED');
    const r = await refunds.refund({ mtsmsId: 7, msisdn: '+4512345671', messageClass: 'charge', chargeStatus: null });
    expect(r).toMatchObject({ mtsmsId: 7, msisdn: '4512345671', alreadyRequested: false });
    expect(asked).toEqual([{ mtsms_id: 7, msisdn: 4512345671 }]);
    // Once: a second ask is answered from what Besked remembers.
    expect(await refunds.refund({ mtsmsId: 7, msisdn: '4512345671' })).toMatchObject({ alreadyRequested: true });
    expect(asked).toHaveLength(1);
  });

  it.each(['BUFFERED', 'ENROUTE'])('is refused while the message is %s (not delivered yet), and nothing is asked', async (status) => {
    const { refunds, asked } = service(status);
    const err = await refunds.refund({ mtsmsId: 7, msisdn: '4512345671', messageClass: 'charge', chargeStatus: null }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BeskedError);
    expect(err).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/not yet reported this message delivered/) });
    expect(asked).toEqual([]);
  });
});
