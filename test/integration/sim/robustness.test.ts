// Bad input never produces a 500: arbitrary JSON, form data and query strings against every endpoint.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type Sim } from './helpers';

let sim: Sim;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(() => sim.close());

const ENDPOINTS: [string, string][] = [
  ['POST', '/mobile/single'],
  ['POST', '/mobile/multi'],
  ['POST', '/rest/mtsms'],
  ['GET', '/rest/mtsms'],
  ['GET', '/rest/mtsms/100000001'],
  ['DELETE', '/rest/mtsms/100000001'],
  ['POST', '/rest/refund'],
  ['GET', '/rest/mosms'],
  ['POST', '/rest/hlr'],
  ['GET', '/rest/me'],
  ['POST', '/rest/email'],
  ['GET', '/api/prices/list/sms/json'],
  ['POST', '/api/usage/labels'],
  ['GET', '/api/vas'],
  ['POST', '/api/vas/check'],
  ['POST', '/api/vas'],
  ['DELETE', '/api/vas/1204/X'],
  ['PUT', '/_sim/account'],
  ['POST', '/_sim/inbound'],
  ['PUT', '/_sim/webhooks'],
  // PUT /_sim/faults is left out: a random valid rule could fault the requests that follow.
  ['POST', '/_sim/clock'],
];

/** JSON values shaped like the requests, with wrong types and values mixed in. */
const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('', 'P5D', '2026-01-01', 'UCS2', 'charge', 'recipients_usage', '+4512345678', 'AAAA', 'x@y.zz'),
  fc.integer(),
  fc.double(),
);
const requestLike = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom('message', 'sender', 'recipient', 'recipients', 'messages', 'tags', 'class', 'expiration', 'payload', 'udh', 'msisdns', 'from', 'to', 'keyword', 'shortcode', 'mtsms_id', 'msisdn', 'attachments', 'max_parts', 'sendtime', 'rules', 'credit', 'currency'),
    fc.oneof(fieldValue, fc.array(fc.oneof(fieldValue, fc.dictionary(fc.constantFrom('msisdn', 'tagvalues', 'charge', 'address', 'path', 'status'), fieldValue)), { maxLength: 3 })),
  ),
);

describe('no 500 for bad input', () => {
  it('arbitrary JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), requestLike, async ([method, path], body) => {
        const res = await sim.call(path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : JSON.stringify(body) });
        await res.arrayBuffer();
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
  });

  it('arbitrary form data and query strings', async () => {
    const pairs = fc.array(
      fc.tuple(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('recipients.0.msisdn', 'tags[]', 'recipients[0][tagvalues][0]', '0.message', 'a.b.c.d.e.f.g.h.i', '__proto__')), fc.string({ maxLength: 20 })),
      { maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), pairs, fc.boolean(), async ([method, path], kv, asQuery) => {
        const form = new URLSearchParams(kv).toString();
        const res = asQuery || method === 'GET'
          ? await sim.call(`${path}?${form}`, { method })
          : await sim.call(path, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
        await res.arrayBuffer();
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });

  it('garbage bytes and odd content types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS.filter(([m]) => m !== 'GET')),
        fc.uint8Array({ maxLength: 200 }),
        fc.constantFrom('application/json', 'multipart/form-data; boundary=x', 'text/plain', '', 'application/x-www-form-urlencoded'),
        async ([method, path], bytes, type) => {
          const res = await sim.call(path, { method, headers: type ? { 'content-type': type } : {}, body: bytes });
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});
