// How long one countSegments call takes on a keystroke-sized and a limit-sized mixed text, and a 100k personalised estimate.
import { countPersonalised, countSegments, MAX_MESSAGE_CHARS } from '../../src-shared/sms/segments';
import type { Bench } from './harness';
import { median, percentile } from './harness';

const DANISH =
  'Kære kunde, tak for din bestilling hos Bageriet på Ørstedsvej. Dine æbleskiver og rugbrød er klar til ' +
  'afhentning fredag [kl. 9-12]. Pris i alt: 125,50 € inkl. moms. Spørgsmål? Ring til os eller svar på denne sms. ' +
  'Åbningstider {man-fre}: 7-17, lør: 8-13. Med venlig hilsen Søren & Åse | Bageriet ~ siden 1987. ';

/** Exactly `characters` code points of Danish text with extension characters and one emoji early on. */
function mixedText(characters: number): string {
  const emoji = '😀';
  let body = '';
  while (body.length < characters) body += DANISH;
  // The emoji comes in the first sentence, so the whole text takes the UCS-2 path (the slower one).
  const text = 'Hej ' + emoji + ' ' + body.slice(0, characters - 6);
  if ([...text].length !== characters) throw new Error(`bench text is ${[...text].length} characters`);
  return text;
}

let sink = 0;

/** Median and p95 µs per call, timing batches so the clock's resolution does not dominate short calls. */
function timeCalls(text: string, batch: number, samples: number): { median: number; p95: number } {
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) sink += countSegments(text).segments;
  const perCall: number[] = [];
  for (let s = 0; s < samples; s++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink += countSegments(text).segments;
    perCall.push(Number(process.hrtime.bigint() - start) / 1000 / batch);
  }
  return { median: median(perCall), p95: percentile(perCall, 95) };
}

export const benches: Bench[] = [
  {
    names: ['segments.160.median_us', 'segments.39015.median_us', 'segments.personalised_100k.ms'],
    async run(report) {
      const short = mixedText(160);
      const shortCount = countSegments(short);
      const t160 = timeCalls(short, 1000, 300);
      report({
        name: 'segments.160.median_us',
        value: +t160.median.toFixed(3),
        unit: 'us',
        goal_us: 2,
        p95_us: +t160.p95.toFixed(3),
        encoding: shortCount.encoding,
        segments: shortCount.segments,
      });

      const long = mixedText(MAX_MESSAGE_CHARS);
      const longCount = countSegments(long);
      const tLong = timeCalls(long, 10, 300);
      report({
        name: 'segments.39015.median_us',
        value: +tLong.median.toFixed(1),
        unit: 'us',
        goal_us: 300,
        p95_us: +tLong.p95.toFixed(1),
        encoding: longCount.encoding,
        segments: longCount.segments,
      });

      // A campaign estimate: 100,000 recipients, names with the odd emoji and extension character.
      const names = ['Søren', 'Åse', 'Mette', 'Jens-Ole', 'Zoë 🌷', 'Bo [VIP]', 'Anne-Mette Kjærgaard', ''];
      const recipients = Array.from({ length: 100_000 }, (_, i) => ({
        name: names[i % names.length],
        time: `${8 + (i % 9)}:${i % 2 ? '30' : '00'}`,
      }));
      const template = 'Hej {name}, din tid hos Salon Ørsted er i morgen kl. {time}. Afbud? Svar NEJ. Pris 350 €.';
      const runs: number[] = [];
      let result = countPersonalised(template, recipients, { fallbacks: { name: 'kunde' } });
      for (let r = 0; r < 7; r++) {
        const start = performance.now();
        result = countPersonalised(template, recipients, { fallbacks: { name: 'kunde' } });
        runs.push(performance.now() - start);
      }
      report({
        name: 'segments.personalised_100k.ms',
        value: +median(runs).toFixed(2),
        unit: 'ms',
        totalSegments: result.totalSegments,
        sink: sink > 0,
      });
    },
  },
];
